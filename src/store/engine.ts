/**
 * What the store needs from a game engine. The store is game-agnostic: it never looks inside
 * a state, an action or an event except through these functions. FENCE! is wired in
 * ./fence.ts; another game adds its own file and an entry in ./engines.ts.
 */

export type StoreActor = number | 'system';

export interface EngineSeat {
  name: string;
  computer: boolean;
}

export type EngineApplied<S> = { ok: true; state: S; events: unknown[] };
export type EngineRefusal = { ok: false; code: string; message: string; legal: string[] };

/** How a game ended, as the store records it. */
export interface EngineEnding {
  status: 'finished' | 'aborted';
  /** Stored as JSON in Game.outcome. */
  outcome: unknown;
}

export interface GameEngine<S = unknown> {
  kind: string;
  minSeats: number;
  maxSeats: number;
  create(input: { seats: EngineSeat[]; seed: string; options: unknown }): EngineApplied<S>;
  apply(state: S, actor: StoreActor, action: unknown): EngineApplied<S> | EngineRefusal;
  /**
   * Parses a stored state (already JSON-decoded), upgrading an older schema version to the
   * current one. Throws StateLoadError when the value is not a state this engine can use.
   */
  load(raw: unknown): S;
  /** Non-null once the game is over. */
  ending(state: S): EngineEnding | null;
  /** Seats that left the game through these events, so the store can mark them. */
  seatsLeft(events: readonly unknown[]): { seat: number; reason: string }[];
}

/** A stored state this engine cannot use; the message is meant for the channel's admins. */
export class StateLoadError extends Error {
  override name = 'StateLoadError';
}

/** vN → vN+1, keyed by N. Each upgrader gets a plain JSON object of version N. */
export type Upgraders = Readonly<Record<number, (state: Record<string, unknown>) => Record<string, unknown>>>;

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
