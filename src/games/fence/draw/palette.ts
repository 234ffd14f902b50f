/** FENCE!'s map colours (seat colours come from the render engine's shared palette). */
export { SEAT_COLOURS, seatColour, type SeatColour } from '../../../render/palette.ts';

export const COPS = { fill: '#111111', ink: '#FFFFFF', rgb: [17, 17, 17] as [number, number, number] };

export const C = {
  background: '#F4F1EA',
  emptyCell: '#E9E5DB',
  gridLine: '#D6D0C2',
  label: '#5A5447',
  land: '#D9E7BF',
  landEdge: '#A9B98C',
  water: '#7FB8DE',
  waterEdge: '#4E91BF',
  road: '#6E6A64',
  roadEdge: '#45423E',
  bridgeDeck: '#9A958C',
  oneWay: '#FFFFFF',
  text: '#1F1D1A',
  halo: 'rgba(255,255,255,0.9)',
  offLimits: 'rgba(38,38,38,0.55)',
  offLimitsHatch: 'rgba(0,0,0,0.35)',
  highlight: 'rgba(255,214,0,0.55)',
  highlightEdge: '#B8860B',
  oldTown: '#B8860B',
  panel: '#FFFFFF',
  panelEdge: '#D6D0C2',
  muted: '#6B665C',
  redDie: '#C62828',
  blueDie: '#1565C0',
  redCard: '#C62828',
  blueCard: '#1565C0',
} as const;

/** The highlight's opaque colour over the empty-cell background, for tests and docs. */
export const HIGHLIGHT_OVER_EMPTY: [number, number, number] = [
  Math.round(0xe9 * 0.45 + 255 * 0.55),
  Math.round(0xe5 * 0.45 + 214 * 0.55),
  Math.round(0xdb * 0.45 + 0 * 0.55),
];
