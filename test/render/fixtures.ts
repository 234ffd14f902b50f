// Hand-made views, independent of how the engine plays, so pictures change only when the drawing does.
import { DEFAULT_OPTIONS, type FenceView } from '../../src/games/fence/index.ts';
import { DRAWINGS, handPicture, mapPicture, tileHandPicture } from '../../src/games/fence/pictures.ts';
import { render, type Rendered } from '../../src/render/index.ts';

/** FENCE!'s pictures through the render worker, as the bot draws them. */
export const renderMap = (view: FenceView): Promise<Rendered> => render({ drawings: DRAWINGS }, mapPicture(view));
export const renderHand = async (view: FenceView): Promise<Rendered> => render({ drawings: DRAWINGS }, handPicture(view));
export const renderTileHand = (view: FenceView, seat: number): Promise<Rendered> => render({ drawings: DRAWINGS }, tileHandPicture(view, seat));

const seats = ['Ann', 'Bob', 'Cara', 'Dmitri'].map((name, i) => ({ seat: i, name, computer: false, out: false, pawn: null as string | null, cards: 3, tiles: [] as string[], startRevealed: true }));

export function mainView(): FenceView {
  return {
    viewer: 'channel',
    version: 1,
    phase: 'main',
    options: { ...DEFAULT_OPTIONS },
    round: 2,
    seats: seats.map((s, i) => ({ ...s, pawn: ['1-3/0', '1-3/0', '2-2/1', 'jail'][i] ?? null })),
    map: [
      { key: '1-3', x: 0, y: 0, rot: 0 },
      { key: '2-2', x: 1, y: 0, rot: 0 },
      { key: '1-1', x: -1, y: 0, rot: 0 },
      { key: '4-2', x: 0, y: 1, rot: 0 },
      { key: 'X3', x: 1, y: 1, rot: 1 },
      { key: '1-5', x: -1, y: 1, rot: 1 },
    ],
    oldTown: '1-3',
    offLimits: ['2-2/0'],
    cops: '1-1/0',
    firstPlayer: 0,
    current: 1,
    waitingFor: 1,
    pending: null,
    turn: { pushed: false, cops: false },
    stash: { red: 5, blue: 6 },
    discard: [],
    discardedTiles: [],
    placeableCells: [],
    hotGoods: {
      round: 2,
      rolls: [
        { red: 1, blue: 3, result: 'won', winner: 0, distance: 0, copsDistance: 1 },
        { red: 6, blue: 6, result: 'absent', winner: null, distance: null, copsDistance: null },
      ],
    },
    lastMove: { kind: 'push', seat: 1, piece: 2, from: '1-3/0', to: '2-2/1' },
    outcome: null,
  } as FenceView;
}

export function buildingView(): FenceView {
  const v = mainView();
  return {
    ...v,
    phase: 'building',
    round: 0,
    seats: v.seats.map((s, i) => ({ ...s, pawn: null, cards: 0, tiles: i === 1 ? ['3-4', '2-5', 'X2'] : ['5-1'] })),
    map: v.map.slice(0, 4),
    offLimits: [],
    cops: null,
    hotGoods: null,
    lastMove: null,
    placeableCells: [{ x: 2, y: 0 }, { x: 0, y: -1 }],
  };
}
