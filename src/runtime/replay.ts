/**
 * Replaying a game's action log through its rules, and who may take a move back. An undo is a
 * row of the log (src/store/undo.ts): replay skips what was undone, so the replayed state is
 * exactly the stored one.
 *
 * Who may undo what: the seat that made the latest action still in effect, when nobody else
 * has acted since (only that seat's own actions and undos follow it) and none of its events
 * is final for the game (`isFinal`: a card drawn, a die rolled, a secret revealed). A game
 * without `isFinal` offers no undo.
 */
import type { Actor, AnyGame } from '../platform/game.ts';
import { isUndo, StaleVersionError, StoreError, type GameStatus, type LogEntry, type Store } from '../store/index.ts';
import { applyRules, defOf, optionsOf, setUp } from './rules.ts';

/** An action still in effect after replay, with the state it was applied to. */
export interface InEffect {
  seq: number;
  actor: Actor;
  action: unknown;
  events: unknown[];
  before: unknown;
}

/**
 * Replays a log from the game's first state: each action is applied, each undo restores the
 * state before the action it names (which must be the latest in effect). Returns the final
 * state and the actions in effect, oldest first.
 */
export function replayLog(def: AnyGame, initial: unknown, log: readonly Pick<LogEntry, 'seq' | 'actor' | 'action' | 'events'>[], gameId: number): { state: unknown; inEffect: InEffect[] } {
  let state = initial;
  const inEffect: InEffect[] = [];
  for (const entry of log) {
    if (isUndo(entry.action)) {
      const top = inEffect.pop();
      if (!top || top.seq !== entry.action.undoes) throw new StoreError('REPLAY_FAILED', `game #${gameId}: logged undo ${entry.seq} names action ${entry.action.undoes}, which is not the latest in effect`);
      state = top.before;
      continue;
    }
    const r = applyRules(def, state, entry.actor, entry.action);
    if (!r.ok) throw new StoreError('REPLAY_FAILED', `game #${gameId}: logged action ${entry.seq} is refused on replay: ${r.message}`);
    inEffect.push({ seq: entry.seq, actor: entry.actor, action: entry.action, events: r.events, before: state });
    state = r.state;
  }
  return { state, inEffect };
}

/**
 * Rebuilds a started game from its seed, options, seats and action log (undos included). The
 * result equals the stored state unless something wrote one without the other.
 */
export async function replay(store: Store, gameId: number): Promise<{ state: unknown; version: number; inEffect: InEffect[]; log: LogEntry[]; kind: string; status: GameStatus }> {
  const { game, seats } = await store.getRecord(gameId);
  if (game.seed === null) throw new StoreError('WRONG_STATUS', `game #${gameId} has not started`);
  const def = defOf(game.kind);
  const log = await store.getActionLog(gameId);
  const initial = setUp(def, { seats: seats.map((s) => ({ name: s.name, computer: s.computer })), seed: game.seed, options: optionsOf(def, game.options) }).state;
  const { state, inEffect } = replayLog(def, initial, log, gameId);
  return { state, version: log.length, inEffect, log, kind: game.kind, status: game.status };
}

export type UndoRefusal = {
  ok: false;
  code: 'NO_UNDO' | 'NOTHING_TO_UNDO' | 'NOT_YOURS' | 'FINAL';
  /** For NOT_YOURS: the last other actor (a seat, or 'system' for the platform: a timeout, an admin). */
  by?: Actor;
  /** For FINAL: the first final event. */
  event?: unknown;
};
export type UndoCheck = { ok: true; target: InEffect } | UndoRefusal;

/** Whether `seat` may take back its latest action, given the replayed log. */
export function checkUndo(def: AnyGame, log: readonly Pick<LogEntry, 'seq' | 'actor'>[], inEffect: readonly InEffect[], seat: number): UndoCheck {
  if (!def.isFinal) return { ok: false, code: 'NO_UNDO' };
  const target = inEffect[inEffect.length - 1];
  if (!target) return { ok: false, code: 'NOTHING_TO_UNDO' };
  const since = log.filter((e) => e.seq >= target.seq);
  const other = since.findLast((e) => e.actor !== seat);
  if (other) return { ok: false, code: 'NOT_YOURS', by: other.actor };
  const final = target.events.find((e) => def.isFinal!(e));
  if (final !== undefined) return { ok: false, code: 'FINAL', event: final };
  return { ok: true, target };
}

export type UndoOutcome =
  /** `stateAfterUndone`: the state the undone action had led to (its words and pictures are read from it). */
  | { ok: true; state: unknown; version: number; undone: InEffect; stateAfterUndone: unknown }
  | UndoRefusal;

/**
 * Takes back `seat`'s latest action (see checkUndo): the log replayed, the undo logged and the
 * state from before it written, in one transaction. Throws StaleVersionError when the game is
 * not at `expectedVersion`.
 */
export async function undoLast(store: Store, gameId: number, expectedVersion: number, seat: number, opts: { userId?: string | null } = {}): Promise<UndoOutcome> {
  const replayed = await replay(store, gameId);
  if (replayed.status !== 'running') throw new StoreError('WRONG_STATUS', `game #${gameId} is ${replayed.status}, not running`);
  if (replayed.version !== expectedVersion) throw new StaleVersionError(gameId, expectedVersion, replayed.version);
  const check = checkUndo(defOf(replayed.kind), replayed.log, replayed.inEffect, seat);
  if (!check.ok) return check;
  const target = check.target;
  const version = await store.saveUndo(gameId, expectedVersion, { seat, userId: opts.userId ?? null, undoes: target.seq, state: target.before });
  return { ok: true, state: target.before, version, undone: target, stateAfterUndone: replayed.state };
}
