/**
 * What a move's life (moves.ts) needs around it: the store, the clock, a log, and the posts in
 * the game's channel, which the adapter makes (src/discord/posting.ts for Discord). The runtime
 * knows no chat service: it says what happened, the adapter says it to the players.
 */
import type { AnyGame, Step } from '../platform/game.ts';
import type { GameRecord, LoadedGame, Store } from '../store/index.ts';
import type { InEffect } from './replay.ts';

export interface Runtime {
  store: Store;
  /** Milliseconds since the epoch: the turn clocks read it (tests move it). */
  now: () => number;
  log: { error(msg: string, fields?: Record<string, string | number | boolean | null | undefined>): void };
  posting: Posting;
}

/** A loaded game with its definition (the registry's entry for its kind). */
export type GameWithDef = LoadedGame & { def: AnyGame };
/** A started game, its state loaded. */
export type StartedGame = GameWithDef & { state: NonNullable<unknown> };

/**
 * Who hears of a change (timers.ts plans it, presence.ts decides it): the people whose turn
 * began, the one everyone else waited for has now played before, and the users pinged now (a
 * post still names the others, without notifying them: they are pinged once back, or not at all).
 */
export interface TurnNews {
  started: readonly number[];
  last: number | null;
  ping: readonly string[];
  /** Seats the computer played for in this change, their players being on vacation until then. */
  covered: readonly { seat: number; until: Date }[];
}

/** What became of a game's pause (pause.ts). `by`: the users who voted for it, or the admin who decided alone. */
export type PauseNews =
  | { kind: 'vote'; wants: 'pause' | 'resume'; userId: string; votes: number; needed: number }
  | { kind: 'paused'; by: readonly string[]; admin: boolean; needed: number }
  | { kind: 'resumed'; by: readonly string[]; admin: boolean; waiting: readonly number[]; ping: readonly string[] };

/**
 * How players hear of their game, from the adapter. Posts are queued in the channel's order and
 * not awaited: each `posted` settles once they are out, with null, or with a sentence saying
 * why they could not be posted (it never rejects).
 */
export interface Posting {
  /**
   * The version the game's channel shows, or will once its queued posts are out: what a new
   * post need not tell again. Read under the channel's lock, from the game loaded there.
   */
  shownVersion(game: GameRecord): number;
  /**
   * The posts of a change: `steps` end with the state now stored at `version` (each step its
   * own turn, as the game cuts them); `head` opens the first. `held`: the game holds them
   * (PostPlan.held) until the moment ends, and nothing is queued. `news`: who is pinged
   * (without it, everyone asked to act).
   */
  change(game: GameWithDef, version: number, steps: readonly Step<unknown, unknown>[], head?: string, news?: TurnNews): { posted: Promise<string | null>; held: boolean };
  /** The game has started: what showed its lobby says so (awaited before its first posts). */
  started(game: GameWithDef): Promise<void>;
  /**
   * `seat` took back its move `undone` (stored now at `version`, the game back at `state`):
   * `stateAfterUndone` is the state the move had led to.
   */
  undone(game: StartedGame, version: number, seat: number, undo: { undone: InEffect; state: unknown; stateAfterUndone: unknown }, news?: TurnNews): Promise<string | null>;
  /** Half of `seat`'s time for this turn is gone; `deadline`: when the rest runs out, if known; `ping`: whether it notifies them. */
  reminder(game: StartedGame, seat: number, deadline: Date | null, ping: boolean): Promise<string | null>;
  /**
   * `seat`'s player is back (quiet hours or vacation over) and the game still waits for them:
   * since `since`, and (`last`) for them alone now that everyone else has played.
   */
  ping(game: StartedGame, seat: number, what: { last: boolean; since: Date | null }): Promise<string | null>;
  /** A vote about the game's pause, or the game paused or resumed. */
  pause(game: StartedGame, news: PauseNews): Promise<string | null>;
}
