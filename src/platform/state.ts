/**
 * Reading a stored state back: upgrade it from the version it was written in, then check it
 * against the game's state schema before any rule may touch it.
 */
import type { AnyGame, Upgraders } from './game.ts';

/** A stored state a game cannot use; the message is meant for the channel's admins. */
export class StateLoadError extends Error {
  override name = 'StateLoadError';
}

/**
 * Brings a decoded state to `current` one version at a time. Unknown or future versions are
 * refused rather than guessed at: a state written by a newer bot must not be rewritten by an
 * older one.
 */
export function upgradeState(raw: unknown, current: number, upgraders: Upgraders): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new StateLoadError('the stored state is not an object');
  let state = raw as Record<string, unknown>;
  const first = state.version;
  if (typeof first !== 'number' || !Number.isInteger(first)) throw new StateLoadError('the stored state has no schema version');
  let version: number = first;
  if (version > current) throw new StateLoadError(`the stored state has schema version ${version}, newer than this bot knows (${current}): was it written by a newer version?`);
  while (version < current) {
    const up = upgraders[version];
    if (!up) throw new StateLoadError(`the stored state has schema version ${version}, which this bot cannot upgrade (it knows ${current})`);
    state = up(state);
    if (state.version !== version + 1) throw new StateLoadError(`the upgrader from version ${version} produced version ${String(state.version)}`);
    version += 1;
  }
  return state;
}

/**
 * A decoded stored state of `game`, upgraded and checked. The value returned is the stored
 * one itself (the schema only checks it), so what replays is exactly what was written.
 * Throws StateLoadError saying what is wrong.
 */
export function loadState(game: Pick<AnyGame, 'title' | 'state'>, raw: unknown, upgraders: Upgraders = game.state.upgraders): unknown {
  const upgraded = upgradeState(raw, game.state.version, upgraders);
  const parsed = game.state.schema.safeParse(upgraded);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StateLoadError(`the stored ${game.title} state is damaged: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid'}`);
  }
  return upgraded;
}
