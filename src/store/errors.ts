/** Errors the store throws on purpose; the bot tells them apart by `code`. */

export type StoreErrorCode =
  | 'NO_SUCH_GAME' | 'CHANNEL_BUSY' | 'STALE_VERSION' | 'WRONG_STATUS' | 'BROKEN_GAME'
  | 'ALREADY_SEATED' | 'LOBBY_FULL' | 'NOT_SEATED' | 'NOT_ENOUGH_PLAYERS' | 'UNKNOWN_KIND' | 'REPLAY_FAILED' | 'BAD_OPTIONS';

export class StoreError extends Error {
  override name = 'StoreError';
  constructor(readonly code: StoreErrorCode, message: string) {
    super(message);
  }
}

/** The channel already has a lobby or a running game (the database's unique index said so). */
export class ChannelBusyError extends StoreError {
  override name = 'ChannelBusyError';
  constructor(readonly channelId: string, readonly gameId: number | null) {
    super('CHANNEL_BUSY', `channel ${channelId} already has an unfinished game${gameId === null ? '' : ` (#${gameId})`}`);
  }
}

/**
 * The game moved on since the caller loaded it: nothing was written. Reload, check the
 * request against the new state, and try again (or tell the user).
 */
export class StaleVersionError extends StoreError {
  override name = 'StaleVersionError';
  constructor(readonly gameId: number, readonly expected: number, readonly actual: number | null) {
    super('STALE_VERSION', `game #${gameId} is at version ${actual ?? '?'}, not ${expected}`);
  }
}

/** The game's saved state cannot be used; it has been marked broken. `reason` is for admins. */
export class BrokenGameError extends StoreError {
  override name = 'BrokenGameError';
  constructor(readonly gameId: number, readonly reason: string) {
    super('BROKEN_GAME', `game #${gameId} is broken: ${reason}`);
  }
}
