/**
 * A Duck Pens turn as a few taps (src/platform/choices.ts), each level about places drawn with
 * its labels on the board:
 * - before the roll: **Roll**;
 * - the roll made, re-rolls allowed: the fences these dice give, numbered on the board (pressing
 *   one keeps the dice and draws it, see moves.ts), **Re-roll** (then which dice) or **Keep**;
 * - the dice kept: the fence by its number, the bread's one-space fence, or **End turn**;
 * - solo, the Automa's card: its placements numbered on the board, fewest ducks first;
 * - duck boxes to place: a row for each.
 * So a turn is Roll and a number, and in solo the number of the Automa's pen. Every candidate
 * says what it does in words, the pens it would close first ("closes a 3-space pen: you capture
 * 2 ducks"), and the picture shades those pens with the candidate's number.
 */
import type { Choice, ChoiceOption, ChoiceStyle } from '../../platform/choices.ts';
import type { Picture, Prompt } from '../../platform/game.ts';
import { COMPONENTS } from './components.ts';
import { count } from '../grammar.ts';
import { actionPath, automaChoices, colourOf, currentCard, fenceActions, fenceLength, keepingSkips, openRows, pensAfter, turnSkips } from './engine.ts';
import { dotEdges, dotName, inkOf, SIZE, spaceXY, type Dot } from './grid.ts';
import { fencesIfKept, kept } from './moves.ts';
import { playByRules } from './play.ts';
import { ducksOn, walk } from './rules.ts';
import type { Action, DucksState, FenceAction, Pen } from './state.ts';
import { choicePicture, type DucksChoiceView, type DucksMark, type Tone } from './views.ts';
import { closesText, contentsOf, diceText, pathText, seatName, shapeName } from './words.ts';

type Level = Choice<Action, Picture>;
type Option = ChoiceOption<Action, Picture>;

/** The labels of a level's verbs (drawn beside the dice on its picture). */
export const VERBS = { roll: 'Roll', reroll: 'Re-roll', keep: 'Keep', end: 'End turn', bread: 'Bread fence', first: 'Automa first', fewest: 'Fewest ducks' } as const;

const STYLE: Record<Tone, ChoiceStyle> = { plain: 'secondary', mine: 'success', theirs: 'danger' };

export function prompt(s: DucksState, seat: number): Prompt<Action> {
  const { text, choice } = ask(s, seat);
  return { text, buttons: [], choice };
}

/** What `seat` is asked now: the words after their mention, and the choice. */
function ask(s: DucksState, seat: number): { text: string; choice: Level } {
  const area = s.areas[seat];
  if (area && area.pending > 0 && openRows(area).length > 0) {
    const text = `place ${count(area.pending, 'duck box', 'duck boxes')}: which row? (A full row scores 1 point per duck in your pens of its shape.)`;
    return { text, choice: boxLevel(s, seat, text) };
  }
  const stage = s.turn.stage;
  if (s.end || seat !== s.turn.seat || stage === 'final') return { text: 'wait for the others.', choice: { question: 'wait for the others', options: [] } };
  const n = fenceLength(s);
  if (stage === 'roll') {
    return { text: 'your turn: roll the dice.', choice: { question: 'roll the dice', options: [{ label: VERBS.roll, says: '', action: { type: 'roll' }, style: 'primary' }] } };
  }
  if (stage === 'reroll') {
    const fences = fencesIfKept(s, seat);
    const left = count(s.turn.rerollsLeft, 're-roll');
    const what = fences.length
      ? `a fence of ${count(n, 'space')}. Press its number on the board to keep these dice and draw it`
      : `no fence fits these dice${n ? '' : ` (no ${colourOf(s, seat)} die)`}`;
    const warning = keepingSkips(s) ? ` Careful: keeping them skips your turn${s.skips > 0 ? ' and, after the skip before it, ends the game' : ''}.` : '';
    return { text: `you rolled ${diceText(s.turn.dice)}: ${what}; or **${VERBS.reroll}** (${left} left this turn), or **${VERBS.keep}** them.${warning}`, choice: rerollLevel(s, seat, fences) };
  }
  if (stage === 'act') {
    const regular = !s.turn.fenced && n > 0 && fenceActions(s).some((a) => a.type === 'fence');
    const text = regular
      ? `a fence of ${count(n, 'space')}: press its number on the board${fenceActions(s).some((a) => a.type === 'bread') ? ` (or **${VERBS.bread}** first)` : ''}.`
      : `your bread fence, one space: press its number on the board, or **${VERBS.end}**.`;
    return { text, choice: actLevel(s, seat) };
  }
  const card = currentCard(s);
  const c = card === null ? null : COMPONENTS.cards[card];
  const many = automaChoices(s).length > TILES_MAX;
  const how = many ? `press **${VERBS.fewest}** (shown on the board), or a direction from the dot to see its places` : 'press its number (1 leaves the fewest ducks)';
  const text = `place the Automa's ${c ? shapeName(c.shape) : 'pen'} through dot ${c ? dotName(c.dot) : '?'}: ${how}.`;
  return { text, choice: automaLevel(s, seat) };
}

// ---- Fences --------------------------------------------------------------------------------------

/** Whether a dot already touches a fence of `seat`'s colour (their border included). */
function touches(s: DucksState, seat: number, d: Dot): boolean {
  const ink = inkOf(colourOf(s, seat));
  const at = dotEdges(d);
  return [at.e, at.w, at.n, at.s].some((e) => e !== null && s.fences[e] === ink);
}

/**
 * The edges of a fence where its label may sit, best first: from its free end (the one away
 * from the player's fences, where a player draws "to") inwards.
 */
function labelEdges(s: DucksState, seat: number, a: FenceAction): number[] {
  const path = actionPath(a);
  const edges = walk(path)?.edges ?? [];
  const first = path[0]!;
  const last = path[path.length - 1]!;
  const fromFree = !touches(s, seat, first) && touches(s, seat, last);
  return fromFree ? edges : [...edges].reverse();
}

/** The point where an edge's label sits, for reading order: (column, row from the top). */
function edgePoint(e: number): [number, number] {
  const H = SIZE * (SIZE + 1);
  if (e < H) return [(e % SIZE) + 0.5, SIZE - Math.floor(e / SIZE)];
  const k = e - H;
  return [k % (SIZE + 1), SIZE - Math.floor(k / (SIZE + 1)) - 0.5];
}

const readingOrder = (p: [number, number], q: [number, number]): number => p[1] - q[1] || p[0] - q[0];

/** Candidates numbered in reading order of their labels on the board, each label on an edge of its own where it can be. */
function numbered<T>(items: readonly T[], places: (t: T) => number[], point: (at: number) => [number, number]): { item: T; at: number; label: string }[] {
  const used = new Set<number>();
  const placed = items.map((item) => {
    const options = places(item);
    const at = options.find((e) => !used.has(e)) ?? options[0]!;
    used.add(at);
    return { item, at };
  });
  placed.sort((x, y) => readingOrder(point(x.at), point(y.at)));
  return placed.map((p, i) => ({ ...p, label: String(i + 1) }));
}

/** What a candidate does for `seat`: nothing special, a pen they capture, or one another side gets. */
const toneOf = (s: DucksState, seat: number, pens: readonly Pen[]): Tone => (pens.some((p) => p.owner === colourOf(s, seat)) ? 'mine' : pens.length ? 'theirs' : 'plain');

/** A level of candidate fences, numbered on the board, with `verbs` (options drawn beside the dice). */
function fenceLevel(s: DucksState, seat: number, fences: readonly FenceAction[], question: string, title: string, verbs: Option[]): Level {
  const found = fences.map((a) => ({ a, pens: pensAfter(s, a, seat) }));
  const marks = numbered(found, (f) => labelEdges(s, seat, f.a), edgePoint);
  const would = new Map<string, DucksChoiceView['would'][number]>();
  const options: Option[] = marks.map(({ item: { a, pens }, label }) => {
    for (const p of pens) {
      const key = p.cells.join();
      const w = would.get(key) ?? { cells: p.cells, owner: p.owner, labels: [] };
      w.labels.push(label);
      would.set(key, w);
    }
    const closes = closesText(s, seat, pens);
    const bread = a.type === 'bread' ? 'bread fence ' : '';
    return { label, says: `${bread}${pathText(a)}${closes ? ` · ${closes}` : ''}`, action: a, style: STYLE[toneOf(s, seat, pens)] };
  });
  const drawn: DucksMark[] = marks.map(({ item: { a, pens }, at, label }) => ({ label, tone: toneOf(s, seat, pens), fence: { dots: actionPath(a).map((d) => [d[0], d[1]] as const), at } }));
  return { question, picture: choicePicture(s, seat, title, drawn, [...would.values()], verbs.map((v) => v.label)), options: [...options, ...verbs] };
}

/** Re-rolls allowed: the fences of these dice (each keeps them), Re-roll, Keep. */
function rerollLevel(s: DucksState, seat: number, fences: readonly FenceAction[]): Level {
  const name = seatName(s, seat);
  const keeping = kept(s);
  const keepSays = keepingSkips(s)
    ? `skips your turn: no fence fits these dice and no die fills a re-roll space${s.skips > 0 ? ' (after the skip before it, the game ends)' : ''}`
    : fences.length ? 'keep these dice, then draw or end your turn' : `keep these dice: no fence fits them${turnSkips(keeping) ? '' : ', but they fill re-roll spaces'}`;
  const verbs: Option[] = [
    { label: VERBS.reroll, says: `re-roll some dice (${count(s.turn.rerollsLeft, 're-roll')} left this turn)`, then: () => diceLevel(s), style: 'secondary' },
    { label: VERBS.keep, says: keepSays, action: { type: 'keep' }, style: keepingSkips(s) ? 'danger' : 'secondary' },
  ];
  const n = fenceLength(s);
  const title = fences.length ? `${name}: keep ${diceText(s.turn.dice)} and draw ${count(n, 'space')}?` : `${name}: no fence fits ${diceText(s.turn.dice)}`;
  return fenceLevel(s, seat, fences, fences.length ? `which fence of ${count(n, 'space')}? (or re-roll)` : 're-roll or keep these dice?', title, verbs);
}

/** Which dice are re-rolled: each alone, the other colour's, or all three. */
function diceLevel(s: DucksState): Level {
  const dice = s.turn.dice;
  const mine = colourOf(s, s.turn.seat);
  const theirs = dice.map((d, i) => (d === mine ? -1 : i)).filter((i) => i >= 0);
  const sets: number[][] = [[0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]];
  const name = (set: number[]) => (set.length === 3 ? 'all three' : set.length === theirs.length && set.every((i) => theirs.includes(i)) && set.length > 1 ? `the ${set.length} ${dice[set[0]!]}` : set.map((i) => `${i + 1} (${dice[i]})`).join(' + '));
  return {
    question: `which dice do you re-roll? Now ${diceText(dice)}`,
    options: sets.map((set): Option => ({ label: `Re-roll ${name(set)}`.slice(0, 80), says: '', action: { type: 'reroll', dice: set }, style: 'secondary' })),
  };
}

/** The dice kept: the regular fence (the bread's first, if they like), or the bread's after it; End turn. */
function actLevel(s: DucksState, seat: number): Level {
  const name = seatName(s, seat);
  const all = fenceActions(s);
  const regular = all.filter((a) => a.type === 'fence');
  const bread = all.filter((a) => a.type === 'bread');
  const skip = turnSkips(s);
  const endSays = `ends your turn${s.turn.fenced || s.turn.special === 'bread' ? '' : ' without a fence'}${skip ? ': a skip (no fence drawn, no re-roll space filled)' : ''}`;
  const end: Option = { label: VERBS.end, says: endSays, action: { type: 'done' }, style: skip ? 'danger' : 'secondary' };
  const n = fenceLength(s);
  if (regular.length) {
    const verbs: Option[] = bread.length ? [{ label: VERBS.bread, says: 'the bread\'s one-space fence first', then: () => breadLevel(s, seat, bread, end) }, end] : [end];
    return fenceLevel(s, seat, regular, `which fence of ${count(n, 'space')}?`, `${name}: draw ${count(n, 'space')}`, verbs);
  }
  return breadLevel(s, seat, bread, end);
}

function breadLevel(s: DucksState, seat: number, bread: readonly FenceAction[], end: Option): Level {
  return fenceLevel(s, seat, bread, 'which one-space bread fence?', `${seatName(s, seat)}: the bread's fence, one space`, [end]);
}

// ---- The Automa's pen (solo) -----------------------------------------------------------------------

/** A placement of the Automa's pen: its spaces, the pens it would close, the ducks that leave play with it. */
interface Placement {
  cells: number[];
  pens: Pen[];
  ducks: number;
}

/** Up to this many placements are shown each on a part of the board of its own, numbered; more are first sorted by direction. */
export const TILES_MAX = 25;

/**
 * The placements of the card's pen (A3–A6), fewest ducks leaving play first (the engine's order
 * among equals, so the simple strategy's pick comes first): up to TILES_MAX numbered, each shown
 * on its own; more (an open board gives an L up to 76) first by the direction they go from the
 * card's dot, with **Fewest ducks** at once.
 */
function automaLevel(s: DucksState, seat: number): Level {
  const card = currentCard(s);
  const c = card === null ? null : COMPONENTS.cards[card];
  const all = automaChoices(s).map((cells): Placement => {
    const r = playByRules(s, seat, { type: 'place', cells });
    const pens = r.ok ? r.events.flatMap((e) => (e.type === 'penFormed' ? [r.state.pens[e.pen]!] : [])) : [];
    return { cells, pens, ducks: cells.reduce((n, x) => n + ducksOn(x), 0) };
  });
  const order = all.map((p, i) => ({ p, i })).sort((x, y) => x.p.ducks - y.p.ducks || x.i - y.i).map((x) => x.p);
  const title = `${seatName(s, seat)}: place the Automa's ${c ? shapeName(c.shape) : 'pen'} through dot ${c ? dotName(c.dot) : '?'}`;
  const question = 'where does the Automa\'s pen go?';
  if (order.length <= TILES_MAX) return placementLevel(s, seat, order, question, title);
  const dot = c?.dot ?? [SIZE / 2, SIZE / 2];
  const groups = new Map<string, Placement[]>();
  for (const p of order) {
    const d = directionOf(p.cells, dot);
    groups.set(d, [...(groups.get(d) ?? []), p]);
  }
  const directions = DIRECTIONS.filter((d) => groups.has(d.label));
  const best = order[0]!;
  const fewest: Option = { label: VERBS.fewest, says: `${placementSays(s, seat, best)} (the simple strategy's place)`, action: { type: 'place', cells: best.cells }, style: STYLE[toneOf(s, seat, best.pens)] };
  // A compass around the dot: each direction's label the same way from it.
  const marks: DucksMark[] = directions.map((d) => {
    const k = DIRECTIONS.indexOf(d);
    const angle = (k * Math.PI) / 4;
    return { label: d.label, tone: 'plain', spot: [dot[0] + 1.7 * Math.sin(angle), dot[1] + 1.7 * Math.cos(angle)] };
  });
  const options: Option[] = directions.map((d) => {
    const g = groups.get(d.label)!;
    const least = Math.min(...g.map((p) => p.ducks));
    return { label: d.label, says: `${count(g.length, 'place')} ${d.words} of the dot (${least ? `at least ${count(least, 'duck')} lost` : 'some losing no duck'})`, then: () => placementLevel(s, seat, g, `${question} (${d.words})`, `${title}, ${d.words}`), style: 'secondary' };
  });
  // Its pen is shown where it would go, glowing; its label goes with the verbs (the compass
  // fills the space around the dot, where the pen also lies).
  const would = best.pens.map((p) => ({ cells: p.cells, owner: p.owner, labels: [fewest.label] }));
  return { question: `${question} ${count(order.length, 'place')}: pick a direction from the dot, or the fewest ducks`, picture: choicePicture(s, seat, `${title} (the glowing pen: ${VERBS.fewest})`, marks, would, [fewest.label], best.cells), options: [fewest, ...options] };
}

/** The eight ways from a dot, each a label drawn where its placements lie. */
const DIRECTIONS = [
  { label: 'N', words: 'north' }, { label: 'NE', words: 'north-east' }, { label: 'E', words: 'east' }, { label: 'SE', words: 'south-east' },
  { label: 'S', words: 'south' }, { label: 'SW', words: 'south-west' }, { label: 'W', words: 'west' }, { label: 'NW', words: 'north-west' },
] as const;

/** Which of the eight ways from the dot a pen's middle lies (north is up the board). */
function directionOf(cells: readonly number[], dot: readonly [number, number]): string {
  const xy = cells.map(spaceXY);
  const dx = xy.reduce((n, [x]) => n + x - 0.5, 0) / xy.length - dot[0];
  const dy = xy.reduce((n, [, y]) => n + y - 0.5, 0) / xy.length - dot[1];
  // Angle from north, clockwise, in eighths.
  const k = Math.round((Math.atan2(dx, dy) / (2 * Math.PI)) * 8 + 8) % 8;
  return DIRECTIONS[k]!.label;
}

/** What a placement does: what leaves play with it, and the pens it closes. */
function placementSays(s: DucksState, seat: number, p: Placement): string {
  const gone = contentsOf(p.cells);
  const closes = closesText(s, seat, p.pens);
  return `${gone.text ? `${gone.text} ${gone.one ? 'leaves' : 'leave'} play` : 'nothing leaves play'}${closes ? `; ${closes}` : ''}`;
}

/** Placements numbered in order, each shown on a part of the board of its own, the pens it would close shaded. */
function placementLevel(s: DucksState, seat: number, order: readonly Placement[], question: string, title: string): Level {
  const marks = order.map((p, i) => ({ p, label: String(i + 1) }));
  const would = new Map<string, DucksChoiceView['would'][number]>();
  const options: Option[] = marks.map(({ p, label }) => {
    for (const pen of p.pens) {
      const w = would.get(pen.cells.join()) ?? { cells: pen.cells, owner: pen.owner, labels: [] };
      w.labels.push(label);
      would.set(pen.cells.join(), w);
    }
    return { label, says: placementSays(s, seat, p), action: { type: 'place', cells: p.cells }, style: STYLE[toneOf(s, seat, p.pens)] };
  });
  const drawn: DucksMark[] = marks.map(({ p, label }) => ({ label, tone: toneOf(s, seat, p.pens), place: { cells: p.cells } }));
  return { question, picture: choicePicture(s, seat, title, drawn, [...would.values()], []), options };
}

// ---- Duck boxes -----------------------------------------------------------------------------------

/** A row for the next duck box (D18); in solo, the Automa's pen may be placed first. */
function boxLevel(s: DucksState, seat: number, question: string): Level {
  const area = s.areas[seat]!;
  const options: Option[] = openRows(area).map((id) => {
    const sh = COMPONENTS.shapes.get(id);
    const crossed = area.ducks[id] ?? 0;
    const boxes = sh?.duckBoxes ?? 0;
    return { label: `${sh?.name ?? id} row`, says: `${crossed} of ${boxes} crossed off${crossed + 1 === boxes ? ': this box fills it' : ''}`, action: { type: 'box', shape: id }, style: 'primary' };
  });
  if (seat === s.turn.seat && s.turn.stage === 'automa' && !s.end) {
    options.push({ label: VERBS.first, says: 'place the Automa\'s pen first, the boxes after', then: () => automaLevel(s, seat), style: 'secondary' });
  }
  return { question, options };
}
