/**
 * Alt text for each picture: who is where and what just happened, for the attachment's
 * description and for screen readers. Built from the same view as the picture, so it can
 * never say more than the picture's viewer may know.
 */
import type { LastMove } from './state.ts';
import { cellName } from './grid.ts';
import { parseNbId, type NbId } from './geometry.ts';
import { cardName, sortCards } from './cards.ts';
import { defOf, tileSetOfView, type ChoiceMark, type CloseUpView, type FenceView, type OverviewView } from './views.ts';

/** Discord's attachment description limit. */
export const ALT_MAX = 1024;

export function placeName(view: FenceView, id: NbId | 'jail'): string {
  if (id === 'jail') return 'Jail';
  const { key, index } = parseNbId(id);
  const p = view.map.find((t) => t.key === key);
  const name = `${defOf(tileSetOfView(view), key).neighborhoods[index]?.name ?? id}${key.endsWith('#2') ? ' #2' : ''}`;
  return p ? `${name} (${cellName(view, p.x, p.y)})` : name;
}

const clip = (s: string): string => (s.length <= ALT_MAX ? s : `${s.slice(0, ALT_MAX - 1)}…`);

export function mapAlt(view: FenceView): string {
  const parts: string[] = [];
  const phase = view.phase === 'building' ? 'map building' : view.phase === 'over' ? 'game over' : `round ${view.round}`;
  parts.push(`FENCE! map, ${view.map.length} tiles, ${phase}. ${statusLine(view)}.`);
  if (view.phase === 'building') {
    parts.push(view.builders && view.builders.length > 1 ? buildersText(view, view.builders) : placeableText(view, view.placeableCells));
  } else {
    const pawns = view.seats.filter((s) => s.pawn && !s.out).map((s) => `${s.seat + 1} ${s.name} in ${placeName(view, s.pawn as NbId | 'jail')}`);
    if (pawns.length) parts.push(`Pawns: ${pawns.join('; ')}.`);
    if (view.cops) parts.push(`Cops in ${placeName(view, view.cops)}.`);
  }
  if (view.lastMove) parts.push(`Last move: ${moveText(view, view.lastMove)}.`);
  const hot = hotGoodsText(view);
  if (hot) parts.push(hot);
  if (view.offLimits.length) parts.push(`Off limits: ${view.offLimits.map((id) => placeName(view, id)).join(', ')}.`);
  return clip(parts.join(' '));
}

function placeableText(view: FenceView, cells: readonly { x: number; y: number }[]): string {
  return cells.length ? `Tiles can go at ${cells.map((c) => cellName(view, c.x, c.y)).join(', ')}.` : 'No cell can take a tile.';
}

/**
 * Several players building at once: where each can place, builders with the same cells named
 * together ("Ana and Bo can place at L12, M11; Cy can only swap a tile in").
 */
function buildersText(view: FenceView, builders: NonNullable<FenceView['builders']>): string {
  const groups = new Map<string, { seats: number[]; cells: string[] }>();
  for (const b of builders) {
    const cells = b.cells.map((c) => cellName(view, c.x, c.y));
    const key = cells.join(',');
    const g = groups.get(key);
    if (g) g.seats.push(b.seat);
    else groups.set(key, { seats: [b.seat], cells });
  }
  // Those who can place first ("Ana can place at …; Bo at …"), then those who can only swap.
  const all = [...groups.values()].sort((a, b) => Number(b.cells.length > 0) - Number(a.cells.length > 0));
  const clauses = all.map(({ seats, cells }, i) => {
    const who = listAnd(seats.map((seat) => seatLabel(view, seat)));
    if (!cells.length) return `${who} can only swap a tile in`;
    return `${who}${i === 0 ? ` can${seats.length > 1 ? ' each' : ''} place` : ''} at ${cells.join(', ')}`;
  });
  return `${clauses.join('; ')}.`;
}

/**
 * A close-up's alt text: which cells it shows (by their names), the pieces in them, the moves
 * drawn and its caption. Only what the picture shows: pieces elsewhere are not listed.
 */
export function closeUpAlt(z: CloseUpView, what: string): string {
  const view = z.view;
  const panes = z.panes.map((b) => `${cellName(view, b.x0, b.y0)} to ${cellName(view, b.x1, b.y1)}`);
  const inPane = (id: NbId) => {
    const key = id.slice(0, id.lastIndexOf('/'));
    const p = view.map.find((t) => t.key === key);
    return !!p && z.panes.some((b) => p.x >= b.x0 && p.x <= b.x1 && p.y >= b.y0 && p.y <= b.y1);
  };
  const parts = [`FENCE! close-up of ${what}, ${statusLine(view)}: cells ${panes.join(', and ')}.`];
  const pawns = view.seats.filter((s) => s.pawn && s.pawn !== 'jail' && !s.out && inPane(s.pawn)).map((s) => `${s.seat + 1} ${s.name} in ${placeName(view, s.pawn as NbId)}`);
  if (pawns.length) parts.push(`Pawns: ${pawns.join('; ')}.`);
  if (view.cops && inPane(view.cops)) parts.push(`Cops in ${placeName(view, view.cops)}.`);
  const earlier = z.moves.slice(0, -1), last = z.moves[z.moves.length - 1];
  if (earlier.length) parts.push(`Earlier this turn: ${earlier.map((m) => moveText(view, m)).join('; ')}.`);
  if (last) parts.push(`Last move: ${moveText(view, last)}.`);
  if (z.caption.length) parts.push(`${z.caption.join(': ')}.`);
  const hot = hotGoodsText(view);
  if (hot) parts.push(hot);
  parts.push(...sceneText(view, z.toPlay ?? null, z.marks ?? []));
  return clip(parts.join(' '));
}

/**
 * The overview's alt text: every pawn and the Cops, the moves drawn, the caption, who is to
 * play (or who won) and the labels of a choice.
 */
export function overviewAlt(z: OverviewView): string {
  const view = z.view;
  const parts = [`FENCE! whole city, ${view.map.length} tiles, ${statusLine(view)}.`];
  const pawns = view.seats.filter((s) => s.pawn && !s.out).map((s) => `${s.seat + 1} ${s.name} in ${placeName(view, s.pawn as NbId | 'jail')}`);
  if (pawns.length) parts.push(`Pawns: ${pawns.join('; ')}.`);
  if (view.cops) parts.push(`Cops in ${placeName(view, view.cops)}.`);
  const earlier = z.moves.slice(0, -1), last = z.moves[z.moves.length - 1];
  if (earlier.length) parts.push(`Earlier: ${earlier.map((m) => moveText(view, m)).join('; ')}.`);
  if (last) parts.push(`Last move: ${moveText(view, last)}.`);
  if (z.caption.length) parts.push(`${z.caption.join('. ')}.`);
  parts.push(...sceneText(view, z.toPlay ?? null, z.marks ?? []));
  return clip(parts.join(' '));
}

/** Who is to play, and a choice's labels where they are. */
function sceneText(view: FenceView, toPlay: number | null, marks: readonly ChoiceMark[]): string[] {
  const out: string[] = [];
  if (toPlay !== null) out.push(`${seatLabel(view, toPlay)} to play${view.seats[toPlay]?.pawn === 'jail' ? ', from Jail' : ''}.`);
  if (marks.length) out.push(`Labelled: ${marks.map((m) => `${m.label} ${placeName(view, m.nb)}`).join('; ')}.`);
  return out;
}

/** A move as a sentence's body: "Bob pushed Cara from The Yards (L12) to Foxholes (M12)". */
export function moveText(view: FenceView, m: LastMove): string {
  const who = m.piece === 'cops' ? 'the Cops' : seatLabel(view, m.piece);
  const verb = m.kind === 'push' ? `${seatLabel(view, m.seat)} pushed ${who}` : m.kind === 'copsRoad' || m.kind === 'tipOff' ? `${seatLabel(view, m.seat)} moved ${who}` : m.kind === 'placed' ? `${who} placed` : `${who} moved`;
  return `${verb}${m.from ? ` from ${placeName(view, m.from)}` : ''} to ${placeName(view, m.to)}`;
}

/** The round's Hot Goods rolls so far, one clause each. */
function hotGoodsText(view: FenceView): string | null {
  if (!view.hotGoods?.rolls.length) return null;
  const rolls = view.hotGoods.rolls.map((r) => {
    const what = r.result === 'won' ? `${seatLabel(view, r.winner ?? -1)} won` : r.result === 'tie' ? 'tie, nobody won' : r.result === 'cops' ? 'Cops nearer, nobody won' : r.result === 'absent' ? 'no such tile' : 'nobody could reach it';
    return `red ${r.red} blue ${r.blue}: ${what}`;
  });
  return `Hot Goods round ${view.hotGoods.round}: ${rolls.join('; ')}.`;
}

export function handAlt(me: NonNullable<FenceView['me']>): string {
  const hand = sortCards(me.hand);
  const start = me.startCards ? ` Start cards: ${me.startCards.map(cardName).join(' and ')}.` : '';
  return clip(`Your hand: ${hand.length ? hand.map(cardName).join(', ') : 'no cards'}.${start}`);
}

export function tileHandAlt(view: FenceView, seat: number): string {
  const s = view.seats[seat];
  if (!s) return 'No such seat.';
  const set = tileSetOfView(view);
  const tiles = s.tiles.map((k) => {
    const def = defOf(set, k);
    return `${k} ${def.neighborhoods.map((n) => n.name).join(' / ')}`;
  });
  return clip(`${s.name}'s tiles, unturned: ${tiles.length ? tiles.join('; ') : 'none'}.`);
}

export const seatLabel = (view: FenceView, seat: number): string => view.seats[seat]?.name ?? `Seat ${seat + 1}`;

/**
 * "Ana", "Ana and Bo", "Ana, Bo and Cy": ../../grammar.ts's listAnd, copied because the drawings
 * load this file and may load nothing of src/games outside fence/ (test/platform/import-graph.test.ts).
 */
const listAnd = (xs: readonly string[]): string => (xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/** The seats the game waits for: one, or every builder while several build at once (Free-For-All). */
export function waitingSeats(view: FenceView): number[] {
  if (view.outcome) return [];
  if (!view.pending && view.phase === 'building' && view.builders && view.builders.length > 1) return view.builders.map((b) => b.seat);
  return [view.waitingFor ?? view.current];
}

export function statusLine(view: FenceView): string {
  const o = view.outcome;
  if (o) {
    if (o.kind === 'winner') return `Game over: ${o.seats.map((s) => seatLabel(view, s)).join(' & ')} win${o.seats.length > 1 ? '' : 's'}`;
    if (o.kind === 'noWinner') return 'Game over: no winner';
    return 'Game aborted';
  }
  const who = seatLabel(view, view.waitingFor ?? view.current);
  const p = view.pending;
  if (p) {
    if (p.kind === 'drawColour') return `${who} picks a card colour`;
    if (p.kind === 'pawnNeighborhood') return `${who} places their pawn`;
    if (p.kind === 'copsNeighborhood') return `${who} places the Cops`;
  }
  if (view.phase === 'building') {
    const builders = waitingSeats(view);
    if (builders.length === 1) return `${who} places a tile`;
    const everyone = view.seats.every((x) => x.out || builders.includes(x.seat));
    return everyone ? 'Everyone builds at once' : `${listAnd(builders.map((i) => seatLabel(view, i)))} build at once`;
  }
  if (view.phase === 'pawns') return `${who} places their pawn`;
  return `${who}'s turn`;
}
