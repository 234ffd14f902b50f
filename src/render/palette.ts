/**
 * Colours. Seats use the Okabe–Ito palette (distinguishable with the common colour-vision
 * deficiencies); every pawn also carries its seat number, so colour is never the only cue.
 * Black is kept for the Cops.
 */
export interface SeatColour {
  fill: string;
  /** Text drawn on the fill: chosen for contrast. */
  ink: string;
  rgb: [number, number, number];
}

const seat = (hex: string, ink: string): SeatColour => ({
  fill: hex,
  ink,
  rgb: [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)],
});

export const SEAT_COLOURS: readonly SeatColour[] = [
  seat('#E69F00', '#000000'), // orange
  seat('#56B4E9', '#000000'), // sky blue
  seat('#009E73', '#FFFFFF'), // bluish green
  seat('#F0E442', '#000000'), // yellow
  seat('#0072B2', '#FFFFFF'), // blue
  seat('#D55E00', '#FFFFFF'), // vermillion
  seat('#CC79A7', '#000000'), // reddish purple
  seat('#999999', '#000000'), // grey: only an eighth seat needs it
];

export const seatColour = (seatIndex: number): SeatColour => SEAT_COLOURS[seatIndex % SEAT_COLOURS.length] as SeatColour;

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
