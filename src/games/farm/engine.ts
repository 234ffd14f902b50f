/**
 * The farm game's rules: setup (F5), a turn (F7), placement (F8), claims (F9), scoring
 * (F10–F12), the end (F14) and the house rules for play in a channel (F16). Pure: the state is
 * copied, changed and returned with the events it caused.
 */
import type { Refusal, Applied, LeaveReason, TimedOut } from '../../platform/game.ts';
import { botRng, Rng, seedRng } from '../../platform/rng.ts';
import { actionSchema, type Action } from './actions.ts';
import { Board, regionKey, regionOfKey, tileOfKey, type Field, type Placement } from './board.ts';
import { Ctx, fromLeftOf } from './ctx.ts';
import type { FarmEvent } from './events.ts';
import { FARMERS } from './farmers.ts';
import { MARKET } from './market.ts';
import { animalsIn, ownersOf, valueOf } from './scoring.ts';
import { HAND, henhousesLeft, SHARES, STATE_VERSION, tractorCount, type FarmOptions, type FarmState, type FieldPending, type Pending, type Stored } from './state.ts';
import { TILES, tileById } from './tiles.ts';
import { describeMisfit, refuse } from './refusals.ts';
import { actionLabel, claimStepWords } from './labels.ts';
import { joinsTractor, placeTractor, tractorOptions, tractorsHome, tractorsOut } from './expansions/tractor.ts';
import { horseEnters, horseMoves, horseMustMove, moveHorse, trapHorse } from './expansions/horse.ts';
import { declineStorage, emptyStore, fullSupply, nextStorageQuestion, storageCosts, store } from './expansions/storage.ts';
import { claimShare, originalOwners, shareOptions, sharesOut } from './expansions/sharecroppers.ts';
import { dustOwed, playable, take, takeOptions } from './expansions/dust.ts';
import { claimAlternatives, checkSeason, newSeasons, placeAlternatives, playSeason, playsAgain, simpleEviction, simpleSeasonMove, startOfTurn, summerFields, turnSeason } from './seasons.ts';
import { isSeasonAction } from './seasons-data.ts';

export { henhousesLeft };

/** Tiles in play by player count (F5): some base tiles are removed unseen. */
export const baseTileCount = (players: number): number => (players <= 2 ? 56 : players === 3 ? 70 : 84);

export function setup(input: { seats: { name: string; computer: boolean }[]; seed: string; options: FarmOptions }): Applied<FarmState, FarmEvent> {
  const n = input.seats.length;
  const rng = new Rng(seedRng(input.seed));
  const base = rng.shuffle(TILES.filter((t) => t.set === 'base').map((t) => t.id)).slice(0, baseTileCount(n));
  const o = input.options;
  const ranch = TILES.filter((t) => (t.set === 'males' && o.males) || (t.set === 'chickens' && o.chickens) || (t.set === 'market' && o.market) || (t.set === 'gates' && o.gates)).map((t) => t.id);
  const stack = rng.shuffle([...base, ...ranch]);
  const marketDeck = o.market ? rng.shuffle(MARKET.map((c) => c.id)) : [];
  const farmers = rng.shuffle(FARMERS.map((c) => c.id)).slice(0, n);
  const first = rng.int(n);
  const start = stack.shift() as string;
  const hands = input.seats.map(() => stack.splice(0, HAND));
  const state: FarmState = {
    version: STATE_VERSION,
    game: 'farm',
    options: input.options,
    seats: input.seats.map((x) => ({ name: x.name, computer: x.computer })),
    out: input.seats.map(() => false),
    rng: rng.state,
    stack,
    hands,
    placed: [{ id: start, x: 0, y: 0, rot: 0, by: null }],
    henhouses: [],
    farmers,
    scores: input.seats.map(() => 0),
    farms: [],
    discarded: [],
    current: first,
    first,
    round: 1,
    stage: { kind: 'place' },
    timeouts: input.seats.map(() => 0),
    queue: [],
    pending: [],
    fox: null,
    foxSeen: false,
    market: o.market ? { up: marketDeck.shift() as string, deck: marketDeck, discards: [], turn: false } : null,
    bales: o.bales ? { supply: BALES[n] ?? 12, on: [], held: input.seats.map(() => 0) } : null,
    tractors: o.tractor ? { supply: tractorCount(n), on: [] } : null,
    horse: o.horse ? { region: null, left: null } : null,
    storage: o.storage ? { supply: fullSupply(), held: input.seats.map(() => emptyStore()), placed: [] } : null,
    shares: o.sharecroppers ? { supply: SHARES - n, held: input.seats.map(() => 1) } : null,
    rows: o.dustBowl ? input.seats.map(() => []) : null,
    scoring: null,
    seasons: o.seasons ? newSeasons(rng) : null,
    outcome: null,
  };
  const ctx = new Ctx(state);
  ctx.emit({ type: 'started', first });
  newRound(ctx);
  beginTurn(ctx);
  return ctx.done();
}

export const activeSeats = (s: FarmState): number[] => (s.outcome ? [] : s.pending.length ? [(s.pending[0] as Pending).seat] : [s.current]);

/** R18: hay bales in the supply by player count. */
const BALES: Record<number, number> = { 2: 12, 3: 15, 4: 16, 5: 15, 6: 12 };


/** The scored farms' regions: finished for good. */
const scoredRegions = (s: FarmState): Set<number> => new Set(s.farms.flatMap((f) => f.regions));

/**
 * R9: gates the player may toggle after placing `tile`: those bordering a field (open gates
 * joining) that holds a region of that tile; a gate bordering a scored farm is locked.
 */
export function gateOptions(s: FarmState, board: Board, tile: number): number[] {
  const near = new Set<number>();
  board.def(tile).regions.forEach((_, r) => { for (const k of board.fieldOf(regionKey(tile, r)).regions) near.add(k); });
  const done = scoredRegions(s);
  const out: number[] = [];
  s.placed.forEach((_, i) => {
    const g = board.gate(i);
    if (!g) return;
    const sides = [regionKey(i, g.regions[0]), regionKey(i, g.regions[1])];
    if (sides.some((k) => near.has(k)) && !sides.some((k) => done.has(k))) out.push(i);
  });
  return out;
}

/** Regions of the tile just placed that a henhouse may claim, one per field (F9). */
export function claimOptions(s: FarmState, board: Board, tile: number, seat: number): number[] {
  if (henhousesLeft(s, seat) <= 0) return [];
  const owned = new Set(s.henhouses.map((h) => board.fieldOf(h.region).id));
  const summer = summerFields(s, board, tile);
  return board.openFieldsOn(tile).filter(({ field }) => !owned.has(field.id) || summer.has(field.id)).map(({ key }) => key);
}

export function placementsFor(s: FarmState, board: Board, seat: number): Placement[] {
  return [...new Set(playable(s, seat))].flatMap((id) => board.placements(id));
}

/** The claim step's choices (F9, R10, R14, R19, a Tornado's S9), the way to end it without one last. */
export function claimActions(s: FarmState, board: Board, tile: number, seat: number): Action[] {
  return [
    ...claimOptions(s, board, tile, seat).map((region) => ({ type: 'claim' as const, region })),
    ...shareOptions(s, board, tile, seat).map((region) => ({ type: 'share' as const, region })),
    ...tractorOptions(s, board, tile, seat).map((region) => ({ type: 'tractor' as const, region })),
    ...horseMoves(s, board).map((region) => ({ type: 'horse' as const, region })),
    ...claimAlternatives(s),
  ];
}

/** The choices a pending question offers (storage and the Dust Bowl may be declined). */
export function pendingActions(s: FarmState, p: Pending): Action[] {
  if (p.kind === 'storage') return [...p.options.map((kind) => ({ type: 'store' as const, op: p.phase, kind })), { type: 'decline' }];
  if (p.kind === 'dust') return [...takeOptions(s, p), { type: 'decline' }];
  return p.options.map((region) => ({ type: p.kind, region }));
}

export function legalActions(s: FarmState, seat: number): Action[] {
  if (s.outcome) return [];
  const choice = s.pending[0];
  if (choice) return choice.seat === seat ? pendingActions(s, choice) : [];
  if (seat !== s.current) return [];
  const board = new Board(s.placed);
  const places = () => placementsFor(s, board, seat).map((p): Action => ({ type: 'place', tile: p.id, x: p.x, y: p.y, rot: p.rot }));
  // A season move stands in for the turn's placement (S2, S4, S6), never for a Tractor's extra tile.
  if (s.stage.kind === 'place') return [...places(), ...placeAlternatives(s, board, seat)];
  if (s.stage.kind === 'extra') return [...places(), { type: 'decline' }];
  if (s.stage.kind === 'start') return [];
  if (s.stage.kind === 'gate') return [...gateOptions(s, board, s.stage.tile).map((tile) => ({ type: 'gate' as const, tile })), { type: 'keepGates' }];
  return [...claimActions(s, board, s.stage.tile, seat), { type: 'pass' }];
}

/** Plays one of a seat's own actions (the platform has checked the seat is in and the game goes on). */
export function play(state: FarmState, actor: number, input: unknown): Applied<FarmState, FarmEvent> | Refusal {
  const parsed = actionSchema.safeParse(input);
  if (!parsed.success) return refuse('INVALID', 'That is not a farm move: place a tile, or answer the question asked.', legalLabels(state, actor));
  const action = parsed.data;
  const waitingFor = activeSeats(state)[0] as number;
  if (actor !== waitingFor) return refuse('NOT_YOUR_TURN', `The game is waiting for ${state.seats[waitingFor]?.name ?? 'someone else'}, not you.`);
  const problem = check(state, actor, action);
  if (problem) return problem;
  const ctx = new Ctx(state);
  playChecked(ctx, actor, action);
  return ctx.done();
}

/** What `seat` could do now, as the buttons and lists name it (a few; the place step by its command). */
function legalLabels(s: FarmState, seat: number): string[] {
  if (s.outcome || activeSeats(s)[0] !== seat) return [];
  const owed = s.pending[0];
  if (owed) return choiceLabels(s, pendingActions(s, owed), owed.kind === 'storage' || owed.kind === 'dust' ? '/farm answer' : '/farm field');
  if (s.stage.kind === 'place') return ['/farm place', ...(placeAlternatives(s, new Board(s.placed), seat).length ? ['/farm season'] : [])];
  if (s.stage.kind === 'extra') return ['/farm place', 'No more tiles'];
  return choiceLabels(s, legalActions(s, seat), s.stage.kind === 'gate' ? '/farm gate' : '/farm henhouse');
}

/** Up to five choices by their labels (the way to say no last), then the command that lists them all. */
function choiceLabels(s: FarmState, actions: Action[], command: string): string[] {
  const no = (a: Action) => a.type === 'decline' || a.type === 'pass' || a.type === 'keepGates';
  const yes = actions.filter((a) => !no(a));
  const labels = yes.slice(0, 5).map((a) => actionLabel(s, a));
  return [...labels, ...actions.filter(no).map((a) => actionLabel(s, a)), ...(yes.length > 5 ? [command] : [])];
}

const sameAction = (a: Action, b: Action): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Why an answer to a pending question is not one of its choices, or null. */
function checkPending(s: FarmState, choice: Pending, a: Action): Refusal | null {
  const legal = choiceLabels(s, pendingActions(s, choice), choice.kind === 'storage' || choice.kind === 'dust' ? '/farm answer' : '/farm field');
  if (choice.kind === 'storage') {
    if (a.type !== 'store' && a.type !== 'decline') return refuse('CHOOSE_FIRST', 'First answer the storage question for the farm being scored.', legal);
    if (a.type === 'store' && !pendingActions(s, choice).some((x) => sameAction(x, a))) {
      const what = choice.phase === 'remove' ? `take out: ${choice.options.join(', ')}` : `add from your storage: ${choice.options.join(', ')}`;
      return refuse('BAD_STORAGE', `You cannot ${a.op === 'remove' ? 'take out' : 'add'} a ${a.kind} now. You may ${what}, or do nothing.`, legal);
    }
    return null;
  }
  if (choice.kind === 'dust') {
    if (a.type !== 'take' && a.type !== 'decline') return refuse('CHOOSE_FIRST', 'First choose a tile to take, or take none.', legal);
    if (a.type === 'take' && !pendingActions(s, choice).some((x) => sameAction(x, a))) return refuse('BAD_TAKE', 'That tile cannot be taken: pick one of the tiles offered.', legal);
    return null;
  }
  const what = choice.kind === 'fox' ? 'the fox' : choice.kind === 'horse' ? 'the horse' : 'a hay bale';
  if (a.type !== choice.kind) return refuse('CHOOSE_FIRST', `First choose the field for ${what} (${FIELD_RULE[choice.kind]}).`, legal);
  if (!choice.options.includes(a.region)) return refuse('BAD_FIELD', `${what[0]?.toUpperCase()}${what.slice(1)} cannot go there: ${FIELD_RULE[choice.kind]}. Pick one of the fields offered.`, legal);
  return null;
}

/** Where each token goes (R5, R13, R18), for refusals. */
const FIELD_RULE = {
  fox: 'it goes to an open field, never the one it is in',
  horse: 'it jumps one fence into an open field next to its own, never straight back to the field it just left',
  bale: 'it goes on an open field next to the farm just scored',
} as const;

/** Why a gate cannot be moved now (R9), in words: no gate there, locked, or not next to a field of the tile just placed. */
function gateRefusal(s: FarmState, board: Board, a: Extract<Action, { type: 'gate' | 'keepGates' }>): Refusal {
  const now = s.stage.kind === 'claim' ? 'Now answer the henhouse question.' : s.stage.kind === 'extra' ? 'Now place one more tile, or stop.' : 'A gate may move right after you place a tile next to its field, before farms are scored.';
  if (a.type === 'keepGates') return refuse('NO_GATE', `There is no gate to move now. ${now}`, legalLabels(s, s.current));
  const p = s.placed[a.tile];
  const g = p ? board.gate(a.tile) : null;
  if (!p || !g) return refuse('NO_GATE', `There is no gate ${p ? `on ${p.id} at ${p.x},${p.y}` : 'there'}.`, legalLabels(s, s.current));
  const done = scoredRegions(s);
  if (g.regions.some((r) => done.has(regionKey(a.tile, r)))) return refuse('GATE_LOCKED', `The gate on ${p.id} at ${p.x},${p.y} is locked: it borders a scored farm, which stays closed for good.`, legalLabels(s, s.current));
  if (s.stage.kind === 'gate') return refuse('BAD_GATE', `The gate on ${p.id} at ${p.x},${p.y} is not next to a field of the tile you just placed: only those gates may move now.`, legalLabels(s, s.current));
  return refuse('NO_GATE', `The gate on ${p.id} at ${p.x},${p.y} cannot move now. ${now}`, legalLabels(s, s.current));
}

/** Why a well-formed action is not legal now, or null. */
function check(s: FarmState, seat: number, a: Action): Refusal | null {
  const board = new Board(s.placed);
  const choice = s.pending[0];
  if (choice) return checkPending(s, choice, a);
  if (a.type === 'fox' || a.type === 'bale' || a.type === 'store' || a.type === 'take') return refuse('NO_TOKEN', 'Nothing is being asked of you about that now.');
  if (s.stage.kind === 'gate') {
    if (a.type === 'keepGates') return null;
    if (a.type !== 'gate') return refuse('GATE_FIRST', 'First open or close a gate, or leave the gates as they are.', legalLabels(s, seat));
    if (!gateOptions(s, board, s.stage.tile).includes(a.tile)) return gateRefusal(s, board, a);
    return null;
  }
  if (a.type === 'gate' || a.type === 'keepGates') return gateRefusal(s, board, a);
  if (a.type === 'decline') return s.stage.kind === 'extra' ? null : refuse('NOTHING_TO_DECLINE', 'There is nothing to say no to now.');
  if (isSeasonAction(a)) {
    if (s.stage.kind === 'extra') return refuse('EXTRA_TILE', 'The season allows that instead of your tile, not on the tractor\'s extra tile: place one more tile with `/farm place`, or stop.', ['/farm place', 'No more tiles']);
    if (s.stage.kind === 'claim' && s.stage.extra) return refuse('NO_CLAIM', 'Nothing may be claimed on an extra tile, nor a henhouse sent home.');
    return checkSeason(s, board, seat, a);
  }
  if (a.type === 'place') {
    if (s.stage.kind !== 'place' && s.stage.kind !== 'extra') return refuse('CLAIM_FIRST', `You have placed your tile: now ${claimStepWords(s.stage.kind === 'claim' ? claimActions(s, board, s.stage.tile, seat) : [], henhousesLeft(s, seat))}.`, legalLabels(s, seat));
    const tiles = playable(s, seat);
    if (!tiles.includes(a.tile)) return refuse('NOT_IN_HAND', `Tile ${a.tile} is not in your hand. Your tiles: ${tiles.join(', ') || 'none'}.`, tiles);
    if (board.at(a.x, a.y) !== undefined) return refuse('CELL_TAKEN', `Cell ${a.x},${a.y} already holds a tile. Pick an empty cell beside the map.`);
    if (board.neighbours(a.x, a.y) === 0) return refuse('NOT_BESIDE', `Cell ${a.x},${a.y} is not beside the map. A tile goes on an empty cell next to a placed one.`);
    const mis = board.misfit(tileById(a.tile), a.x, a.y, a.rot);
    if (mis) {
      const fits = board.placements(a.tile).filter((p) => p.x === a.x && p.y === a.y).map((p) => `turned ${p.rot * 90}°`);
      return refuse('MISFIT', describeMisfit(a.tile, a.x, a.y, mis) + (fits.length ? ` Here it fits ${fits.join(' or ')}.` : ' It fits no turn on this cell.'), fits);
    }
    return null;
  }
  if (s.stage.kind !== 'claim') return refuse('PLACE_FIRST', s.stage.kind === 'extra' ? 'Place one more tile with `/farm place`, or stop.' : 'Place a tile first: `/farm place`.', ['/farm place']);
  if (a.type === 'pass') return null;
  if (s.stage.extra) return refuse('NO_CLAIM', 'Nothing may be claimed on an extra tile.');
  if (claimActions(s, board, s.stage.tile, seat).some((x) => sameAction(x, a))) return null;
  const legal = legalLabels(s, seat);
  const tile = s.stage.tile;
  const p = s.placed[tile] as FarmState['placed'][number];
  const onTile = 'region' in a && tileOfKey(a.region) === tile && regionOfKey(a.region) < board.def(tile).regions.length;
  if (a.type !== 'horse' && !onTile) return refuse('NOT_ON_TILE', `That part is not on the tile you just placed: only ${p.id} at ${p.x},${p.y} can take it.`, legal);
  if (a.type === 'claim') return refuse('BAD_CLAIM', claimRefusal(s, board, a.region, seat), legal);
  if (a.type === 'tractor') return refuse('BAD_TRACTOR', !s.tractors ? 'This game has no tractors.' : s.tractors.supply <= 0 ? 'No tractor is left in the supply.' : 'A tractor goes on the tile just placed, in an open field you own that has no tractor yet.', legal);
  if (a.type === 'horse') return refuse('BAD_HORSE', !s.horse ? 'This game has no horse.' : s.horse.region === null ? 'The horse is not on the map yet.' : 'The horse jumps one fence, into an open field next to its own, and never straight back to the field it just left.', legal);
  return refuse('BAD_SHARE', !s.shares ? 'This game has no sharecroppers.' : (s.shares.held[seat] ?? 0) <= 0 ? 'You have no sharecropper token.' : henhousesLeft(s, seat) <= 0 ? 'You have no henhouse left.' : "A sharecropper's henhouse goes on the tile just placed, in an open field that someone else owns and you do not.", legal);
}

/** Why a henhouse may not go on `region` of the tile just placed (F9), and what the player could do instead (R19). */
function claimRefusal(s: FarmState, board: Board, region: number, seat: number): string {
  if (henhousesLeft(s, seat) <= 0) return 'You have no henhouse left: they come home when their farms are scored.';
  const field = board.fieldOf(region);
  if (!field.open) return 'That field is closed: a henhouse goes into an open field.';
  const owners = ownersOf(s, field);
  if (owners.includes(seat)) return 'You already have a henhouse in that field.';
  const names = owners.map((o) => s.seats[o]?.name ?? `Player ${o + 1}`);
  const held = s.shares?.held[seat] ?? 0;
  const share = shareOptions(s, board, tileOfKey(region), seat).find((k) => board.fieldOf(k).id === field.id);
  const tokens = held === 1 ? 'a sharecropper token' : `${held} sharecropper tokens`;
  const hint = share !== undefined ? ` You hold ${tokens}: with one, your henhouse can share it (**${actionLabel(s, { type: 'share', region: share })}**).` : '';
  return `That field already has a henhouse (${names.join(' & ')}'s): a plain henhouse goes only into a field nobody owns.${hint}`;
}

function playChecked(ctx: Ctx, seat: number, a: Action): void {
  const s = ctx.s;
  const owed = s.pending[0];
  if (owed) {
    answer(ctx, owed, a);
    proceed(ctx);
    return;
  }
  if (isSeasonAction(a)) {
    // A swap or a Tornado ends the placement or the claim step: a tile that joined a tractor's field still earns its extra tile.
    playSeason(s, seat, a, { emit: (e) => ctx.emit(e), touched: () => ctx.touched(), afterPlacing: (tile) => afterPlacing(ctx, tile, false), score: (tile) => startScoring(ctx, { tile }, null), endTurn: () => afterClaim(ctx) });
    return;
  }
  if (a.type === 'place') {
    const extra = s.stage.kind === 'extra';
    const hand = s.hands[seat] as string[];
    const fromRow = !hand.includes(a.tile);
    const from = fromRow ? (s.rows?.[seat] as string[]) : hand;
    from.splice(from.indexOf(a.tile), 1);
    s.placed.push({ id: a.tile, x: a.x, y: a.y, rot: a.rot, by: seat });
    ctx.touched();
    if (s.seasons) s.seasons.moved = null;
    const tile = s.placed.length - 1;
    ctx.emit({ type: 'placed', seat, tile: a.tile, x: a.x, y: a.y, rot: a.rot, ...(extra ? { extra } : {}), ...(fromRow ? { fromRow } : {}) });
    if (s.market && tileById(a.tile).market) s.market.turn = true;
    afterPlacing(ctx, tile, extra);
    return;
  }
  if ((a.type === 'gate' || a.type === 'keepGates') && s.stage.kind === 'gate') {
    const { kind: _, ...step } = s.stage;
    if (a.type === 'gate') {
      const p = s.placed[a.tile] as FarmState['placed'][number];
      p.gateOpen = !p.gateOpen;
      ctx.touched();
      ctx.emit({ type: 'gate', seat, tile: a.tile, open: p.gateOpen });
    }
    startScoring(ctx, step, a.type === 'gate' ? a.tile : null);
    return;
  }
  if (a.type === 'decline') return endTurn(ctx);
  if (a.type === 'claim') {
    s.henhouses.push({ seat, region: a.region });
    ctx.emit({ type: 'claimed', seat, region: a.region, tile: s.placed[tileOfKey(a.region)]?.id ?? '' });
  } else if (a.type === 'share') claimShare(ctx, seat, a.region);
  else if (a.type === 'tractor') placeTractor(ctx, seat, a.region);
  else if (a.type === 'horse') moveHorse(ctx, seat, a.region, 'moved');
  else ctx.emit({ type: 'passed', seat });
  afterClaim(ctx);
}

/** Carries out an answer to a pending question (already checked). */
function answer(ctx: Ctx, p: Pending, a: Action): void {
  const s = ctx.s;
  if (p.kind === 'storage') {
    s.pending.shift();
    if (a.type === 'store') store(ctx, p.seat, a.op, a.kind);
    else declineStorage(s);
    return;
  }
  if (p.kind === 'dust') {
    s.pending.shift();
    if (a.type === 'take') take(ctx, p.seat, a);
    return;
  }
  if (a.type === 'fox' || a.type === 'bale' || a.type === 'horse') placeToken(ctx, p, a.region);
}

/** A field question answered: the fox, a bale or the horse goes to `region`. */
function placeToken(ctx: Ctx, p: FieldPending, region: number): void {
  const s = ctx.s;
  s.pending.shift();
  if (p.kind === 'horse') return moveHorse(ctx, p.seat, region, 'jumps');
  if (p.kind === 'fox') s.fox = region;
  else if (s.bales) {
    s.bales.supply -= 1;
    s.bales.on.push(region);
  }
  ctx.emit({ type: p.kind, seat: p.seat, region });
}

/** After a tile is laid (or moved by a Flood, S4): the gate step (R9) when a gate may move, else scoring; joining a tractor's field earns an extra tile (R11). */
function afterPlacing(ctx: Ctx, tile: number, extra: boolean): void {
  const s = ctx.s;
  const step = { tile, ...(joinsTractor(s, ctx.board(), tile) ? { tractor: true } : {}), ...(extra ? { extra } : {}) };
  if (s.options.gates && gateOptions(s, ctx.board(), tile).length > 0) {
    s.stage = { kind: 'gate', ...step };
    return;
  }
  startScoring(ctx, step, null);
}

/** Fields holding a region of one of `tiles` that are closed and not yet scored. */
export function closedBy(s: FarmState, board: Board, ...tiles: number[]): Field[] {
  const done = scoredRegions(s);
  const out = new Map<number, Field>();
  for (const tile of tiles) {
    board.def(tile).regions.forEach((_, r) => {
      const f = board.fieldOf(regionKey(tile, r));
      if (!f.open && !done.has(f.regions[0] as number)) out.set(f.id, f);
    });
  }
  return [...out.values()];
}

type TileStep = { tile: number; tractor?: boolean; extra?: boolean };

/** F10: the farms closed by the placement (or the gate toggled, R9) go into the scoring queue. */
function startScoring(ctx: Ctx, step: TileStep, gate: number | null): void {
  const s = ctx.s;
  s.stage = { kind: 'claim', ...step };
  s.queue = closedBy(s, ctx.board(), ...(gate === null ? [step.tile] : [step.tile, gate])).map((f) => [...f.regions]);
  proceed(ctx);
}

/**
 * Carries the turn on after a placement or an answered question: scores the queued farms one
 * by one in R2's order (storage questions before the points; bales, fox and Dust Bowl after;
 * the horse last), each question answered before the next step; then the turn's start or its
 * claim step goes on.
 */
function proceed(ctx: Ctx): void {
  const s = ctx.s;
  for (let guard = 0; guard < 10_000 && !s.outcome; guard++) {
    autoAnswer(ctx);
    if (s.pending.length > 0) return;
    const sc = s.scoring;
    if (sc?.step === 'storage') {
      const field = ctx.board().fieldOf(sc.regions[0] as number);
      const q = s.storage ? nextStorageQuestion(s, ctx.board(), animalsIn(ctx.board(), field), ownersOf(s, field), s.current) : null;
      if (q) {
        s.pending.push(q);
        continue;
      }
      scoreFarm(ctx, sc.regions, s.current);
      sc.step = 'scored';
      continue;
    }
    if (sc?.step === 'scored') {
      horseEnters(ctx, sc.regions, s.stage.kind === 'claim' ? s.stage.tile : null);
      s.scoring = null;
      continue;
    }
    const next = s.queue.shift();
    if (!next) break;
    s.scoring = { regions: next, step: 'storage', cursor: 0, used: s.seats.map(() => 0), removed: [], added: [] };
  }
  if (s.outcome || s.pending.length > 0) return;
  if (s.stage.kind === 'start') return continueTurn(ctx);
  if (s.stage.kind !== 'claim') return;
  if (s.out[s.current] || s.stage.extra || claimActions(s, ctx.board(), s.stage.tile, s.current).length === 0) afterClaim(ctx);
}

/** R11: after the claim step, a tile that joined a tractor's field lets its player place one more; else the turn ends. */
function afterClaim(ctx: Ctx): void {
  const s = ctx.s;
  const joined = s.stage.kind === 'claim' && s.stage.tractor === true;
  if (joined && !s.out[s.current] && playable(s, s.current).some((id) => ctx.board().canPlace(id))) {
    s.stage = { kind: 'extra' };
    ctx.emit({ type: 'extraTile', seat: s.current });
    return;
  }
  endTurn(ctx);
}

/** A question with one answer is no question, nor is one owed by a leaver: carried out at once (and said). */
function autoAnswer(ctx: Ctx): void {
  const s = ctx.s;
  for (let p = s.pending[0]; p; p = s.pending[0]) {
    if (p.kind === 'storage' || p.kind === 'dust') {
      if (!s.out[p.seat]) return;
      s.pending.shift();
      if (p.kind === 'storage') declineStorage(s);
      continue;
    }
    if (p.options.length !== 1 && !s.out[p.seat]) return;
    placeToken(ctx, p, s.out[p.seat] ? simpleField(s, p) : (p.options[0] as number));
  }
}

/** One farm scored (R2 b–f): points, henhouses home, tractors out, tokens and bales to the closer; then owners' bales, the fox, the Dust Bowl. */
function scoreFarm(ctx: Ctx, regions: number[], closer: number): void {
  const s = ctx.s;
  const board = ctx.board();
  const field = board.fieldOf(regions[0] as number);
  const sc = s.scoring;
  const storage = sc && (sc.removed.length || sc.added.length) ? { removed: sc.removed, added: sc.added.map((a) => a.kind) } : undefined;
  const original = originalOwners(s, field);
  const v = valueOf(s, board, field, closer, storage);
  for (const a of v.awards) s.scores[a.seat] = (s.scores[a.seat] ?? 0) + a.points;
  const inFarm = new Set(field.regions);
  const farm = s.farms.length;
  s.farms.push({ regions: [...field.regions], closer, owners: v.owners, animals: v.animals.length, awards: v.awards, ...(sc?.removed.length ? { removed: [...sc.removed] } : {}) });
  // R4: the chickens are eaten before the farm scores, so the channel hears it first.
  if (v.eaten > 0) ctx.emit({ type: 'foxAte', farm, chickens: v.eaten });
  ctx.emit({ type: 'scored', farm, closer, owners: v.owners, animals: v.animals.length, single: v.single, ...(v.kind ? { kind: v.kind } : {}), ...(v.males ? { males: v.males } : {}), ...(v.market ? { market: v.market } : {}), awards: v.awards });
  // R2 (c): sharecropper tokens to the closer (before the henhouses go home), henhouses home, tractors out.
  sharesOut(ctx, field, v.owners, closer);
  s.henhouses = s.henhouses.filter((h) => !inFarm.has(h.region));
  tractorsOut(ctx, inFarm);
  // R18: the closer takes the farm's bales; each owner drops one on a field next to it.
  if (s.bales) {
    const taken = s.bales.on.filter((k) => inFarm.has(k)).length;
    if (taken > 0) {
      s.bales.on = s.bales.on.filter((k) => !inFarm.has(k));
      s.bales.held[closer] = (s.bales.held[closer] ?? 0) + taken;
      ctx.emit({ type: 'balesTaken', seat: closer, count: taken });
    }
    const next = board.adjacentFields(field).filter((f) => f.open).map((f) => f.regions[0] as number);
    let supply = s.bales.supply - s.pending.filter((p) => p.kind === 'bale').length;
    for (const owner of fromLeftOf(s, closer).filter((o) => v.owners.includes(o) && !s.out[o])) {
      if (supply <= 0 || next.length === 0) break;
      s.pending.push({ seat: owner, kind: 'bale', options: next });
      supply--;
    }
  }
  // R5: the fox goes to an open field after the first farm with chickens, and after each later
  // farm with chickens or the fox.
  if (s.options.chickens) {
    const hadChickens = animalsIn(board, field).includes('chicken');
    const foxHere = s.fox !== null && inFarm.has(s.fox);
    if (hadChickens || foxHere) {
      const from = foxHere || s.fox === null ? null : board.fieldOf(s.fox).id;
      if (foxHere) s.fox = null;
      const fields = board.fields().filter((f) => f.open && f.id !== from).map((f) => f.regions[0] as number);
      if (fields.length === 0) {
        s.fox = null;
        s.foxSeen = false;
        ctx.emit({ type: 'fox', seat: null, region: null });
      } else {
        s.foxSeen = true;
        // R20: of several owners, only the original ones (if any) choose.
        const first = original.filter((o) => !s.out[o]);
        const owners = first.length ? first : v.owners.filter((o) => !s.out[o]);
        const fewest = Math.min(...owners.map((o) => s.scores[o] ?? 0));
        const chooser = owners.length === 0 ? closer : (fromLeftOf(s, closer).find((o) => owners.includes(o) && s.scores[o] === fewest) as number);
        s.pending.push({ seat: chooser, kind: 'fox', options: fields });
      }
    }
  }
  const dust = dustOwed(s, v.owners, closer);
  if (dust) s.pending.push(dust);
}

const inGame = (s: FarmState): number[] => s.seats.map((_, i) => i).filter((i) => !s.out[i]);
const tilesLeft = (s: FarmState): boolean => s.stack.length > 0 || s.hands.some((h, i) => !s.out[i] && h.length > 0) || (s.rows ?? []).some((r, i) => !s.out[i] && r.length > 0);

function endTurn(ctx: Ctx): void {
  const s = ctx.s;
  const seat = s.current;
  if (!s.out[seat]) {
    const hand = s.hands[seat] as string[];
    const drawn = Math.min(HAND - hand.length, s.stack.length);
    if (drawn > 0) {
      hand.push(...s.stack.splice(0, drawn));
      ctx.emit({ type: 'drew', seat, count: drawn });
    }
  }
  // R7: once per turn in which a market tile was placed, the next card is turned.
  if (s.market?.turn) {
    s.market.turn = false;
    if (s.market.deck.length === 0) s.market.deck = ctx.rng.shuffle(s.market.discards.splice(0));
    const next = s.market.deck.shift();
    if (next) {
      s.market.discards.push(s.market.up);
      s.market.up = next;
      ctx.emit({ type: 'market', card: next });
    }
  }
  tractorsHome(ctx, seat);
  s.stage = { kind: 'place' };
  if (!tilesLeft(s)) return finish(ctx, 'tiles');
  const seats = inGame(s);
  if (seats.length < 2) return finish(ctx, 'alone');
  // S7: a Spring extra turn, at once.
  if (playsAgain(s, seat)) {
    ctx.emit({ type: 'extraTurn', seat });
    beginTurn(ctx);
    return;
  }
  const n = s.seats.length;
  const pos = (x: number) => (x - s.first + n) % n;
  let next = seat;
  do next = (next + 1) % n; while (s.out[next]);
  if (pos(next) <= pos(seat)) {
    s.round += 1;
    if (s.round > s.options.roundLimit) return finish(ctx, 'rounds');
    s.current = next;
    newRound(ctx);
  }
  s.current = next;
  beginTurn(ctx);
}

/** A round begins: its season card is turned (S1). */
function newRound(ctx: Ctx): void {
  const e = turnSeason(ctx.s, ctx.rng);
  if (e) ctx.emit(e);
}

/** F7's turn start: the horse leaves a closed field (R13), then F8 (or a Drought's skip, S3). */
function beginTurn(ctx: Ctx): void {
  const s = ctx.s;
  ctx.emit({ type: 'turn', seat: s.current, round: s.round });
  if (horseMustMove(s, ctx.board())) {
    const options = horseMoves(s, ctx.board());
    if (options.length === 0) trapHorse(ctx);
    else {
      s.stage = { kind: 'start' };
      s.pending.push({ seat: s.current, kind: 'horse', options });
      proceed(ctx);
      return;
    }
  }
  continueTurn(ctx);
}

/** F8: held tiles that fit nowhere are shown and removed (hand tiles replaced); no tile at all: the turn is skipped. */
function continueTurn(ctx: Ctx): void {
  const s = ctx.s;
  const seat = s.current;
  s.stage = { kind: 'place' };
  // S3: a Drought skips the round's leaders once the turn's start (the horse, R13) has run (S1).
  if (startOfTurn(s, seat)) {
    ctx.emit({ type: 'droughtSkip', seat });
    endTurn(ctx);
    return;
  }
  for (const [list, replace] of [[s.hands[seat] as string[], true], [s.rows?.[seat] ?? [], false]] as const) {
    for (let i = 0; i < list.length; ) {
      const id = list[i] as string;
      if (ctx.board().canPlace(id)) {
        i++;
        continue;
      }
      list.splice(i, 1);
      s.discarded.push(id);
      ctx.emit({ type: 'dead', seat, tile: id });
      const next = replace ? s.stack.shift() : undefined;
      if (next !== undefined) list.push(next);
    }
  }
  if (playable(s, seat).length === 0) {
    ctx.emit({ type: 'skipped', seat });
    endTurn(ctx);
  }
}

function finish(ctx: Ctx, reason: 'tiles' | 'rounds' | 'alone' | 'aborted'): void {
  const s = ctx.s;
  s.pending = [];
  s.queue = [];
  s.scoring = null;
  if (reason === 'aborted') {
    s.outcome = { kind: 'aborted', winners: [], reason };
  } else {
    // R17 then R18: stored animals cost, bales score squared.
    const bales = s.bales ? s.bales.held.map((n, seat) => ({ seat, points: n * n, why: 'bales' as const })).filter((a) => a.points > 0) : [];
    const awards = [...storageCosts(s), ...bales];
    for (const a of awards) s.scores[a.seat] = (s.scores[a.seat] ?? 0) + a.points;
    if (awards.length) ctx.emit({ type: 'final', awards });
    const seats = inGame(s);
    const best = Math.max(...seats.map((i) => s.scores[i] ?? 0));
    s.outcome = { kind: 'finished', winners: seats.filter((i) => s.scores[i] === best), reason };
  }
  ctx.emit({ type: 'ended', reason, winners: s.outcome.winners });
}

/** F16 (FENCE H2, H4): a leaver's henhouses leave the map (their sharecropper tokens to the supply) and their tiles leave play. */
function removeSeat(ctx: Ctx, seat: number, reason: LeaveReason): void {
  const s = ctx.s;
  s.out[seat] = true;
  if (s.shares) s.shares.supply += s.henhouses.filter((h) => h.seat === seat && h.share).length;
  s.henhouses = s.henhouses.filter((h) => h.seat !== seat);
  s.discarded.push(...(s.hands[seat] ?? []), ...(s.rows?.[seat] ?? []));
  s.hands[seat] = [];
  if (s.rows) s.rows[seat] = [];
  ctx.emit({ type: 'removed', seat, reason });
  if (inGame(s).length < 2) return finish(ctx, 'alone');
  // Their owed bales are dropped, and the Dust Bowl's look at their tiles; an owed fox or horse is placed by the simple strategy.
  s.pending = s.pending.filter((p) => !(p.seat === seat && p.kind === 'bale') && !(p.kind === 'dust' && p.from.includes(seat) && p.from.length === 1));
  for (const p of s.pending) if (p.kind === 'dust') p.from = p.from.filter((o) => o !== seat);
  if (s.current === seat && (s.stage.kind === 'place' || s.stage.kind === 'extra')) endTurn(ctx);
  else if (s.current === seat && s.stage.kind === 'gate') {
    const { kind: _, ...step } = s.stage;
    startScoring(ctx, step, null);
  } else proceed(ctx);
}

/** F16: a seat leaves (resigned, removed). */
export function leaveGame(state: FarmState, seat: number, reason: LeaveReason): Applied<FarmState, FarmEvent> {
  const ctx = new Ctx(state);
  removeSeat(ctx, seat, reason);
  return ctx.done();
}

export function abortGame(state: FarmState): Applied<FarmState, FarmEvent> {
  const ctx = new Ctx(state);
  finish(ctx, 'aborted');
  return ctx.done();
}

/** H2: the computer plays the owed turn (to its end, Tractor extras too), or answers the owed questions, with the simple strategy. */
export function timeOut(state: FarmState, seat: number, inARow: number): TimedOut<FarmState, FarmEvent> {
  const ctx = new Ctx(state);
  const choiceOnly = state.pending.length > 0;
  const turn = [state.current, state.round].join();
  // One timeout plays one turn: a Spring extra turn (S7) earned in it waits for its player.
  for (let guard = 0; guard < 40 && !ctx.s.outcome && activeSeats(ctx.s)[0] === seat && !ctx.events.some((e) => e.type === 'extraTurn'); guard++) {
    if (choiceOnly ? ctx.s.pending.length === 0 : [ctx.s.current, ctx.s.round].join() !== turn) break;
    const choice = simpleChoice(ctx.s, seat);
    if (!choice) break;
    playChecked(ctx, seat, choice);
  }
  ctx.emit({ type: 'timedOut', seat, inARow });
  return ctx.done();
}

/** The computer players' generator for tie-breaks, derived from the game's (not advanced). */
export const tieRng = (s: FarmState, seat: number): Rng => botRng(s.rng, seat);

/** The simple bot's choice (F15); it lives beside the engine because H2 plays it for timeouts. */
export function simpleChoice(s: FarmState, seat: number): Action | null {
  if (s.outcome || activeSeats(s)[0] !== seat) return null;
  const owed = s.pending[0];
  if (owed) return simpleAnswer(s, owed);
  const board = new Board(s.placed);
  const rng = tieRng(s, seat);
  if (s.stage.kind === 'gate') {
    // The toggle that gains most at once over the best opponent, if any gains.
    let best: Action = { type: 'keepGates' };
    let bestValue = 0;
    for (const tile of gateOptions(s, board, s.stage.tile)) {
      const placed = s.placed.map((p, i) => (i === tile ? { ...p, gateOpen: !p.gateOpen } : p));
      const after = new Board(placed);
      const gain = s.seats.map(() => 0);
      for (const field of closedBy(s, after, s.stage.tile, tile)) for (const a of valueOf(s, after, field, seat).awards) gain[a.seat] = (gain[a.seat] ?? 0) + a.points;
      const value = (gain[seat] ?? 0) - Math.max(0, ...gain.filter((_, i) => i !== seat));
      if (value > bestValue) [best, bestValue] = [{ type: 'gate', tile }, value];
    }
    return best;
  }
  if (s.stage.kind === 'claim') return simpleClaim(s, board, s.stage.tile, seat);
  if (s.stage.kind === 'start') return null;
  const options = placementsFor(s, board, seat);
  if (options.length === 0) return s.stage.kind === 'extra' ? { type: 'decline' } : null;
  let bestScore = -Infinity;
  let best: Placement[] = [];
  for (const p of options) {
    const gain = gainsIf(s, p, seat);
    const mine = gain[seat] ?? 0;
    const theirs = Math.max(0, ...gain.filter((_, i) => i !== seat && !s.out[i]));
    const score = (mine - theirs) * 10 + board.neighbours(p.x, p.y);
    if (score > bestScore) [bestScore, best] = [score, [p]];
    else if (score === bestScore) best.push(p);
  }
  const season = s.stage.kind === 'place' ? simpleSeasonMove(s, board, seat, bestScore, (placed, tile) => gainsOn(s, placed, tile, seat)) : null;
  if (season) return season;
  const p = rng.pick(best);
  return { type: 'place', tile: p.id, x: p.x, y: p.y, rot: p.rot };
}

const animalCount = (board: Board, key: number): number => animalsIn(board, board.fieldOf(key)).length;

/**
 * F15's claim: the unowned field with most animals (none if empty); else a share of the
 * richest field owned by others (3+ animals); else the horse into a field of its own; else a
 * tractor; else nothing.
 */
function simpleClaim(s: FarmState, board: Board, tile: number, seat: number): Action {
  const richest = (keys: number[], least: number): number | null => {
    let best: number | null = null;
    let most = least - 1;
    for (const key of keys) {
      const n = animalCount(board, key);
      if (n > most) [best, most] = [key, n];
    }
    return best;
  };
  const claim = richest(claimOptions(s, board, tile, seat), 1);
  if (claim !== null) return { type: 'claim', region: claim };
  const share = richest(shareOptions(s, board, tile, seat), 3);
  if (share !== null) return { type: 'share', region: share };
  const mine = new Set(s.henhouses.filter((h) => h.seat === seat).map((h) => board.fieldOf(h.region).id));
  const horse = horseMoves(s, board).find((k) => mine.has(board.fieldOf(k).id));
  if (horse !== undefined) return { type: 'horse', region: horse };
  const tractor = tractorOptions(s, board, tile, seat)[0];
  if (tractor !== undefined) return { type: 'tractor', region: tractor };
  return simpleEviction(s, board, seat) ?? { type: 'pass' };
}

/** The simple strategy's answer to a pending question (F15: its immediate points). */
function simpleAnswer(s: FarmState, p: Pending): Action {
  if (p.kind === 'dust') return takeOptions(s, p)[0] ?? { type: 'decline' };
  if (p.kind === 'storage') return simpleStorage(s, p);
  return { type: p.kind, region: simpleField(s, p) };
}

/** R16 for the simple strategy: the action that most raises its points from this farm, less what storing costs at the end. */
function simpleStorage(s: FarmState, p: Extract<Pending, { kind: 'storage' }>): Action {
  const sc = s.scoring;
  if (!sc) return { type: 'decline' };
  const board = new Board(s.placed);
  const field = board.fieldOf(sc.regions[0] as number);
  const stored = s.storage ? Object.values(s.storage.held[p.seat] ?? {}).reduce((a, b) => a + b, 0) : 0;
  const value = (removed: Stored[], added: Stored[]): number =>
    valueOf(s, board, field, s.current, { removed, added }).awards.filter((a) => a.seat === p.seat).reduce((n, a) => n + a.points, 0);
  const base = value(sc.removed, sc.added.map((a) => a.kind));
  let best: Action = { type: 'decline' };
  let bestGain = 0;
  for (const kind of p.options) {
    const gain = p.phase === 'remove'
      ? value([...sc.removed, kind], sc.added.map((a) => a.kind)) - base - (stored + 1)
      : value(sc.removed, [...sc.added.map((a) => a.kind), kind]) - base + stored;
    if (gain > bestGain) [best, bestGain] = [{ type: 'store', op: p.phase, kind }, gain];
  }
  return best;
}

/**
 * The simple strategy's field for a token (F15): the fox where it eats most of others'
 * chickens; a bale into a field the seat owns (it may close it), else the first offered; the
 * horse into a field it owns, else the first offered.
 */
function simpleField(s: FarmState, p: FieldPending): number {
  const board = new Board(s.placed);
  const score = (key: number): number => {
    const field = board.fieldOf(key);
    const owners = ownersOf(s, field);
    const chickens = animalsIn(board, field).filter((a) => a === 'chicken').length;
    if (p.kind === 'fox') return owners.includes(p.seat) ? -chickens : chickens + owners.length;
    return owners.includes(p.seat) ? 10 : -owners.length;
  };
  let best = p.options[0] as number;
  for (const k of p.options) if (score(k) > score(best)) best = k;
  return best;
}

/** Points each seat would score at once from a placement by `seat`. */
export function gainsIf(s: FarmState, p: Placement, seat: number): number[] {
  return gainsOn(s, [...s.placed, { id: p.id, x: p.x, y: p.y, rot: p.rot, by: seat }], s.placed.length, seat);
}

/** Points each seat would score at once on the map `placed`, `tile` just laid by `seat`. */
function gainsOn(s: FarmState, placed: FarmState['placed'], tile: number, seat: number): number[] {
  const board = new Board(placed);
  const gain = s.seats.map(() => 0);
  for (const field of closedBy(s, board, tile)) {
    for (const a of valueOf(s, board, field, seat).awards) gain[a.seat] = (gain[a.seat] ?? 0) + a.points;
  }
  return gain;
}

/** The random bot (F15): uniform among legal actions, seeded from the state. */
export function randomChoice(s: FarmState, seat: number): Action | null {
  const legal = legalActions(s, seat);
  if (legal.length === 0) return null;
  const rng = new Rng([s.rng[0] ^ (seat + 7), s.rng[1] ^ 0x51ed27, s.rng[2], s.rng[3]]);
  return rng.pick(legal);
}
