/**
 * Moves typed by hand rather than picked from the list: "r4 b2", "red 4 blue 2 four points",
 * "push bob to the yards", "cops to downtown", "4-2 at c3 rotated 90". Cards, neighborhoods,
 * map cells, players, tiles and rotations are recognised wherever they stand, in any case,
 * with or without arrows. A move that is understood is returned even when the rules forbid it,
 * so that the engine's refusal says exactly why; null when the text names no move the command
 * could make (or several, with nothing to choose between them), and when it names something
 * that does not exist (a Red 7, a player or a place not in the game): never another move that
 * happens to be legal.
 */
import type { NotUnderstood } from '../../platform/game.ts';
import { sameAction, type Action } from './actions.ts';
import { buildContext, legalPlacements } from './building.ts';
import { card, faceCard, joker, sortCards, type Card, type Colour } from './cards.ts';
import { legalActions } from './legal.ts';
import { tileIdOfKey, type NbId } from './geometry.ts';
import { boundsWithMargin, cellName } from './grid.ts';
import { coordsOfKey, inPlayAt, targetCoords, tileKeyOf, tileSetOf } from './rules.ts';
import type { FenceState } from './state.ts';
import { actionLabel } from './words.ts';

/** Text as typed moves are read: lower case, no accents or apostrophes, arrows and signs as spaces. */
const plain = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’'`]/g, '')
    .replace(/->|=>|[→⟶➡➔>]/g, ' ')
    // A neighborhood by its id, "4-2/0": the tile, then which of its neighborhoods.
    .replace(/\b([1-6]-[1-6]|x[1-9])(#2)?\/([0-9])\b/g, (_, tile: string, copy: string | undefined, i: string) => ` ${tile}${copy ? ' #2' : ''} nb${i} `)
    // A coordinate, "(4,2)" or "4,2", reads as the tile's id.
    .replace(/\(?\b([1-6])\s*,\s*([1-6])\b\)?/g, ' $1-$2 ')
    .replace(/[^a-z0-9#-]+/g, ' ')
    .trim();

/** The words of a typed move, one space apart; what has been read is blanked out. */
class Words {
  private text: string;
  constructor(typed: string) {
    this.text = ` ${plain(typed)} `;
  }

  /** The first match of `re` (which must include the spaces around it), blanked out. */
  take(re: RegExp): RegExpExecArray | null {
    const m = re.exec(this.text);
    if (m) this.text = `${this.text.slice(0, m.index)} ${' '.repeat(m[0].length - 2)} ${this.text.slice(m.index + m[0].length)}`;
    return m;
  }

  /** The longest of `phrases` found as whole words, blanked out. */
  takePhrase<T>(phrases: readonly { words: string; value: T }[]): T | null {
    for (const p of [...phrases].sort((a, b) => b.words.length - a.words.length)) {
      const at = this.text.indexOf(` ${p.words} `);
      if (at < 0) continue;
      this.text = `${this.text.slice(0, at + 1)}${' '.repeat(p.words.length)}${this.text.slice(at + 1 + p.words.length)}`;
      return p.value;
    }
    return null;
  }

  has(word: string): boolean {
    return this.text.includes(` ${word} `);
  }

  /** The words not read yet. */
  rest(): string[] {
    return this.text.split(' ').filter(Boolean);
  }
}

/** Words a move's label or a sentence may hold besides what names the move ("Push Bo → Goose Green (D2) — jails Bo"). */
const FILLER = new Set([
  'to', 'at', 'in', 'on', 'into', 'onto', 'cell', 'the', 'a', 'an', 'and', 'then', 'by', 'road', 'of', 'out', 'from', 'with', 'for', 'via',
  'jail', 'jails', 'you', 'your', 'go', 'goes', 'me', 'my', 'myself', 'yourself', 'play', 'plays', 'move', 'moves', 'push', 'pushes',
  'cops', 'cop', 'tip', 'tips', 'off', 'card', 'cards', 'pawn', 'state', 'states', 'evidence', 'draw', 'draws', '#2',
]);

/**
 * Words of a move command's text left unread that name something: a card that does not exist
 * ("r7", "red 9"), a player, a place or a cell the game does not have. Seat names and a label's
 * filler words are fine (a label names the players it jails).
 */
function unread(s: FenceState, w: Words): string[] {
  const seats = new Set(s.seats.flatMap((p) => plain(p.name).split(' ')));
  return w.rest().filter((word) => !FILLER.has(word) && !seats.has(word));
}

const VALUES: Record<string, number> = { ace: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
const CARD = / (r|red|b|blue) ?(ace|one|two|three|four|five|six|[1-6]|joker|j|face|f) /;

function takeCards(w: Words): Card[] {
  const cards: Card[] = [];
  for (let m = w.take(CARD); m && cards.length < 3; m = w.take(CARD)) {
    const colour: Colour = m[1]!.startsWith('r') ? 'red' : 'blue';
    const v = m[2]!;
    cards.push(v === 'joker' || v === 'j' ? joker(colour) : v === 'face' || v === 'f' ? faceCard(colour) : card(colour, VALUES[v] ?? Number(v)));
  }
  return sortCards(cards);
}

/** Placed tiles by the cell the map shows them in, and every cell of the map's grid. */
function cellsOf(s: FenceState): { words: string; value: { x: number; y: number } }[] {
  const b = boundsWithMargin(s.map);
  const cells: { words: string; value: { x: number; y: number } }[] = [];
  for (let x = b.x0; x <= b.x1; x++) {
    for (let y = b.y0; y <= b.y1; y++) cells.push({ words: cellName(s, x, y).toLowerCase(), value: { x, y } });
  }
  return cells;
}

/**
 * The neighborhoods on the map, by name (with or without "the", "#2" for a second copy), then
 * those of tiles not on it: a move there is understood, and refused with the reason.
 */
function neighborhoodPhrases(s: FenceState): { words: string; value: NbId[] }[] {
  const set = tileSetOf(s);
  const phrases: { words: string; value: NbId[] }[] = [];
  const placed = new Set(s.map.map((p) => p.key));
  const offMap = set.tiles.filter((t) => !placed.has(t.id)).map((t) => ({ key: t.id }));
  for (const p of [...s.map, ...offMap]) {
    const def = set.byId.get(tileIdOfKey(p.key));
    def?.neighborhoods.forEach((n, i) => {
      const name = plain(n.name);
      const copy = p.key.endsWith('#2') ? ' #2' : '';
      for (const words of new Set([name, name.replace(/^the /, '')])) phrases.push({ words: `${words}${copy}`, value: [`${p.key}/${i}`] });
    });
    // A tile by its coordinate or its id: all its neighborhoods.
    const all = def ? def.neighborhoods.map((_, i) => `${p.key}/${i}`) : [];
    const key = p.key.toLowerCase().replace('#2', ' #2');
    phrases.push({ words: key, value: all });
    all.forEach((nb, i) => phrases.push({ words: `${key} nb${i}`, value: [nb] }));
  }
  return phrases;
}

/** A map cell named after "to", "at"…: read before the cards, so "to b2" is a cell and "b2" alone a card. */
function takeCell(s: FenceState, w: Words): { x: number; y: number } | null {
  const label = w.take(/ (?:to|at|in|on|into|cell) ([a-z]{1,2}\d{1,3}) /)?.[1];
  return cellsOf(s).find((c) => c.words === label)?.value ?? null;
}

/** The neighborhoods of the tile in a cell. */
function neighborhoodsIn(s: FenceState, cell: { x: number; y: number } | null): NbId[] | null {
  const tile = cell && s.map.find((p) => p.x === cell.x && p.y === cell.y);
  const def = tile && tileSetOf(s).byId.get(tileIdOfKey(tile.key));
  return tile && def ? def.neighborhoods.map((_, i) => `${tile.key}/${i}`) : null;
}

/**
 * A place the text names (once its cards are read): the cell already read, a neighborhood, or
 * the neighborhoods of a tile named by its coordinate or its map cell.
 */
function takePlace(s: FenceState, w: Words, cell: { x: number; y: number } | null): NbId[] | null {
  if (cell) return neighborhoodsIn(s, cell);
  const named = w.takePhrase(neighborhoodPhrases(s));
  if (named) {
    // A label names the place's map cell after it: "Four Points (M14)".
    const tile = s.map.find((p) => p.key === tileKeyOf(named[0]!));
    if (tile) w.take(new RegExp(` (${cellName(s, tile.x, tile.y).toLowerCase()}) `));
    return named;
  }
  return neighborhoodsIn(s, w.takePhrase(cellsOf(s)));
}

function takeSeat(s: FenceState, w: Words, seat: number): number | null {
  const phrases = s.seats.map((p, i) => ({ words: plain(p.name), value: i })).filter((p) => p.words.length > 0);
  phrases.push({ words: 'me', value: seat }, { words: 'myself', value: seat });
  return w.takePhrase(phrases);
}

/** The one action among `candidates`, or null when there are none or several. */
const only = (candidates: readonly Action[]): Action | null => (candidates.length === 1 ? candidates[0]! : null);

/** The one legal action among `candidates`; when none is legal, `otherwise` (for the engine to refuse); null when several are. */
const oneOr = (candidates: readonly Action[], otherwise: Action): Action | null => (candidates.length === 0 ? otherwise : only(candidates));

/** Somewhere to name in a move that the engine refuses before it looks at the destination. */
const anywhere = (s: FenceState): NbId => `${s.oldTown}/0`;

export function parseTyped(s: FenceState, seat: number, command: string, typed: string): Action | NotUnderstood | null {
  const legal = legalActions(s, seat);
  // A suggestion's label typed out in full is that suggestion, whatever the words inside it.
  const exact = legal.find((a) => actionLabel(s, a).toLowerCase() === typed.trim().toLowerCase());
  if (exact) return exact;
  // JSON is how the list writes a move (the game's decode reads it): JSON that is no move is not words.
  if (/^\s*[{[]/.test(typed)) return null;
  const w = new Words(typed);
  // The move's kind comes from its first word when it names one, else from the command.
  const kind = w.take(/^ (push|cops|tip|move|go|place|swap|pick|boat|hunch|trade|give) /)?.[1] ?? command;
  // A move whose text also names something the game does not have is not guessed at: the player is told which words.
  const understood = (a: Action | null): Action | NotUnderstood | null => {
    const left = unread(s, w);
    return left.length ? { notUnderstood: left } : a;
  };
  switch (kind) {
    case 'move':
    case 'go':
      return understood(typedMove(s, seat, w, legal));
    case 'push':
      return understood(typedPush(s, seat, w, legal));
    case 'cops':
    case 'tip':
      return understood(typedCops(s, w, legal));
    case 'place':
    case 'swap':
      return typedPlacement(s, seat, w, w.has('swap') || kind === 'swap' ? 'swap' : 'place');
    case 'pick': {
      const place = takePlace(s, w, takeCell(s, w));
      return place ? oneOr(legal.filter((a) => a.type === 'chooseNeighborhood' && place.includes(a.nb)), { type: 'chooseNeighborhood', nb: place[0]! }) : null;
    }
    case 'boat': {
      const colour = w.take(/ (red|blue|r|b) /)?.[1];
      const [given] = takeCards(w);
      const c = given ?? (colour ? faceCard(colour.startsWith('r') ? 'red' : 'blue') : null);
      return c ? { type: 'playBoat', card: c } : null;
    }
    case 'hunch': {
      const colour = w.take(/ (red|blue) /)?.[1];
      return colour === 'red' || colour === 'blue' ? { type: 'hunch', colour } : null;
    }
    case 'trade':
    case 'give': {
      if (w.take(/ (pass|no|none|nothing|skip) /)) return { type: 'postPass' };
      const target = takeSeat(s, w, seat);
      const [c] = takeCards(w);
      return target !== null && c ? { type: 'postTrade', card: c, target } : null;
    }
  }
  return null;
}

/** Move Yourself: the cards played, and where to (named, or where the cards lead). */
function typedMove(s: FenceState, seat: number, w: Words, legal: Action[]): Action | null {
  const cell = takeCell(s, w);
  const cards = takeCards(w).slice(0, 2);
  const place = takePlace(s, w, cell);
  const moves = legal.filter((a): a is Extract<Action, { type: 'moveSelf' }> => a.type === 'moveSelf');
  if (cards.length === 0) return place ? only(moves.filter((a) => place.includes(a.to))) : null;
  const played = moves.filter((a) => sameAction(a, { ...a, cards }));
  if (place) return oneOr(played.filter((a) => place.includes(a.to)), { type: 'moveSelf', cards, to: place[0]! });
  const chosen = only(played);
  if (chosen) return chosen;
  if (played.length > 1) return null;
  // Not a legal play: name the place the cards lead to, so the refusal can say what is wrong there.
  const pawn = s.pawns[seat];
  const from = !pawn || pawn === 'jail' ? null : coordsOfKey(s, tileKeyOf(pawn));
  return { type: 'moveSelf', cards, to: destinationOf(s, targetCoords(from, cards)) ?? anywhere(s) };
}

/** The neighborhood at a coordinate: the first in play, else the tile's own even when absent. */
function destinationOf(s: FenceState, at: { red: number; blue: number } | null): NbId | null {
  if (!at) return null;
  return inPlayAt(s, at.red, at.blue)[0] ?? `${at.red}-${at.blue}/0`;
}

/** Move Others, a push: whose pawn, and where to (named, or its only road out). */
function typedPush(s: FenceState, seat: number, w: Words, legal: Action[]): Action | null {
  const cell = takeCell(s, w);
  const target = takeSeat(s, w, seat);
  const place = takePlace(s, w, cell);
  const pushes = legal.filter((a): a is Extract<Action, { type: 'push' }> => a.type === 'push');
  if (target === null) return place ? only(pushes.filter((a) => place.includes(a.to))) : null;
  const theirs = pushes.filter((a) => a.target === target);
  if (place) return oneOr(theirs.filter((a) => place.includes(a.to)), { type: 'push', target, to: place[0]! });
  const chosen = only(theirs);
  if (chosen) return chosen;
  if (theirs.length > 1) return null;
  // No push for that pawn: the refusal says why (in Jail, your own, already pushed, no road).
  const pawn = s.pawns[target];
  return { type: 'push', target, to: pawn && pawn !== 'jail' ? pawn : anywhere(s) };
}

/** Move Others, the Cops: by road, or tipped off with the cards named. */
function typedCops(s: FenceState, w: Words, legal: Action[]): Action | null {
  const cell = takeCell(s, w);
  const cards = takeCards(w).slice(0, 2);
  const byRoad = w.take(/ (by )?road /) !== null;
  const place = takePlace(s, w, cell);
  const roads = legal.filter((a): a is Extract<Action, { type: 'copsRoad' }> => a.type === 'copsRoad');
  const tips = legal.filter((a): a is Extract<Action, { type: 'tipOff' }> => a.type === 'tipOff');
  if (cards.length > 0) {
    const played = tips.filter((a) => sameAction(a, { ...a, cards }));
    if (place) return oneOr(played.filter((a) => place.includes(a.to)), { type: 'tipOff', cards, to: place[0]! });
    const chosen = only(played);
    if (chosen) return chosen;
    if (played.length > 1) return null;
    const from = s.cops ? coordsOfKey(s, tileKeyOf(s.cops)) : null;
    return { type: 'tipOff', cards, to: destinationOf(s, targetCoords(from, cards)) ?? anywhere(s) };
  }
  if (!place) return null;
  const road = roads.filter((a) => place.includes(a.to));
  if (road.length > 0 || byRoad) return oneOr(road, { type: 'copsRoad', to: place[0]! });
  // Not one road step away: the one tip-off that gets there, if the hand has exactly one.
  return oneOr(tips.filter((a) => place.includes(a.to)), { type: 'copsRoad', to: place[0]! });
}

const ROTATIONS: Record<string, number> = { '0': 0, '90': 1, '180': 2, '270': 3 };

/** Map building: which tile, at which cell, turned how (when only one way fits, it can go unsaid). */
function typedPlacement(s: FenceState, seat: number, w: Words, type: 'place' | 'swap'): Action | null {
  const set = tileSetOf(s);
  const hand = s.tileHands[seat] ?? [];
  const turned = w.take(/ (?:rot|rotated|rotation|turned) ?(90|180|270|0)(?: ?(?:deg|degrees))? /) ?? w.take(/ (90|180|270)(?: ?(?:deg|degrees))? /);
  const quarter = w.take(/ (?:rot|rotated|rotation|turned) ?([0-3]) /);
  // Tiles by id or by any of their neighborhoods' names; the one in hand first (Big Map copies).
  const phrases = set.tiles.flatMap((t) => {
    const keys = [t.id, `${t.id}#2`];
    const inHand = keys.find((k) => hand.includes(k)) ?? t.id;
    return [t.id.toLowerCase(), ...t.neighborhoods.map((n) => plain(n.name))].flatMap((words) => [
      { words, value: inHand },
      { words: `${words} #2`, value: `${t.id}#2` },
    ]);
  });
  const named = takeCell(s, w);
  const tile = w.takePhrase(phrases);
  if (!tile) return null;
  const cell = named ?? w.takePhrase(cellsOf(s));
  if (!cell) return null;
  const rot = turned ? ROTATIONS[turned[1]!] : quarter ? Number(quarter[1]) : undefined;
  if (rot !== undefined) return { type, tile, x: cell.x, y: cell.y, rot };
  const fitting = legalPlacements(buildContext(s, set), seat).filter((p) => p.type === type && p.tile === tile && p.x === cell.x && p.y === cell.y);
  if (fitting.length > 1) return null;
  return { type, tile, x: cell.x, y: cell.y, rot: fitting[0]?.rot ?? 0 };
}
