/**
 * Random play for any game: seeded games played by the game's own bots through its
 * definition, with the platform's promises checked after every action (a bot's choice is
 * accepted, someone can act until the game is over, the state is plain JSON that behaves the
 * same after a round trip, a request never changes the state it was given) and the game's own
 * invariants (`check`). Every game must end within `maxActions`.
 */
import { Rng } from '../../src/platform/rng.ts';
import type { Actor, AnyGame, Outcome, SeatInfo } from '../../src/platform/game.ts';
import { optionFields } from '../../src/platform/options.ts';
import { applyRequest } from '../../src/platform/requests.ts';

export interface RandomPlay {
  game: AnyGame;
  /** The players of game number `g`: seats (all computers) and the bot each one plays with. */
  players(g: number, rng: Rng): { seats: SeatInfo[]; bots: string[] };
  options(g: number, rng: Rng): unknown;
  maxActions: number;
  /** Chances per action that the platform times out a waiting seat, or that one resigns. */
  system?: { timeout: number; resign: number };
  /** The game's invariants after an action; problems in words. */
  check?(state: unknown, events: readonly unknown[], before: unknown, g: number, step: number): string[];
}

export interface Played {
  actions: number;
  outcome: Outcome;
  state: unknown;
}

function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

/** Plays game number `g` to its end; throws with every problem found, naming the game and step. */
export function playRandomGame(p: RandomPlay, g: number): Played {
  const { game } = p;
  const rng = new Rng([g + 1, 77, 1234567, g * 31 + 5]);
  const { seats, bots } = p.players(g, rng);
  const options = game.options.parse(p.options(g, rng) ?? {});
  const created = game.setup({ seats, seed: `random-play-${game.id}-${g}`, options });
  const problem = (step: number, problems: string[]): Error => new Error(`${game.id} game ${g} (${seats.length} players) step ${step}: ${problems.join('; ')}`);
  let state = created.state;
  const first = p.check?.(state, created.events, state, g, 0) ?? [];
  if (first.length) throw problem(0, first);
  let step = 0;
  while (!game.outcome(state)) {
    if (step >= p.maxActions) throw problem(step, [`did not end in ${p.maxActions} actions`]);
    const active = game.activeSeats(state);
    if (active.length === 0) throw problem(step, ['nobody can act, yet the game is not over']);
    const seat = active[Math.floor(rng.next() * active.length)] as number;
    const roll = rng.next();
    let actor: Actor = seat;
    let action: unknown;
    if (p.system && roll < p.system.timeout) {
      actor = 'system';
      action = { type: 'timeout', seat };
    } else if (p.system && roll < p.system.timeout + p.system.resign) {
      action = { type: 'resign' };
    } else {
      const bot = game.bots[bots[seat] ?? game.defaultBot] ?? game.bots[game.defaultBot]!;
      action = bot(state, seat);
      if (action === null || action === undefined) throw problem(step, [`seat ${seat} is waited for but its bot has nothing to do`]);
    }
    const audit = step % 50 === 0;
    const before = audit ? JSON.stringify(state) : null;
    if (audit) deepFreeze(state);
    const result = applyRequest(game, state, actor, action);
    if (!result.ok) throw problem(step, [`${String(actor)} ${JSON.stringify(action)} was refused: ${result.code} ${result.message}`]);
    if (before !== null && JSON.stringify(state) !== before) throw problem(step, ['apply changed the state it was given']);
    const problems = p.check?.(result.state, result.events, state, g, step) ?? [];
    if (audit) {
      const copy = JSON.parse(JSON.stringify(result.state)) as unknown;
      if (JSON.stringify(copy) !== JSON.stringify(result.state)) problems.push('the state is not plain JSON');
      for (const s of game.activeSeats(copy)) {
        if (JSON.stringify(game.legalActions(copy, s)) !== JSON.stringify(game.legalActions(result.state, s))) problems.push(`seat ${s}'s legal actions differ after a JSON round trip`);
      }
    }
    if (problems.length) throw problem(step, problems);
    state = result.state;
    step++;
  }
  return { actions: step, outcome: game.outcome(state)!, state };
}

/** Every option switched on: each yes/no option yes, each choice its last value (a game's variants all at once). */
export function everyOptionOn(game: AnyGame): Record<string, unknown> {
  const on: Record<string, unknown> = {};
  for (const f of optionFields(game.options)) {
    if (f.type === 'boolean') on[f.key] = true;
    else if (f.type === 'choice' && f.values?.length) on[f.key] = f.values[f.values.length - 1];
  }
  return on;
}
