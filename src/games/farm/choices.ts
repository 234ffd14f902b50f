/**
 * A Fences turn as a few taps (src/platform/choices.ts), each level about places drawn with its
 * labels where they are:
 * - on the turn post, **Place a tile** (the post is public, so nothing there may tell where the
 *   seat's tiles fit); then, to the seat alone, the map with their tiles above it and every cell
 *   where one fits numbered — a large map in parts, lettered on a small map of the whole — and,
 *   for the cell pressed, each tile and turn that fits there drawn in place with what it would
 *   score ("B30 90°: closes 1 farm: you would score 7"). So a placement is three taps, the last
 *   one with its result in front of the player;
 * - after it, the henhouse: the tile just placed, larger, each part a henhouse may go on
 *   lettered (a, b…), or **No henhouse**; a gate to open or close, numbered on the map;
 * - the fox, a hay bale, the horse: the fields they may go to, numbered on the map.
 * Season moves (swap, move or turn a tile) and answers without places (storage, the Dust Bowl's
 * take) are levels of words.
 */
import type { Choice, ChoiceOption } from '../../platform/choices.ts';
import type { Picture, Prompt } from '../../platform/game.ts';
import type { Action } from './actions.ts';
import { Board, regionOfKey, tileOfKey } from './board.ts';
import { closedBy, gainsIf, henhousesLeft, legalActions } from './engine.ts';
import { boundsOf, compassOf, PART_COLS, PART_ROWS, partsFor } from './parts.ts';
import { candidatesPicture, choicePicture, consequence, type Candidate, type MarkAt } from './pictures.ts';
import { animalsIn, ownersOf } from './scoring.ts';
import type { FarmState } from './state.ts';
import { tileView, view, type FarmView, type TileView } from './views.ts';
import { actionLabel, claimStepWords, seatName } from './labels.ts';
import { seasonPromptHint } from './seasons-words.ts';

type Level = Choice<Action, Picture>;
type Option = ChoiceOption<Action, Picture>;
type Place = Extract<Action, { type: 'place' }>;
type Lift = Extract<Action, { type: 'lift' }>;
type TurnTile = Extract<Action, { type: 'turnTile' }>;

const list = (xs: string[]): string => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

// ---- Places on the map, in parts ---------------------------------------------------------------

/** An option about a place on the map: where its label goes, what it does, and what pressing it leads to. */
interface MapOption {
  cell: [number, number];
  at: MarkAt;
  says: string;
  next: Action | (() => Level);
  /** Its own label (a letter); omitted: numbered in the order the parts show them. */
  label?: string;
  /** How much it is worth showing first (1 unless more): parts holding more weight come first. */
  weight?: number;
  /** The tile it would place on its cell, drawn there. */
  tile?: TileView;
}

interface MapChoice {
  question: string;
  /** What the picture shows, for its alt text. */
  what: string;
  view: FarmView;
  /** Show the viewer's tiles above the map (a level shown to them alone). */
  hand: boolean;
  /** Options that are not places, after the places. */
  verbs: Option[];
  /** A tile to outline (the one just placed), and the cell parts are drawn nearest to. */
  focus: number | null;
  near: [number, number] | null;
  /** The largest part, in cells (PART_COLS × PART_ROWS unless a closer look is wanted). */
  size?: [number, number];
}

const PART_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The place of `cells` nearest their average: where a part's letter goes on the small map. */
function middleOf(cells: readonly [number, number][]): [number, number] {
  const mx = cells.reduce((a, c) => a + c[0], 0) / cells.length, my = cells.reduce((a, c) => a + c[1], 0) / cells.length;
  return [...cells].sort((a, b) => Math.hypot(a[0] - mx, a[1] - my) - Math.hypot(b[0] - mx, b[1] - my))[0]!;
}

/**
 * A choice among places anywhere on the map: cut into the fewest parts a phone can read (the
 * fullest first), each a level whose picture labels its places; the other parts are options
 * too, lettered on a small map of the whole, so any place is one more tap away at most.
 */
function mapChoice(c: MapChoice, places: MapOption[]): Level {
  const bounds = boundsOf(c.view.tiles.map((t) => [t.x, t.y] as const));
  const [cols, rows] = c.size ?? [PART_COLS, PART_ROWS];
  const parts = partsFor(places.map((p) => p.cell), bounds, c.near, cols, rows, places.map((p) => p.weight ?? 1));
  // Numbers in the order the parts show them, then reading order.
  const labels = new Map<number, string>();
  let n = 0;
  for (const part of parts) {
    const order = [...part.places].sort((a, b) => places[a]!.cell[1] - places[b]!.cell[1] || places[a]!.cell[0] - places[b]!.cell[0]);
    for (const i of order) labels.set(i, places[i]!.label ?? String(++n));
    part.places = order;
  }
  const partLabel = (k: number): string => (parts.length > 1 ? PART_LETTERS[k]! : '');
  const level = (k: number): Level => {
    const part = parts[k]!;
    const options: Option[] = part.places.map((i) => {
      const p = places[i]!;
      const label = labels.get(i)!;
      return typeof p.next === 'function' ? { label, says: p.says, then: p.next } : { label, says: p.says, action: p.next };
    });
    parts.forEach((other, j) => {
      if (j !== k) options.push({ label: partLabel(j), says: `${plural(other.places.length, 'more place')} in the ${compassOf(other.window, bounds)} of the map`, then: () => level(j), style: 'secondary' });
    });
    options.push(...c.verbs);
    const view = {
      farm: c.view,
      window: part.window,
      marks: part.places.map((i) => ({ label: labels.get(i)!, at: places[i]!.at, ...(places[i]!.tile ? { tile: places[i]!.tile } : {}) })),
      parts: parts.length > 1 ? parts.map((p, j) => ({ label: j === k ? null : partLabel(j), window: p.window, at: middleOf(p.places.map((i) => places[i]!.cell)) })) : [],
      bounds,
      hand: c.hand,
      verbs: c.verbs.map((o) => o.label),
      focus: c.focus,
    };
    const where = parts.length > 1 ? ` (the ${compassOf(part.window, bounds)} of the map: a letter shows another part)` : '';
    return { question: `${c.question}${where}`, picture: choicePicture(view, c.what), options };
  };
  if (parts.length === 0) return { question: c.question, options: [...c.verbs] };
  return level(0);
}

/** A tile's cell on the map. */
const cellOf = (s: FarmState, tile: number): [number, number] => {
  const p = s.placed[tile];
  return [p?.x ?? 0, p?.y ?? 0];
};

// ---- Placing a tile ----------------------------------------------------------------------------

const turnText = (rot: number): string => `${rot * 90}°`;

/** The tile-and-turn options on one cell, each drawn in place with what it would do. */
function candidatesLevel(s: FarmState, seat: number, cell: [number, number], actions: readonly (Place | Lift)[]): Level {
  const row = s.rows?.[seat] ?? [];
  const options: Option[] = [];
  const candidates: Candidate[] = [];
  let hide: number | null = null;
  for (const a of actions) {
    const id = a.type === 'place' ? a.tile : s.placed[a.from]?.id ?? '?';
    const label = `${id} ${turnText(a.rot)}`;
    const fromRow = a.type === 'place' && row.includes(id) && !(s.hands[seat] ?? []).includes(id);
    let result: string;
    if (a.type === 'place') result = consequence(s, seat, { id, x: a.x, y: a.y, rot: a.rot });
    else {
      hide = a.from;
      result = movedResult(s, a.from, { x: a.x, y: a.y, rot: a.rot });
    }
    const says = `${id} turned ${turnText(a.rot)}${fromRow ? ' (from your row)' : ''}: ${result}`;
    options.push({ label, says, action: a });
    candidates.push({ label, tile: tileView(id, cell[0], cell[1], a.rot, s.placed.length), lines: [fromRow ? `from your row: ${result}` : result] });
  }
  const v = { farm: view(s, 'channel'), cell, hide, candidates };
  return { question: `which tile, turned which way, on cell ${cell[0]},${cell[1]}? Each is drawn in place with what it does`, picture: candidatesPicture(v), options };
}

/** What moving or turning map tile `tile` would close (S4, S6). */
function movedResult(s: FarmState, tile: number, to: { x: number; y: number; rot: number }): string {
  const placed = s.placed.map((p, i) => (i === tile ? { ...p, ...to } : p));
  const closes = closedBy(s, new Board(placed), tile).length;
  return closes === 0 ? 'closes no farm' : `closes ${plural(closes, 'farm')}`;
}

/** Where tiles go: every cell where one of `actions` fits, numbered; a cell opens its tile-and-turn options. */
function cellsLevel(s: FarmState, seat: number, actions: readonly (Place | Lift)[], question: string, hand: boolean, verbs: Option[] = []): Level {
  const byCell = new Map<string, (Place | Lift)[]>();
  for (const a of actions) {
    const k = `${a.x},${a.y}`;
    const g = byCell.get(k);
    if (g) g.push(a);
    else byCell.set(k, [a]);
  }
  const board = new Board(s.placed);
  const gainOf = (a: Place | Lift): number => (a.type === 'place' ? gainsIf(s, { id: a.tile, x: a.x, y: a.y, rot: a.rot }, seat)[seat] ?? 0 : 0);
  const best = Math.max(...[...byCell.values()].map((g) => 10 * Math.max(0, ...g.map(gainOf)) + board.neighbours(g[0]!.x, g[0]!.y)));
  const places = [...byCell.values()].map((group): MapOption => {
    const cell: [number, number] = [group[0]!.x, group[0]!.y];
    const idOf = (a: Place | Lift): string => (a.type === 'place' ? a.tile : s.placed[a.from]?.id ?? '?');
    const gain = gainOf;
    // The part holding the cells where a tile scores most, then fits among most tiles, is shown first.
    const worth = 10 * Math.max(0, ...group.map(gain)) + board.neighbours(cell[0], cell[1]);
    const weight = worth >= best ? 100 : 1;
    const only = group.length === 1 ? group[0]! : null;
    if (only) {
      // The one way a tile fits here is drawn on the cell, its result said: pressing the cell places it.
      const a = only;
      const result = a.type === 'place' ? consequence(s, seat, { id: a.tile, x: a.x, y: a.y, rot: a.rot }) : movedResult(s, a.from, { x: a.x, y: a.y, rot: a.rot });
      const tile = tileView(idOf(a), cell[0], cell[1], a.rot, s.placed.length);
      return { cell, at: { cell }, tile, says: `cell ${cell[0]},${cell[1]}: ${idOf(a)} turned ${turnText(a.rot)} (drawn there), ${result}`, next: a, weight };
    }
    const ids = [...new Set(group.map(idOf))];
    const tiles = ids.map((id) => `${id} ${plural(group.filter((a) => idOf(a) === id).length, 'way')}`);
    const most = Math.max(0, ...group.map(gain));
    return { cell, at: { cell }, says: `cell ${cell[0]},${cell[1]}: ${list(tiles)}${most > 0 ? `, scores up to ${most}` : ''}`, next: () => candidatesLevel(s, seat, cell, group), weight };
  });
  const v = view(s, hand ? seat : 'channel');
  const last = v.last === null ? null : v.tiles[v.last];
  return mapChoice({ question, what: 'Where your tiles fit, numbered', view: v, hand, verbs, focus: null, near: last ? [last.x, last.y] : null }, places);
}

const placements = (s: FarmState, seat: number): Place[] => legalActions(s, seat).filter((a): a is Place => a.type === 'place');

/** The turn's first level, on the turn post: nothing in it tells where the seat's tiles fit. */
function turnLevel(s: FarmState, seat: number): Level {
  const places = placements(s, seat);
  const options: Option[] = [];
  if (places.length) {
    options.push({ label: 'Place a tile', says: '', then: () => cellsLevel(s, seat, places, 'where does your tile go? Press a numbered cell', true) });
  }
  options.push(...seasonOptions(s, seat));
  return { question: 'place a tile', options };
}

// ---- Season moves instead of placing (S2, S4, S6) ------------------------------------------------

function seasonOptions(s: FarmState, seat: number): Option[] {
  const legal = legalActions(s, seat);
  const swaps = legal.filter((a): a is Extract<Action, { type: 'swap' }> => a.type === 'swap');
  const lifts = legal.filter((a): a is Lift => a.type === 'lift');
  const turns = legal.filter((a): a is TurnTile => a.type === 'turnTile');
  const out: Option[] = [];
  if (swaps.length) {
    out.push({ label: 'Swap a tile (Autumn)', says: '', style: 'secondary', then: () => ({
      question: 'which of your tiles goes to the bottom of the stack for its top tile? (You place no tile this turn.)',
      options: swaps.map((a) => ({ label: `Swap ${a.tile}`, says: actionLabel(s, a), action: a })),
    }) });
  }
  if (lifts.length) {
    out.push({ label: 'Move a map tile (Flood)', says: '', style: 'secondary', then: () => movableLevel(s, lifts, 'which map tile moves?', (tile) => {
      const mine = lifts.filter((a) => a.from === tile);
      return cellsLevel(s, seat, mine, `where does ${s.placed[tile]?.id ?? 'it'} go? Press a numbered cell`, false);
    }) });
  }
  if (turns.length) {
    out.push({ label: 'Turn a map tile (Rainy)', says: '', style: 'secondary', then: () => movableLevel(s, turns, 'which map tile turns?', (tile) => turnLevelOf(s, tile, turns.filter((a) => a.tile === tile))) });
  }
  return out;
}

/** The map tiles a season may move or turn, numbered where they lie. */
function movableLevel(s: FarmState, actions: readonly (Lift | TurnTile)[], question: string, next: (tile: number) => Level): Level {
  const tiles = [...new Set(actions.map((a) => (a.type === 'lift' ? a.from : a.tile)))];
  const places = tiles.map((tile): MapOption => {
    const cell = cellOf(s, tile);
    const n = actions.filter((a) => (a.type === 'lift' ? a.from : a.tile) === tile).length;
    return { cell, at: { cell }, says: `${s.placed[tile]?.id ?? '?'} at ${cell[0]},${cell[1]}: ${plural(n, actions[0]?.type === 'lift' ? 'way' : 'turn')}`, next: () => next(tile) };
  });
  return mapChoice({ question, what: 'Tiles the season lets you move or turn, numbered', view: view(s, 'channel'), hand: false, verbs: [], focus: null, near: null }, places);
}

/** S6: a map tile's other turns on its own cell. */
function turnLevelOf(s: FarmState, tile: number, turns: readonly TurnTile[]): Level {
  const p = s.placed[tile]!;
  const candidates: Candidate[] = turns.map((a) => ({ label: `${p.id} ${turnText(a.rot)}`, tile: tileView(p.id, p.x, p.y, a.rot, tile), lines: [movedResult(s, tile, { x: p.x, y: p.y, rot: a.rot })] }));
  const options: Option[] = turns.map((a, i) => ({ label: candidates[i]!.label, says: `${p.id} turned ${turnText(a.rot)}: ${candidates[i]!.lines[0]}`, action: a }));
  return { question: `which way does ${p.id} at ${p.x},${p.y} turn?`, picture: candidatesPicture({ farm: view(s, 'channel'), cell: [p.x, p.y], hide: tile, candidates }), options };
}

// ---- Fields: the henhouse, the fox, a bale, the horse ------------------------------------------------

/** A field in words: its animals and owners ("4 animals: 2 cows, 2 sheep; Bo's"). */
export function fieldWords(s: FarmState, board: Board, key: number): string {
  const field = board.fieldOf(key);
  const animals = animalsIn(board, field);
  const counts = new Map<string, number>();
  for (const a of animals) counts.set(a, (counts.get(a) ?? 0) + 1);
  const kinds = [...counts].map(([a, n]) => `${n} ${n === 1 ? a : a === 'sheep' ? 'sheep' : a === 'chicken' ? 'hens' : `${a}s`}`);
  const owners = ownersOf(s, field).map((o) => seatName(s, o));
  const tiles = plural(field.tiles.length, 'tile');
  return `${tiles}, ${animals.length ? `${plural(animals.length, 'animal')}: ${list(kinds)}` : 'no animals'}; ${owners.length ? `${list(owners)}'s` : 'nobody\'s yet'}`;
}

/** Where a region's label goes on the map: on that part of its tile. */
const regionPlace = (s: FarmState, key: number): { cell: [number, number]; at: MarkAt } => ({ cell: cellOf(s, tileOfKey(key)), at: { region: key } });

/** Fields the fox, a bale or the horse may go to, numbered on the map. */
function fieldsLevel(s: FarmState, kind: 'fox' | 'bale' | 'horse', regions: readonly number[], question: string, verbs: Option[] = []): Level {
  const board = new Board(s.placed);
  const places = regions.map((region): MapOption => ({ ...regionPlace(s, region), says: fieldWords(s, board, region), next: { type: kind, region } }));
  const v = view(s, 'channel');
  const near = kind === 'horse' && s.horse?.region !== null && s.horse?.region !== undefined ? cellOf(s, tileOfKey(s.horse.region)) : v.last === null ? null : cellOf(s, v.last);
  return mapChoice({ question, what: `Fields the ${kind === 'bale' ? 'hay bale' : kind} may go to, numbered`, view: v, hand: false, verbs, focus: null, near }, places);
}

const LETTERS = 'abcd';

/** F9, R10, R14, R19, S9: after placing, a henhouse (or a tractor, a sharecropper, the horse) on the tile just placed, or none. */
function claimLevel(s: FarmState, seat: number, tile: number): Level {
  const board = new Board(s.placed);
  const legal = legalActions(s, seat);
  const onTile = legal.filter((a): a is Extract<Action, { type: 'claim' | 'share' | 'tractor' }> => (a.type === 'claim' || a.type === 'share' || a.type === 'tractor'));
  const byRegion = new Map<number, typeof onTile>();
  for (const a of onTile) byRegion.set(a.region, [...(byRegion.get(a.region) ?? []), a]);
  const WHAT = { claim: 'a henhouse', share: 'a henhouse with a sharecropper token', tractor: 'a tractor' } as const;
  const VERB = { claim: 'Henhouse', share: 'Sharecropper + henhouse', tractor: 'Tractor' } as const;
  const places = [...byRegion].sort(([a], [b]) => regionOfKey(a) - regionOfKey(b)).map(([region, actions], i): MapOption => {
    const field = fieldWords(s, board, region);
    const says = `${list(actions.map((a) => WHAT[a.type]))} on the field of ${field}`;
    const next: MapOption['next'] = actions.length === 1 ? actions[0]! : () => ({
      question: `what goes on part ${LETTERS[i]}?`,
      options: actions.map((a) => ({ label: VERB[a.type], says: `${WHAT[a.type]} on the field of ${field}`, action: a })),
    });
    return { ...regionPlace(s, region), label: LETTERS[i]!, says, next };
  });
  const verbs: Option[] = [];
  const horse = legal.filter((a): a is Extract<Action, { type: 'horse' }> => a.type === 'horse');
  if (horse.length) verbs.push({ label: 'Move the horse', says: 'instead of a henhouse, the horse jumps a fence into a field next to its own', style: 'secondary', then: () => fieldsLevel(s, 'horse', horse.map((a) => a.region), 'which field does the horse jump into?') });
  const evict = legal.filter((a): a is Extract<Action, { type: 'evict' }> => a.type === 'evict');
  if (evict.length) verbs.push({ label: 'Send a henhouse home', says: 'instead of a henhouse, the tornado sends any henhouse home (Tornado)', style: 'danger', then: () => evictLevel(s, evict) });
  verbs.push({ label: actionLabel(s, { type: 'pass' }), says: '', style: 'secondary', action: { type: 'pass' } });
  const left = henhousesLeft(s, seat);
  const question = places.length
    ? `put a henhouse on the tile you just placed? Press a lettered part (you have ${plural(left, 'henhouse')} left)`
    : claimStepWords(legal, left);
  return mapChoice({ question, what: 'The tile just placed, its parts lettered', view: view(s, 'channel'), hand: false, verbs, focus: tile, near: cellOf(s, tile), size: [3, 3] }, places);
}

/** S9: henhouses the tornado may send home, numbered where they stand. */
function evictLevel(s: FarmState, actions: readonly Extract<Action, { type: 'evict' }>[]): Level {
  const board = new Board(s.placed);
  const places = actions.map((a): MapOption => {
    const owner = s.henhouses.find((h) => h.region === a.region)?.seat;
    return { ...regionPlace(s, a.region), says: `${owner === undefined ? 'a' : `${seatName(s, owner)}'s`} henhouse on the field of ${fieldWords(s, board, a.region)}`, next: a };
  });
  return mapChoice({ question: 'which henhouse goes home?', what: 'Henhouses the tornado may send home, numbered', view: view(s, 'channel'), hand: false, verbs: [], focus: null, near: null }, places);
}

/** R9: a gate next to the new tile's fields to open or close, numbered on the map, or none. */
function gateLevel(s: FarmState, seat: number, tile: number): Level {
  const gates = legalActions(s, seat).filter((a): a is Extract<Action, { type: 'gate' }> => a.type === 'gate');
  const places = gates.map((a): MapOption => ({ cell: cellOf(s, a.tile), at: { gate: a.tile }, says: `${actionLabel(s, a).toLowerCase()}${s.placed[a.tile]?.gateOpen ? ' (splits the fields on its sides)' : ' (joins the fields on its sides)'}`, next: a }));
  const verbs: Option[] = [{ label: 'Leave the gates', says: '', style: 'secondary', action: { type: 'keepGates' } }];
  return mapChoice({ question: 'open or close a gate (on yellow numbers), or leave them', what: 'Gates you may open or close, numbered', view: view(s, 'channel'), hand: false, verbs, focus: tile, near: cellOf(s, tile) }, places);
}

/** Answers without places (storage, the Dust Bowl's take): their words on the buttons. */
function wordsLevel(s: FarmState, seat: number, question: string): Level {
  const isNo = (a: Action) => a.type === 'decline' || a.type === 'pass' || a.type === 'keepGates';
  return { question, options: legalActions(s, seat).map((a) => ({ label: actionLabel(s, a).slice(0, 80), says: '', action: a, style: isNo(a) ? 'secondary' : 'primary' })) };
}

// ---- The prompt -----------------------------------------------------------------------------------

const PENDING_TEXT = {
  fox: 'choose the open field the fox moves to (it eats the chickens of the farm it is in when that farm is scored): press its number on the map.',
  bale: 'drop a hay bale on an open field next to the farm just scored (whoever closes that field collects it): press its number on the map.',
  horse: "the horse's farm is closed: press the number of the open field next to it that the horse jumps into.",
} as const;
const KIND_PLURAL = { cow: 'cows', pig: 'pigs', sheep: 'sheep' } as const;

/** What the tile just placed closed, in words, before the henhouse: "your tile closed farm 19 (you scored 8); now ". */
function closedWords(s: FarmState, seat: number, tile: number): string {
  const closed = s.farms.map((f, i) => ({ f, n: i + 1 })).filter(({ f }) => f.closer === seat && f.regions.some((k) => tileOfKey(k) === tile));
  if (closed.length === 0) return '';
  const points = closed.reduce((n, { f }) => n + f.awards.filter((a) => a.seat === seat).reduce((m, a) => m + a.points, 0), 0);
  return `your tile closed ${closed.length === 1 ? `farm ${closed[0]!.n}` : `farms ${list(closed.map(({ n }) => String(n)))}`} (you scored ${points}); now `;
}

/** What `seat` must do now, in words after their mention, and the choice as a tree of taps. */
export function prompt(s: FarmState, seat: number): Prompt<Action> {
  const owed = s.pending[0];
  const legal = legalActions(s, seat);
  const isNo = (a: Action) => a.type === 'decline' || a.type === 'pass' || a.type === 'keepGates';
  // The buttons the choice stands for (a game without a choice tree would show these).
  const buttons = legal.filter((a) => a.type !== 'place' && a.type !== 'lift' && a.type !== 'turnTile').slice(0, 20).map((action) => ({ label: actionLabel(s, action).slice(0, 80), action, style: isNo(action) ? ('secondary' as const) : ('primary' as const) }));
  if (owed) {
    if (owed.kind === 'storage') {
      const stored = s.storage?.held[seat];
      const have = stored ? (['cow', 'pig', 'sheep'] as const).filter((k) => stored[k] > 0).map((k) => `${stored[k]} ${stored[k] === 1 ? k : KIND_PLURAL[k]}`) : [];
      const text = owed.phase === 'remove'
        ? `before the farm is scored you may take one animal out of it into your storage (${plural(owed.left, 'action')} left; each animal in storage costs points at the end).`
        : `before the farm is scored you may add one animal from your storage (${have.join(', ')}).`;
      return { text, buttons, choice: wordsLevel(s, seat, text) };
    }
    if (owed.kind === 'dust') {
      const text = `you closed a farm of ${list(owed.from.map((o) => seatName(s, o)))}: you may take one of their tiles. Press **Show my hand** to see their hands (only you see them).`;
      return { text, buttons, choice: wordsLevel(s, seat, text) };
    }
    return { text: PENDING_TEXT[owed.kind], buttons, choice: fieldsLevel(s, owed.kind, owed.options, PENDING_TEXT[owed.kind].replace(/: press .*$|, press .*$/, '')) };
  }
  if (s.stage.kind === 'gate') {
    return { text: 'you may open or close one gate next to a field of the tile you just placed (an open gate joins the fields on both sides), or leave them.', buttons, choice: gateLevel(s, seat, s.stage.tile) };
  }
  if (s.stage.kind === 'claim') {
    return { text: `${closedWords(s, seat, s.stage.tile)}${claimStepWords(legal, henhousesLeft(s, seat))}.`, buttons, choice: claimLevel(s, seat, s.stage.tile) };
  }
  if (s.stage.kind === 'extra') {
    const places = placements(s, seat);
    return {
      text: "your tile reached a tractor's field: place one more tile (no henhouse on it), or stop.",
      buttons,
      choice: { question: 'place one more tile, or stop', options: [
        ...(places.length ? [{ label: 'Place one more tile', says: '', then: () => cellsLevel(s, seat, places, 'where does your extra tile go? Press a numbered cell', true) }] : []),
        { label: 'No more tiles', says: '', style: 'secondary', action: { type: 'decline' } },
      ] },
    };
  }
  const season = seasonPromptHint(s);
  const row = s.rows?.[seat] ?? [];
  return {
    text: `your turn: press **Place a tile** to see where your tiles fit (only you see it), or type one with \`/farm place\`${row.length ? `; your row's tiles (${row.join(', ')}) may be placed instead` : ''}.${season}`,
    buttons,
    choice: turnLevel(s, seat),
  };
}

/** Why a move subcommand offers nothing although the game waits for `seat`: the choice in front of them. */
export function unavailable(s: FarmState, seat: number, command: string): string {
  const owed = s.pending[0];
  const where = 'Answer it with the buttons in front of you (your private message, or the last post).';
  if (owed?.seat === seat) return `First ${owed.kind === 'storage' ? 'answer the storage question' : owed.kind === 'dust' ? 'choose a tile to take, or none' : `choose the field for ${owed.kind === 'bale' ? 'the hay bale' : `the ${owed.kind}`}`}. ${where}`;
  if (s.stage.kind === 'claim') return `You have placed your tile: now put a henhouse on it, or none. ${where}`;
  if (s.stage.kind === 'gate') return `First open or close a gate, or leave them. ${where}`;
  if (s.stage.kind === 'extra' && command !== 'place') return `Place one more tile with \`/farm place\`, or stop. ${where}`;
  if (command === 'place') return 'No tile of yours fits anywhere now.';
  return `That is not asked now: it is your turn to place a tile (press **Place a tile** on the last post, or use \`/farm place\`)${command === 'season' ? ', and this season offers no move' : ''}.`;
}
