/**
 * The engine: setup, who acts, legal actions and play, for one player against the Automa or two
 * players. A turn is Roll (and re-rolls), Actions (the fence, one special action), then Capture
 * (D8–D19); in solo play an Automa card follows every turn (A3–A9). Pure and deterministic:
 * dice come from the seeded generator kept in the state, rolled when the player rolls (D23).
 */
import { newSeats, TIMEOUTS_TO_LEAVE, type Applied, type LeaveReason, type TimedOut } from '../../platform/game.ts';
import { botRng, Rng, seedRng } from '../../platform/rng.ts';
import { COMPONENTS } from './components.ts';
import { borderFences, other, outline, type Colour, type Dot } from './grid.ts';
import {
  allowedPlacements, breadUnlocked, canonical, draw, eggUnlocked, fullSections, legalPaths, newPens, pathEdges, penOf,
  REROLL_SPACES, scoreOf, ducksOn, boundaryCounts, type Path,
} from './rules.ts';
import { STATE_VERSION, type Action, type Area, type DucksEvent, type DucksOptions, type DucksState, type EndReason, type FenceAction, type Pen } from './state.ts';

const emptyArea = (): Area => ({ rerolls: 0, bread: 0, eggs: 0, ducks: Object.fromEntries(COMPONENTS.specialty.map((s) => [s.id, 0])), outlined: [], pending: 0 });

export function setup(input: { seats: { name: string; computer: boolean }[]; seed: string; options: DucksOptions }): Applied<DucksState, DucksEvent> {
  const rng = new Rng(seedRng(input.seed));
  const solo = input.seats.length === 1;
  const host = input.options.colour;
  const colours: Colour[] = solo ? [host] : [host, other(host)];
  // D7: solo, the player starts; two players, a seeded draw.
  const first = solo ? 0 : rng.int(2);
  const deck = solo ? rng.shuffle(COMPONENTS.cards.map((_, i) => i)) : [];
  const state: DucksState = {
    version: STATE_VERSION,
    game: 'ducks',
    options: input.options,
    seats: input.seats.map((s) => ({ name: s.name, computer: s.computer })),
    out: newSeats(input.seats).out,
    colours,
    rng: rng.state,
    fixedDice: [],
    fences: borderFences(),
    pens: [],
    areas: input.seats.map(emptyArea),
    turn: { seat: first, number: 1, stage: 'roll', dice: [], rerollsLeft: 0, fenced: false, special: null, newPens: [] },
    automa: solo ? { colour: other(host), deck, turned: [] } : null,
    timeouts: input.seats.map(() => 0),
    takenOver: [],
    skips: 0,
    lastEdges: [],
    end: null,
  };
  return { ok: true, state, events: [{ type: 'started', colours, first, solo }] };
}

export const colourOf = (s: DucksState, seat: number): Colour => s.colours[seat] as Colour;
export const seatOfColour = (s: DucksState, c: Colour): number | null => {
  const i = s.colours.indexOf(c);
  return i < 0 ? null : i;
};
const areaOf = (s: DucksState, seat: number): Area => s.areas[seat] as Area;
/** Dice showing the player's colour: the fence's length (D11). */
export const fenceLength = (s: DucksState): number => s.turn.dice.filter((d) => d === colourOf(s, s.turn.seat)).length;
export const currentCard = (s: DucksState): number | null => (s.turn.stage === 'automa' ? (s.automa?.turned[s.automa.turned.length - 1] ?? null) : null);

export function activeSeats(s: DucksState): number[] {
  if (s.end) return [];
  const seats: number[] = s.turn.stage === 'final' ? [] : [s.turn.seat];
  s.areas.forEach((a, i) => {
    if (a.pending > 0 && !seats.includes(i)) seats.push(i);
  });
  return seats;
}

/** Rows a duck box may go in (D18): specialty rows with a free box. */
export const openRows = (a: Area): string[] => COMPONENTS.specialty.filter((sh) => (a.ducks[sh.id] ?? 0) < sh.duckBoxes).map((sh) => sh.id);

/** The regular fence and bread fences the turn's player may draw now. */
export function fenceActions(s: DucksState): FenceAction[] {
  if (s.turn.stage !== 'act') return [];
  const colour = colourOf(s, s.turn.seat);
  const area = areaOf(s, s.turn.seat);
  const out: FenceAction[] = [];
  const n = fenceLength(s);
  if (!s.turn.fenced && n > 0) {
    const bends = s.turn.special === null && eggUnlocked(area);
    for (const p of legalPaths(s.fences, s.pens, colour, n, bends)) out.push(pathAction('fence', p));
  }
  if (s.turn.special === null && breadUnlocked(area)) for (const p of legalPaths(s.fences, s.pens, colour, 1, false)) out.push(pathAction('bread', p));
  return out;
}

const pathAction = (type: 'fence' | 'bread', p: Path): FenceAction => {
  const [from, a, b] = p as [Dot, Dot, Dot | undefined];
  const pair = (d: Dot): [number, number] => [d[0], d[1]];
  return type === 'fence' && b ? { type, from: pair(from), via: pair(a), to: pair(b) } : { type, from: pair(from), to: pair(a) };
};
export const actionPath = (a: FenceAction): Path => (a.type === 'fence' && a.via ? [a.from, a.via, ...(a.bends ?? []), a.to] : [a.from, a.to]);

/**
 * Whether keeping the dice now ends the turn as a skip (D20): they give no legal fence (the
 * bread's included) and no die fills a re-roll space. Players are warned before they keep them.
 */
export function keepingSkips(s: DucksState): boolean {
  return s.turn.stage === 'reroll' && turnSkips(s) && fenceActions({ ...s, turn: { ...s.turn, stage: 'act' } }).length === 0;
}

/** Whether the turn, ended with its dice as they stand, is a skip (D20): no fence drawn, no re-roll space filled. */
export function turnSkips(s: DucksState): boolean {
  const drew = s.turn.fenced || s.turn.special === 'bread';
  const fills = s.turn.dice.some((d) => d !== colourOf(s, s.turn.seat)) && areaOf(s, s.turn.seat).rerolls < REROLL_SPACES;
  return !drew && !fills;
}

/** Non-empty sets of dice, as sorted index lists. */
const SUBSETS = [[0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]];

export function legalActions(s: DucksState, seat: number): Action[] {
  if (!activeSeats(s).includes(seat)) return [];
  const area = areaOf(s, seat);
  const boxes: Action[] = area.pending > 0 ? openRows(area).map((shape) => ({ type: 'box', shape })) : [];
  if (seat !== s.turn.seat || s.turn.stage === 'final') return boxes;
  switch (s.turn.stage) {
    case 'roll': return boxes.length ? boxes : [{ type: 'roll' }];
    case 'reroll': return [...boxes, ...SUBSETS.map((dice) => ({ type: 'reroll' as const, dice })), { type: 'keep' }];
    case 'act': return [...boxes, ...fenceActions(s), { type: 'done' }];
    case 'automa': return [...boxes, ...automaChoices(s).map((p) => ({ type: 'place' as const, cells: p }))];
  }
}

/** The placements the player may choose for the turned card. */
export function automaChoices(s: DucksState): number[][] {
  const card = currentCard(s);
  if (card === null) return [];
  return allowedPlacements(s.fences, s.pens, COMPONENTS.cards[card] as { shape: string; dot: Dot }).placements.map((p) => p.cells);
}

// ---- Apply -------------------------------------------------------------------------------------------

/** A change made on a copy of `state`: `change` alters the copy and tells what it did in `events`. */
function changed(state: DucksState, change: (s: DucksState, events: DucksEvent[]) => void): Applied<DucksState, DucksEvent> {
  const s = structuredClone(state);
  const events: DucksEvent[] = [];
  change(s, events);
  return { ok: true, state: s, events };
}

/**
 * Plays an action already known to be one of `seat`'s legal ones (play.ts checks what a seat
 * asks and refuses the rest), then the turns of seats the computer plays on.
 */
export function playLegal(state: DucksState, seat: number, action: Action): Applied<DucksState, DucksEvent> {
  return changed(state, (s, events) => {
    step(s, events, seat, action);
    playTakenOver(s, events);
  });
}

/** D26: a seat leaves (resigned, removed). */
export function leaveGame(state: DucksState, seat: number, reason: LeaveReason): Applied<DucksState, DucksEvent> {
  return changed(state, (s, events) => {
    leave(s, events, seat, reason);
    playTakenOver(s, events);
  });
}

export function abortGame(state: DucksState): Applied<DucksState, DucksEvent> {
  return changed(state, (s, events) => finish(s, events, { kind: 'aborted', winners: [], seat: null }));
}

/**
 * H2 (D26): a timed-out seat's part is played by the simple strategy, to the end of its turn;
 * then seats the computer plays on in take their turns — unless this timeout removes the
 * seat, which comes first (leaveGame).
 */
export function timeOut(state: DucksState, seat: number, inARow: number): TimedOut<DucksState, DucksEvent> {
  return changed(state, (s, events) => {
    events.push({ type: 'timedOut', seat, inARow });
    playForSeat(s, events, seat);
    if (inARow < TIMEOUTS_TO_LEAVE) playTakenOver(s, events);
  });
}

/** Two actions are the same move (a fence read from either end included). */
export function sameAction(a: Action, b: Action): boolean {
  if (a.type === 'fence' && b.type === 'fence' && (a.bends || b.bends)) return false;
  if ((a.type === 'fence' || a.type === 'bread') && a.type === b.type) return fenceKey(a) === fenceKey(b as FenceAction);
  if (a.type === 'reroll' && b.type === 'reroll') return [...a.dice].sort().join() === [...b.dice].sort().join();
  if (a.type === 'place' && b.type === 'place') return [...a.cells].sort((x, y) => x - y).join() === [...b.cells].sort((x, y) => x - y).join();
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A fence's one name: its dots from the end `canonical` puts first; three dots in a line are a straight fence. */
function fenceKey(a: FenceAction): string {
  const bent = a.type === 'fence' && a.via && (a.from[0] === a.via[0]) !== (a.via[0] === a.to[0]);
  return JSON.stringify(canonical(bent && a.type === 'fence' && a.via ? [a.from, a.via, a.to] : [a.from, a.to]));
}

/** One die: a scenario's fixed colour first, else the generator's. */
const rollDie = (s: DucksState, rng: Rng): 'red' | 'blue' => s.fixedDice.shift() ?? (rng.next() < 0.5 ? 'red' : 'blue');

/** Applies a legal action (already checked). */
function step(s: DucksState, events: DucksEvent[], seat: number, a: Action): void {
  const rng = new Rng(s.rng);
  switch (a.type) {
    case 'box': {
      placeBox(s, events, seat, a.shape, false);
      // D19: once the last owed box of a finished game is placed, the game is scored.
      if (s.turn.stage === 'final' && s.areas.every((x) => x.pending === 0)) finishScored(s, events);
      break;
    }
    case 'roll': {
      s.turn.dice = [0, 1, 2].map(() => rollDie(s, rng));
      s.lastEdges = [];
      s.rng = rng.state;
      events.push({ type: 'rolled', seat, dice: [...s.turn.dice] });
      s.turn.rerollsLeft = fullSections(areaOf(s, seat).rerolls);
      if (s.turn.rerollsLeft > 0) s.turn.stage = 'reroll';
      else enterActions(s, events);
      break;
    }
    case 'reroll': {
      for (const i of [...a.dice].sort()) s.turn.dice[i] = rollDie(s, rng);
      s.rng = rng.state;
      s.turn.rerollsLeft--;
      events.push({ type: 'rerolled', seat, which: [...a.dice].sort(), dice: [...s.turn.dice] });
      if (s.turn.rerollsLeft === 0) enterActions(s, events);
      break;
    }
    case 'keep': enterActions(s, events); break;
    case 'fence':
    case 'bread': {
      const edges = pathEdges(actionPath(a)) as number[];
      const colour = colourOf(s, seat);
      if (a.type === 'fence') {
        s.turn.fenced = true;
        if (a.via) s.turn.special = 'egg';
      } else s.turn.special = 'bread';
      s.fences = draw(s.fences, edges, colour);
      s.lastEdges.push(...edges);
      events.push({ type: 'fenced', seat, action: a, edges });
      for (const pen of newPens(s.fences, s.pens, colour, edges)) {
        s.pens.push(pen);
        s.turn.newPens.push(s.pens.length - 1);
        events.push({ type: 'penFormed', pen: s.pens.length - 1, by: colour });
      }
      if (fenceActions(s).length === 0) endTurn(s, events);
      break;
    }
    case 'done': endTurn(s, events); break;
    case 'place': placeAutoma(s, events, a.cells); break;
  }
}

function enterActions(s: DucksState, events: DucksEvent[]): void {
  s.turn.stage = 'act';
  s.turn.rerollsLeft = 0;
  // With nothing to draw the turn has no choice left: it ends by itself.
  if (fenceActions(s).length === 0) endTurn(s, events);
}

/** Actions are over: re-roll spaces (D10, D14), the skip (D20), Capture (D18), then the Automa or the other player. */
function endTurn(s: DucksState, events: DucksEvent[]): void {
  const seat = s.turn.seat;
  const area = areaOf(s, seat);
  const skip = turnSkips(s);
  const theirs = s.turn.dice.filter((d) => d !== colourOf(s, seat)).length;
  const filled = Math.min(theirs, REROLL_SPACES - area.rerolls);
  if (filled > 0) {
    const before = fullSections(area.rerolls);
    area.rerolls += filled;
    events.push({ type: 'rerollSpaces', seat, filled, unlocked: fullSections(area.rerolls) - before });
  }
  events.push({ type: 'turnEnded', seat, skip });
  for (const pen of s.turn.newPens) capture(s, events, pen);
  s.skips = skip ? s.skips + 1 : 0;
  if (s.skips >= 2) return finishScored(s, events);
  if (s.automa) turnCard(s, events);
  else nextTurn(s, events, (seat + 1) % s.seats.length);
}

function nextTurn(s: DucksState, _events: DucksEvent[], seat: number): void {
  s.turn = { seat, number: s.turn.number + 1, stage: 'roll', dice: [], rerollsLeft: 0, fenced: false, special: null, newPens: [] };
}

/** D18: the owner shades the pen, outlines its shape, crosses off boxes. The Automa captures nothing (A7). */
function capture(s: DucksState, events: DucksEvent[], penIndex: number): void {
  const pen = s.pens[penIndex] as Pen;
  const seat = seatOfColour(s, pen.owner);
  if (seat === null || pen.automa) return;
  const area = areaOf(s, seat);
  let bread = 0;
  let eggs = 0;
  let duckSpaces = 0;
  for (const c of pen.cells) {
    const k = COMPONENTS.contents[c]?.kind;
    if (k === 'bread') bread++;
    else if (k === 'egg') eggs++;
    else if (k === 'ducks') duckSpaces++;
  }
  const breadBefore = breadUnlocked(area);
  const eggBefore = eggUnlocked(area);
  const lostBread = Math.max(0, area.bread + bread - COMPONENTS.breadBoxes);
  const lostEggs = Math.max(0, area.eggs + eggs - COMPONENTS.eggBoxes);
  area.bread = Math.min(COMPONENTS.breadBoxes, area.bread + bread);
  area.eggs = Math.min(COMPONENTS.eggBoxes, area.eggs + eggs);
  let outlined: string | null = null;
  if (pen.shape && COMPONENTS.specialty.some((sh) => sh.id === pen.shape) && !area.outlined.includes(pen.shape)) {
    area.outlined.push(pen.shape);
    outlined = pen.shape;
  }
  area.pending += duckSpaces;
  events.push({ type: 'captured', seat, pen: penIndex, duckSpaces, bread, eggs, outlined, lost: lostBread + lostEggs });
  if (!breadBefore && breadUnlocked(area)) events.push({ type: 'unlocked', seat, what: 'bread' });
  if (!eggBefore && eggUnlocked(area)) events.push({ type: 'unlocked', seat, what: 'egg' });
  settleBoxes(s, events, seat);
}

/** Places duck boxes that leave no choice: one open row, or enough boxes to fill every open row. */
function settleBoxes(s: DucksState, events: DucksEvent[], seat: number): void {
  const area = areaOf(s, seat);
  while (area.pending > 0) {
    const rows = openRows(area);
    if (rows.length === 0) {
      events.push({ type: 'boxesLost', seat, n: area.pending });
      area.pending = 0;
      return;
    }
    const free = rows.reduce((n, id) => n + freeBoxes(area, id), 0);
    if (rows.length > 1 && area.pending < free) return;
    placeBox(s, events, seat, rows[0] as string, true);
  }
}

const freeBoxes = (a: Area, id: string): number => (COMPONENTS.specialty.find((sh) => sh.id === id)?.duckBoxes ?? 0) - (a.ducks[id] ?? 0);

function placeBox(s: DucksState, events: DucksEvent[], seat: number, shape: string, auto: boolean): void {
  const area = areaOf(s, seat);
  area.ducks[shape] = (area.ducks[shape] ?? 0) + 1;
  area.pending--;
  events.push({ type: 'box', seat, shape, auto });
  if (!auto) settleBoxes(s, events, seat);
}

// ---- The Automa ------------------------------------------------------------------------------------

/** A3: after each player turn the top card is turned; with no legal placement it is discarded (A6). */
function turnCard(s: DucksState, events: DucksEvent[]): void {
  const automa = s.automa!;
  const card = automa.deck.shift();
  if (card === undefined) return finishScored(s, events);
  automa.turned.push(card);
  s.turn.stage = 'automa';
  events.push({ type: 'card', card, left: automa.deck.length });
  if (automaChoices(s).length === 0) {
    events.push({ type: 'automaSkipped', card });
    s.skips++;
    afterCard(s, events);
  }
}

function afterCard(s: DucksState, events: DucksEvent[]): void {
  if (s.skips >= 2 || s.automa!.deck.length === 0) return finishScored(s, events);
  nextTurn(s, events, s.turn.seat);
}

/** A7: the card's pen with its open outline drawn in the Automa's colour; other pens it closes follow D16/D17. */
function placeAutoma(s: DucksState, events: DucksEvent[], cells: number[]): void {
  const automa = s.automa!;
  const card = currentCard(s) as number;
  const sorted = [...cells].sort((a, b) => a - b);
  const allowed = allowedPlacements(s.fences, s.pens, COMPONENTS.cards[card] as { shape: string; dot: Dot });
  // A5: the nearest dots this placement's outline passes through, to tell which one was used.
  const through = allowed.placements.find((p) => p.cells.join() === sorted.join())?.dots ?? [];
  const used = allowed.nearest ? allowed.dots.filter((d) => through.includes(`${d[0]},${d[1]}`)).map((d) => [d[0], d[1]] as [number, number]) : [];
  const edges = outline(sorted).filter((e) => s.fences[e] === '.');
  s.fences = draw(s.fences, edges, automa.colour);
  const own: Pen = { cells: sorted, owner: automa.colour, shape: COMPONENTS.cards[card]?.shape ?? null, completer: automa.colour, automa: true, red: 0, blue: 0 };
  const counts = boundaryCounts(s.fences, sorted);
  own.red = counts.red;
  own.blue = counts.blue;
  s.pens.push(own);
  s.lastEdges = [...edges];
  events.push({ type: 'automaPlaced', card, cells: sorted, edges, pen: s.pens.length - 1, nearest: allowed.nearest, ...(allowed.nearest ? { dots: used } : {}) });
  for (const pen of newPens(s.fences, s.pens, automa.colour, edges)) {
    s.pens.push(pen);
    events.push({ type: 'penFormed', pen: s.pens.length - 1, by: automa.colour });
    capture(s, events, s.pens.length - 1);
  }
  s.skips = 0;
  afterCard(s, events);
}

// ---- The end ----------------------------------------------------------------------------------------

/**
 * The game is over by D20/A9, at once: no further turn or card. Duck boxes still owed are
 * placed first (D19: by their owners, or by the simple strategy when their time runs out), then
 * the score (D21, D22).
 */
function finishScored(s: DucksState, events: DucksEvent[]): void {
  const reason: EndReason = s.skips >= 2 ? 'skips' : 'deck';
  const owed = s.areas.flatMap((a, seat) => (a.pending > 0 ? [{ seat, boxes: a.pending }] : []));
  if (owed.length) {
    if (s.turn.stage !== 'final') events.push({ type: 'ending', reason, owed });
    s.turn.stage = 'final';
    return;
  }
  const scores = s.seats.map((_, i) => scoreOf(s, i));
  let winners: number[];
  if (s.automa) winners = (scores[0]?.total ?? 0) >= COMPONENTS.soloTarget ? [0] : [];
  else {
    const best = Math.max(...scores.map((x) => x.total));
    let top = scores.map((x, i) => ({ x, i })).filter(({ x }) => x.total === best);
    const ducks = Math.max(...top.map(({ x }) => x.ducks));
    top = top.filter(({ x }) => x.ducks === ducks);
    winners = top.map(({ i }) => i);
  }
  finish(s, events, { kind: 'scored', reason, winners, seat: null });
}

function finish(s: DucksState, events: DucksEvent[], end: NonNullable<DucksState['end']>): void {
  s.end = end;
  events.push({ type: 'over', end, scores: s.seats.map((_, i) => scoreOf(s, i)) });
}

/**
 * D26: resigning or removal ends a two-player game for the other player, and a solo game
 * unscored — or, with the host's option, the computer plays on in the leaver's seat while a
 * player is left to play against.
 */
function leave(s: DucksState, events: DucksEvent[], seat: number, reason: LeaveReason): void {
  events.push({ type: 'left', seat, reason });
  const playerLeft = s.seats.some((_, i) => i !== seat && !s.takenOver.includes(i));
  if (s.options.takeOver && s.seats.length > 1 && playerLeft) {
    s.takenOver.push(seat);
    // The computer plays on in the seat: its count of timeouts starts again.
    s.timeouts[seat] = 0;
    events.push({ type: 'tookOver', seat });
    playTakenOver(s, events);
    return;
  }
  const winners = s.seats.length > 1 ? s.seats.map((_, i) => i).filter((i) => i !== seat) : [];
  finish(s, events, { kind: 'resigned', winners, seat });
}

/** D26's host option: whatever a taken-over seat must do is played at once by the simple strategy. */
function playTakenOver(s: DucksState, events: DucksEvent[]): void {
  for (let guard = 0; guard < 1000 && !s.end; guard++) {
    const seat = activeSeats(s).find((i) => s.takenOver.includes(i));
    if (seat === undefined) return;
    const a = simpleChoice(s, seat);
    if (!a) return;
    step(s, events, seat, a);
  }
}

/** H2 (D26): a timed-out seat's part is played by the simple strategy, to the end of its turn. */
function playForSeat(s: DucksState, events: DucksEvent[], seat: number): void {
  const turn = s.turn.number;
  for (let guard = 0; guard < 100 && !s.end && s.turn.number === turn && activeSeats(s).includes(seat); guard++) {
    const a = simpleChoice(s, seat);
    if (!a) return;
    step(s, events, seat, a);
  }
}

// ---- The simple strategy (D25) ---------------------------------------------------------------------

/** A generator for tie-breaks, derived from the game's without advancing it. */
export const tieRng = (s: DucksState, seat: number): Rng => botRng(s.rng, seat, { salt: s.fences.length + s.pens.length });

/** The pens a fence would close, with their owners. */
export function pensAfter(s: DucksState, a: FenceAction, seat: number, inPen: readonly number[] = penOf(s.pens)): Pen[] {
  const colour = colourOf(s, seat);
  const edges = pathEdges(actionPath(a)) as number[];
  return newPens(draw(s.fences, edges, colour), s.pens, colour, edges, inPen);
}

export function simpleChoice(s: DucksState, seat: number): Action | null {
  const legal = legalActions(s, seat);
  if (legal.length === 0) return null;
  const area = areaOf(s, seat);
  const box = legal.filter((a) => a.type === 'box');
  if (box.length) {
    // The fullest unfinished row.
    const rows = box.map((a) => a.shape);
    return { type: 'box', shape: rows.reduce((best, r) => ((area.ducks[r] ?? 0) > (area.ducks[best] ?? 0) ? r : best)) };
  }
  const first = legal[0] as Action;
  if (first.type === 'roll') return first;
  if (first.type === 'reroll') return { type: 'keep' };
  if (first.type === 'place') {
    const ducks = (a: Action) => (a.type === 'place' ? a.cells.reduce((n, c) => n + ducksOn(c), 0) : 0);
    return legal.reduce((best, a) => (ducks(a) < ducks(best) ? a : best));
  }
  const fences = legal.filter((a): a is FenceAction => a.type === 'fence' || a.type === 'bread');
  if (fences.length === 0) return { type: 'done' };
  // The regular fence first; the bread's fence once it is drawn (or when the roll gave none).
  const regular = fences.filter((a) => a.type === 'fence');
  const pool = regular.length ? regular : fences;
  const colour = colourOf(s, seat);
  let best: { a: FenceAction; ducks: number } | null = null;
  const quiet: FenceAction[] = [];
  const inPen = penOf(s.pens);
  for (const a of pool) {
    const pens = pensAfter(s, a, seat, inPen);
    const ducks = pens.filter((p) => p.owner === colour).reduce((n, p) => n + p.cells.reduce((m, c) => m + ducksOn(c), 0), 0);
    if (pens.some((p) => p.owner === colour) && (!best || ducks > best.ducks)) best = { a, ducks };
    if (!pens.some((p) => p.owner !== colour)) quiet.push(a);
  }
  if (best) return best.a;
  // A special action whenever legal: a bent fence when the egg allows one.
  const bent = quiet.filter((a) => a.type === 'fence' && a.via);
  const choices = bent.length ? bent : quiet.length ? quiet : pool;
  return tieRng(s, seat).pick(choices);
}

/** A random player: any legal action, ending the turn early only now and then. */
export function randomChoice(s: DucksState, seat: number): Action | null {
  const legal = legalActions(s, seat);
  if (legal.length === 0) return null;
  const rng = tieRng(s, seat);
  const doing = legal.filter((a) => a.type !== 'done' && a.type !== 'keep');
  return doing.length && rng.next() < 0.9 ? rng.pick(doing) : rng.pick(legal);
}
