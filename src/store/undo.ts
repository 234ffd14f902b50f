/**
 * Taking an action back. An undo is itself a row of the action log (`{"platform":"undo",
 * "undoes":<seq>}`, no events), never a deleted row: replaying the log skips what was undone,
 * so the replayed state is exactly the stored one.
 *
 * Who may undo what: the seat that made the latest action still in effect, when nobody else
 * has acted since (only that seat's own actions and undos follow it) and none of its events
 * is final for the game (`isFinal`: a card drawn, a die rolled, a secret revealed). A game
 * without `isFinal` offers no undo.
 */
import type { Actor, AnyGame } from '../platform/game.ts';
import { applyRequest } from '../platform/requests.ts';
import { gameById } from '../games/registry.ts';
import { StaleVersionError, StoreError } from './errors.ts';
import type { LogEntry, Store } from './index.ts';

export interface UndoRecord {
  platform: 'undo';
  /** The seq of the action taken back. */
  undoes: number;
}

export function isUndo(action: unknown): action is UndoRecord {
  const a = action as Partial<UndoRecord> | null;
  return typeof a === 'object' && a !== null && a.platform === 'undo' && typeof a.undoes === 'number';
}

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
export function replayLog(engine: AnyGame, initial: unknown, log: readonly Pick<LogEntry, 'seq' | 'actor' | 'action' | 'events'>[], gameId: number): { state: unknown; inEffect: InEffect[] } {
  let state = initial;
  const inEffect: InEffect[] = [];
  for (const entry of log) {
    if (isUndo(entry.action)) {
      const top = inEffect.pop();
      if (!top || top.seq !== entry.action.undoes) throw new StoreError('REPLAY_FAILED', `game #${gameId}: logged undo ${entry.seq} names action ${entry.action.undoes}, which is not the latest in effect`);
      state = top.before;
      continue;
    }
    const r = applyRequest(engine, state, entry.actor, entry.action);
    if (!r.ok) throw new StoreError('REPLAY_FAILED', `game #${gameId}: logged action ${entry.seq} is refused on replay: ${r.message}`);
    inEffect.push({ seq: entry.seq, actor: entry.actor, action: entry.action, events: r.events, before: state });
    state = r.state;
  }
  return { state, inEffect };
}

/** The entries of a log still in effect: neither undos nor actions taken back. */
export function inEffectOf<T extends Pick<LogEntry, 'seq' | 'action'>>(log: readonly T[]): T[] {
  const kept: T[] = [];
  for (const entry of log) {
    if (!isUndo(entry.action)) kept.push(entry);
    else if (kept.at(-1)?.seq === entry.action.undoes) kept.pop();
  }
  return kept;
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
export function checkUndo(engine: AnyGame, log: readonly Pick<LogEntry, 'seq' | 'actor'>[], inEffect: readonly InEffect[], seat: number): UndoCheck {
  if (!engine.isFinal) return { ok: false, code: 'NO_UNDO' };
  const target = inEffect[inEffect.length - 1];
  if (!target) return { ok: false, code: 'NOTHING_TO_UNDO' };
  const since = log.filter((e) => e.seq >= target.seq);
  const other = since.findLast((e) => e.actor !== seat);
  if (other) return { ok: false, code: 'NOT_YOURS', by: other.actor };
  const final = target.events.find((e) => engine.isFinal!(e));
  if (final !== undefined) return { ok: false, code: 'FINAL', event: final };
  return { ok: true, target };
}

export type UndoOutcome =
  /** `stateAfterUndone`: the state the undone action had led to (its words and pictures are read from it). */
  | { ok: true; state: unknown; version: number; undone: InEffect; stateAfterUndone: unknown }
  | UndoRefusal;

/**
 * Takes back `seat`'s latest action (see checkUndo): logs the undo and writes the state from
 * before it, in one transaction. Throws StaleVersionError when the game is not at
 * `expectedVersion`.
 */
export async function undoLast(store: Store, gameId: number, expectedVersion: number, seat: number, opts: { userId?: string | null } = {}): Promise<UndoOutcome> {
  const replayed = await store.replay(gameId);
  if (replayed.status !== 'running') throw new StoreError('WRONG_STATUS', `game #${gameId} is ${replayed.status}, not running`);
  if (replayed.version !== expectedVersion) throw new StaleVersionError(gameId, expectedVersion, replayed.version);
  const engine = gameById(replayed.kind);
  if (!engine) throw new StoreError('UNKNOWN_KIND', `no game '${replayed.kind}' is registered`);
  const check = checkUndo(engine, replayed.log, replayed.inEffect, seat);
  if (!check.ok) return check;
  const target = check.target;
  const version = expectedVersion + 1;
  await store.prisma.$transaction(async (tx) => {
    const { count } = await tx.game.updateMany({
      where: { id: gameId, version: expectedVersion, status: 'running' },
      data: { state: JSON.stringify(target.before), version },
    });
    if (count !== 1) throw new StaleVersionError(gameId, expectedVersion, null);
    await tx.actionLog.create({
      data: { gameId, seq: version, actor: String(seat), userId: opts.userId ?? null, action: JSON.stringify({ platform: 'undo', undoes: target.seq } satisfies UndoRecord), events: '[]' },
    });
  });
  return { ok: true, state: target.before, version, undone: target, stateAfterUndone: replayed.state };
}
