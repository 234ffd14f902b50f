/**
 * FENCE!'s pictures, as the platform posts them: a kind of drawing (./draw/index.ts), the view
 * it shows and its alt text. Built from views (and public events) only, so a picture never
 * shows more than its viewer knows.
 *
 * - `mapPicture`: the whole city with its panels (`/fence map`, and once a round).
 * - `turnPicture`: a close-up of the cells a turn touched, large enough to read on a phone.
 * - `hotGoodsPicture`: a close-up of one Hot Goods roll: its tile(s), who was nearest, the result.
 */
import type { Picture } from '../../platform/game.ts';
import { moduleBeside } from '../../platform/files.ts';
import { handAlt, listAnd, mapAlt, seatLabel, tileHandAlt, closeUpAlt } from './alt.ts';
import type { FenceEvent } from './events.ts';
import { parseNbId, type NbId } from './geometry.ts';
import { cellName, mapArea } from './grid.ts';
import { hotGoodsDistances } from './roads.ts';
import type { FenceState, HotGoodsRoll, LastMove } from './state.ts';
import * as variants from './variants/index.ts';
import { defOf, tileSetOfView, type CloseUpView, type FenceView } from './views.ts';
import { viewFor } from './visible.ts';
import { panesFor, type FocusCell } from './draw/window.ts';

/** The map with its panels: players, Jail, Hot Goods. */
export const mapPicture = (view: FenceView): Picture => ({ kind: 'map', view: asDrawn(view), alt: mapAlt(view) });

/**
 * A channel view as the map drawings get it. No picture shows the sizes of the draw piles, so
 * they are left out: pictures that differ only in them (a card drawn from one pile or the
 * other) are then the same picture, which posts.ts draws before the choice is made.
 */
const asDrawn = (view: FenceView): FenceView => ({ ...view, stash: NOT_DRAWN });
const NOT_DRAWN: FenceView['stash'] = { red: -1, blue: -1 };

/** The viewer's own hand. Only a player's own view carries a hand; a channel view is refused. */
export function handPicture(view: FenceView): Picture {
  if (!view.me) throw new Error('renderHand needs a player view (one with `me`): the channel never sees a hand');
  return { kind: 'hand', view, alt: handAlt(view.me) };
}

/** A seat's tile hand (face up, B2). */
export const tileHandPicture = (view: FenceView, seat: number): Picture => ({ kind: 'tiles', view: { view, seat }, alt: tileHandAlt(view, seat) });

/** The channel's view with the round's Hot Goods cut to the first `rolls` rolls (a roll's post shows the rolls made so far). */
export function channelView(state: FenceState, rolls?: number): FenceView {
  const view = viewFor(state, 'channel');
  if (view.hotGoods && rolls !== undefined && rolls < view.hotGoods.rolls.length) view.hotGoods = { ...view.hotGoods, rolls: view.hotGoods.rolls.slice(0, Math.max(0, rolls)) };
  return view;
}

/** The whole map as the channel sees it, with the round's first `rolls` Hot Goods marked. */
export const wholeMap = (state: FenceState, rolls?: number): Picture => mapPicture(channelView(state, rolls));

function cellOf(view: FenceView, nb: NbId | 'jail' | null): { x: number; y: number } | null {
  if (!nb || nb === 'jail') return null;
  const key = parseNbId(nb).key;
  return view.map.find((p) => p.key === key) ?? null;
}

/** The moves of a turn, as arrows: every pawn and Cops move its events tell. */
export function movesOf(events: readonly FenceEvent[]): LastMove[] {
  return events.flatMap((e): LastMove[] => {
    switch (e.type) {
      case 'movedSelf': return [{ kind: 'self', seat: e.seat, piece: e.seat, from: e.from, to: e.to }];
      case 'pushed': return [{ kind: 'push', seat: e.seat, piece: e.target, from: e.from, to: e.to }];
      case 'copsMoved': return [{ kind: e.how === 'road' ? 'copsRoad' : 'tipOff', seat: e.seat, piece: 'cops', from: e.from, to: e.to }];
      case 'pawnPlaced': return [{ kind: 'placed', seat: e.seat, piece: e.seat, from: null, to: e.nb }];
      case 'copsPlaced': return [{ kind: 'placed', seat: e.by, piece: 'cops', from: null, to: e.nb }];
      default: return [];
    }
  });
}

/** The cells a turn touched: where things are now first, where they came from as context. */
function focusOf(view: FenceView, events: readonly FenceEvent[]): FocusCell[] {
  const out: FocusCell[] = [];
  const add = (c: { x: number; y: number } | null, primary: boolean) => c && out.push({ x: c.x, y: c.y, primary });
  for (const e of events) {
    if (e.type === 'tilePlaced' || e.type === 'tileSwapped') add(e, true);
    else if (e.type === 'jailed') add(cellOf(view, e.nb), true);
    else if (e.type === 'tunnelDug') e.ends.forEach((nb) => add(cellOf(view, nb), true));
    else if (e.type === 'tradingPostPlaced') add(cellOf(view, e.nb), true);
  }
  for (const m of movesOf(events)) {
    add(cellOf(view, m.to), true);
    add(cellOf(view, m.from), false);
  }
  return out;
}

function closeUpPicture(z: CloseUpView, what: string): Picture {
  return { kind: 'closeup', view: { ...z, view: asDrawn(z.view) }, alt: closeUpAlt(z, what) };
}

/**
 * The picture of a turn's post: a close-up of the cells its events touched (draw/closeup.ts), with the
 * turn's moves as arrows. A turn that touched no cell, or too many far-apart cells to show
 * legibly (an automatic build), shows the whole map.
 */
export function turnPicture(state: FenceState, events: readonly FenceEvent[]): Picture {
  const view = channelView(state);
  const panes = panesFor(focusOf(view, events), mapArea(view));
  if (!panes) return mapPicture(view);
  // Last round's Hot Goods stay in the whole map's panel; a turn's close-up is about the turn.
  return closeUpPicture({ view: { ...view, hotGoods: null }, panes, moves: movesOf(events), caption: [] }, 'the cells this turn touched');
}

/** Seats (and the Cops) at the roll's nearest distance: who won, who tied, or who was beaten by the Cops. */
function contenders(state: FenceState, roll: HotGoodsRoll): (number | 'cops')[] {
  if (roll.distance === null) return [];
  const d = hotGoodsDistances(state, roll.red, roll.blue);
  const seats = d.players.flatMap((road, i) => (variants.distance(state, i, roll.red, roll.blue, road) === roll.distance ? [i] : []));
  return roll.result === 'cops' ? [...seats, 'cops'] : seats;
}

const tilesAway = (d: number | null) => (d === 0 ? 'on the tile' : `${d} tile${d === 1 ? '' : 's'} away`);

/** A roll's result in words, with who was nearest. */
export function rollResult(view: FenceView, roll: HotGoodsRoll, near: readonly (number | 'cops')[]): string {
  const names = near.filter((p): p is number => p !== 'cops').map((s) => seatLabel(view, s));
  switch (roll.result) {
    case 'won': return `${seatLabel(view, roll.winner ?? -1)} wins (${tilesAway(roll.distance)})`;
    case 'tie': return `a tie between ${listAnd(names)} (${tilesAway(roll.distance)}): nobody wins`;
    case 'cops': return `the Cops are nearer than ${listAnd(names)} (${roll.copsDistance} against ${roll.distance}): nobody wins`;
    case 'unreachable': return 'nobody can reach it: nobody wins';
    case 'absent': return 'no such tile on the map: nobody wins';
  }
}

/**
 * The picture of Hot Goods roll `index` (from 0) of the round: a close-up of the tile(s) bearing
 * its coordinates and of the nearest pawns, the roll numbered on its tile, the result as a caption.
 * A roll that names no tile on the map shows the whole map.
 */
export function hotGoodsPicture(state: FenceState, index: number): Picture {
  const view = channelView(state, index + 1);
  const roll = view.hotGoods?.rolls[index];
  if (!roll) return mapPicture(view);
  const set = tileSetOfView(view);
  const tiles = view.map.filter((p) => {
    const c = defOf(set, p.key).coords;
    return c?.red === roll.red && c.blue === roll.blue;
  });
  const near = contenders(state, roll);
  const focus: FocusCell[] = [
    ...tiles.map((p) => ({ x: p.x, y: p.y, primary: true })),
    ...near.flatMap((p) => {
      const c = cellOf(view, p === 'cops' ? view.cops : view.seats[p]?.pawn ?? null);
      return c ? [{ ...c, primary: false }] : [];
    }),
  ];
  const panes = panesFor(focus, mapArea(view));
  const of = state.hotGoods?.due ?? view.hotGoods?.rolls.length ?? index + 1;
  const where = tiles.map((p) => `${defOf(set, p.key).neighborhoods.map((n) => n.name).join(' / ')} (${cellName(view, p.x, p.y)})`);
  const caption = [`Hot Goods ${index + 1} of ${of}: red ${roll.red}, blue ${roll.blue}${where.length ? ` · ${where.join(' and ')}` : ''}`, rollResult(view, roll, near)];
  if (!panes) return mapPicture(view);
  return closeUpPicture({ view, panes, moves: [], caption }, `Hot Goods roll ${index + 1}`);
}

/** The URL of FENCE!'s drawings module, for the definition. */
export const DRAWINGS = moduleBeside('./draw/index.ts', import.meta.url);
