/**
 * Where the platform asks a game's rules, whoever asks: a player's move, a timer's timeout, an
 * admin, a computer seat, the replay of a log and a scenario file all apply a request through
 * applyRules, the one call of the platform's applyRequest (src/platform/requests.ts: the seat
 * bookkeeping, then the game's `play` or its seat hooks). Who plays for a seat nobody sits at
 * is answered here too (standIn).
 */
import { StoreError } from '../store/index.ts';
import type { Actor, AnyGame, Answer, Applied, Bot, SeatInfo } from '../platform/game.ts';
import { checkOptions } from '../platform/options.ts';
import { applyRequest } from '../platform/requests.ts';
import { loadState } from '../platform/state.ts';
import type { Ending } from '../store/index.ts';
import { gameById } from '../games/registry.ts';

/**
 * What a request does to a state under `def`'s rules: the new state, its events and the seats
 * that left through it, or a refusal. Never changes `state`.
 */
export function applyRules(def: AnyGame, state: unknown, actor: Actor, input: unknown): Answer<unknown, unknown> {
  return applyRequest(def, state, actor, input);
}

/** A new game of `def`. */
export function setUp(def: AnyGame, input: { seats: SeatInfo[]; seed: string; options: unknown }): Applied<unknown, unknown> {
  return def.setup(input);
}

/**
 * Who plays for an absent player: a computer seat is played by its game's default bot (null:
 * the game has none, and its computer seats wait). A person who ran out of time is played for
 * by the platform's `timeout` request (the game's onTimeout), applied like any other (see timers.ts).
 */
export function standIn(def: AnyGame): Bot<unknown, unknown> | null {
  return def.bots[def.defaultBot] ?? null;
}

/** How the store records the end of a game in `state`, or null while it goes on. */
export function endingOf(def: AnyGame, state: unknown): Ending | null {
  const o = def.outcome(state);
  return o ? { status: o.status, outcome: o.detail } : null;
}

/** The definition of a stored game's kind (UNKNOWN_KIND when this bot has none). */
export function defOf(kind: string): AnyGame {
  const def = gameById(kind);
  if (!def) throw new StoreError('UNKNOWN_KIND', `no game '${kind}' is registered`);
  return def;
}

/** A game's stored options, checked by its options schema (defaults filled in); BAD_OPTIONS when they are not valid. */
export function optionsOf(def: AnyGame, stored: unknown): unknown {
  const checked = checkOptions(def.options, stored ?? {});
  if (!checked.ok) throw new StoreError('BAD_OPTIONS', `the options of this ${def.title} game are not valid: ${checked.problems.join(' ')}`);
  return checked.options;
}

/**
 * Who won a finished game of `kind`, read from its stored final state (JSON text) by its
 * game's `outcome`; null when this bot cannot read the state (src/store/stats.ts's WinnersOf).
 */
export function winnersOf(kind: string, stateText: string): number[] | null {
  const def = gameById(kind);
  if (!def) return null;
  try {
    return def.outcome(loadState(def, JSON.parse(stateText)))?.winners ?? [];
  } catch {
    return null;
  }
}
