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
import { listAnd } from '../grammar.ts';
import { handAlt, mapAlt, seatLabel, tileHandAlt, closeUpAlt, overviewAlt } from './alt.ts';
import type { Action } from './actions.ts';
import { removeCards } from './cards.ts';
import type { FenceEvent } from './events.ts';
import { parseNbId, type NbId } from './geometry.ts';
import { mapArea } from './grid.ts';
import { hotGoodsDistances } from './roads.ts';
import { caughtBy, jailsMover } from './rules.ts';
import type { FenceState, HotGoodsRoll, LastMove } from './state.ts';
import * as variants from './variants/index.ts';
import { defOf, tileSetOfView, type ChoiceMark, type CloseUpView, type FenceView, type OverviewView } from './views.ts';
import { view } from './visible.ts';
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
  const v = view(state, 'channel');
  if (v.hotGoods && rolls !== undefined && rolls < v.hotGoods.rolls.length) v.hotGoods = { ...v.hotGoods, rolls: v.hotGoods.rolls.slice(0, Math.max(0, rolls)) };
  return v;
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

/** The whole city for a phone (draw/overview.ts): every piece, the labels, no names. */
export function overviewPicture(z: OverviewView): Picture {
  return { kind: 'overview', view: { ...z, view: asDrawn(z.view) }, alt: overviewAlt(z) };
}

/** What a picture shows besides the map: moves as arrows, a caption, whose turn it is, a choice's labels. */
export interface SceneParts {
  moves?: LastMove[];
  caption?: string[];
  toPlay?: number | null;
  marks?: ChoiceMark[];
  winners?: number[];
}

/**
 * The picture of a moment: a close-up of the `focus` cells (at most two panes of three columns,
 * draw/window.ts) when it can hold every primary one, names and all legible on a phone; else
 * the whole city's overview, which holds everything.
 */
export function scenePicture(view: FenceView, focus: readonly FocusCell[], parts: SceneParts, what: string): Picture {
  const scene = { view, moves: parts.moves ?? [], caption: parts.caption ?? [], toPlay: parts.toPlay ?? null, ...(parts.marks?.length ? { marks: parts.marks } : {}) };
  const panes = parts.winners ? null : panesFor(focus, mapArea(view));
  return panes ? closeUpPicture({ ...scene, panes }, what) : overviewPicture({ ...scene, ...(parts.winners ? { winners: parts.winners } : {}) });
}

/** The seat the view waits for (to play, or to answer a choice); null once the game is over. */
const toPlayOf = (view: FenceView): number | null => (view.outcome ? null : (view.waitingFor ?? null));

/** Where the seat to play and the Cops are: what every turn's picture shows (the seat in Jail: named in the legend). */
export function moverFocus(view: FenceView, seat: number | null): FocusCell[] {
  const cells = [seat === null ? null : cellOf(view, view.seats[seat]?.pawn ?? null), cellOf(view, view.cops)];
  return cells.flatMap((c) => (c ? [{ ...c, primary: true }] : []));
}

/** The tiles of the latest Hot Goods rolls, as context: shown when they fit. */
function hotGoodsFocus(view: FenceView): FocusCell[] {
  const set = tileSetOfView(view);
  const rolls = view.hotGoods?.rolls ?? [];
  return view.map.filter((p) => {
    const c = defOf(set, p.key).coords;
    return !!c && rolls.some((r) => r.red === c.red && r.blue === c.blue);
  }).map((p) => ({ x: p.x, y: p.y, primary: false }));
}

/**
 * The picture of a turn's post: what the turn did (its moves as arrows), the seat the game
 * waits for next and the Cops, with the latest Hot Goods tiles where they fit. A close-up when
 * those fit in two panes, else the whole city's overview; a map being built by the bot in one
 * go is the overview too.
 */
export function turnPicture(state: FenceState, events: readonly FenceEvent[]): Picture {
  const view = channelView(state);
  const toPlay = toPlayOf(view);
  // The mover and the Cops first, then what the turn touched: all must fit (primary).
  const focus = [...(view.phase === 'main' || view.phase === 'pawns' ? moverFocus(view, toPlay) : []), ...focusOf(view, events), ...hotGoodsFocus(view)];
  return scenePicture(view, focus, { moves: movesOf(events), toPlay }, 'the cells this turn touched, the player to play and the Cops');
}

/**
 * The picture of a post that tells a round's Hot Goods: the whole city with each roll's tile
 * numbered, the last turn's moves, who plays next and the Cops, each roll's result as a caption.
 */
export function roundPicture(state: FenceState, events: readonly FenceEvent[]): Picture {
  const view = channelView(state);
  const rolls = events.flatMap((e) => (e.type === 'hotGoods' ? [e] : []));
  const caption = rolls.map((e) => `Hot Goods ${e.index} of ${e.of}: red ${e.roll.red}, blue ${e.roll.blue}, ${rollResult(view, e.roll, contenders(state, e.roll))}`);
  return overviewPicture({ view, moves: movesOf(events), caption, toPlay: toPlayOf(view) });
}

/**
 * The board (`/fence map`, an undo's post): while the map is built, the map with its panels
 * (where tiles can go, by cell name: zoomed to read); then the whole city for a phone, every
 * pawn, whose turn it is, the last move and the latest Hot Goods.
 */
export function boardPicture(state: FenceState): Picture {
  if (state.phase === 'building') return wholeMap(state);
  if (state.outcome) return endPicture(state, []);
  const view = channelView(state);
  return overviewPicture({ view, moves: view.lastMove ? [view.lastMove] : [], caption: [], toPlay: toPlayOf(view) });
}

/**
 * B15: the Cops sent onto their mover's own pawn, shown to that player before it is played —
 * the map as the channel would see it, the Cops arrived and the pawns there in Jail. Built by
 * hand rather than by applying the move: the real apply may go on to roll Hot Goods, which no
 * one may see before they are confirmed.
 */
export function selfJailPicture(s: FenceState, seat: number, a: Action): Picture | null {
  if ((a.type !== 'copsRoad' && a.type !== 'tipOff') || !jailsMover(s, seat, a) || !s.cops) return null;
  const caught = caughtBy(s, a);
  const hands = a.type === 'tipOff' ? s.hands.map((h, i) => (i === seat ? removeCards(h, a.cards) ?? h : h)) : s.hands;
  const after: FenceState = {
    ...s,
    cops: a.to,
    hands,
    pawns: s.pawns.map((p, i) => (caught.includes(i) ? 'jail' : p)),
    lastMove: { kind: a.type, seat, piece: 'cops', from: s.cops, to: a.to },
  };
  return boardPicture(after);
}

/** The picture of a game's end: the whole city, every pawn, the winners ringed and named in the legend. */
export function endPicture(state: FenceState, events: readonly FenceEvent[]): Picture {
  const view = channelView(state);
  const o = state.outcome;
  const winners = o?.kind === 'winner' ? [...o.seats] : [];
  const caption = [winners.length ? `${listAnd(winners.map((w) => seatLabel(view, w)))} ${winners.length > 1 ? 'share the win' : 'wins'}` : 'Nobody wins'];
  return overviewPicture({ view, moves: movesOf(events), caption, toPlay: null, winners });
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

/** The URL of FENCE!'s drawings module, for the definition. */
export const DRAWINGS = moduleBeside('./draw/index.ts', import.meta.url);
