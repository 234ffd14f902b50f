/**
 * A move's life, from start to end, whoever makes it (a player through the Discord adapter,
 * the scheduler's timeout, an admin, start-up recovery): the game loaded (the store keeps it
 * parsed), the rules applied (rules.ts), the action saved with its log entry and the turn's
 * timers in one guarded write, computer seats played until only people are waited for, the
 * turn clocks armed (timers.ts), and the channel told (context.ts's Posting). Callers hold the
 * channel's lock (Store.withChannelLock).
 */
import { randomUUID } from 'node:crypto';
import type { Actor, Refusal, Step } from '../platform/game.ts';
import { inEffectOf, StoreError, type Ending, type LoadedGame, type SeatRecord, type Store, type TimerChanges, type TimerRecord } from '../store/index.ts';
import type { GameWithDef, Runtime, StartedGame, TurnNews } from './context.ts';
import { howTold, loadPresence, waitedFor, type Presence } from './presence.ts';
import { undoLast, type UndoOutcome, type UndoRefusal } from './replay.ts';
import { applyRules, defOf, endingOf, optionsOf, setUp, standIn } from './rules.ts';
import { armTurnTimers, dueTurnTimer, planTurnTimers } from './timers.ts';

type UndoDone = Extract<UndoOutcome, { ok: true }>;

/** applyAction's `timers`: the timer changes that go with the new state at `version`, or null for none. */
export type TimersFor = (state: unknown, version: number) => Promise<TimerChanges | null>;

export type ApplyOutcome =
  | { ok: true; state: unknown; events: unknown[]; version: number; ending: Ending | null }
  | { ok: false; refusal: Refusal };

/**
 * One action, without what follows it: the game's rules applied to the stored state and, in
 * one transaction, the action appended to the log, the new state written and the version
 * bumped (the game finished when the rules say it is over). A refusal writes nothing. Throws
 * StaleVersionError when the game is not at `expectedVersion`, BrokenGameError when its
 * state cannot be read.
 *
 * `loadedState`: the state the caller has of the game at `expectedVersion`, as the store
 * loaded or returned it: while the store still keeps it for that version, the game is not read
 * again (see Store.playable). `timers`: the timer changes that go with the new state (not asked
 * for when the action ends the game: its timers all go), written under the action's own
 * compare-and-set: with the action, or not at all.
 */
export async function applyAction(
  store: Store, gameId: number, expectedVersion: number, actor: Actor, action: unknown,
  opts: { userId?: string | null; loadedState?: unknown; timers?: TimersFor } = {},
): Promise<ApplyOutcome> {
  const { kind, state, read } = await store.playable(gameId, expectedVersion, opts.loadedState);
  const def = defOf(kind);
  // Applied exactly as it will be logged, so that replay sees the same input.
  const logged = JSON.stringify(action ?? null);
  const result = applyRules(def, state, actor, JSON.parse(logged));
  if (!result.ok) {
    // Told only once the stored game is known to be the one it was applied to.
    if (!read) await store.playable(gameId, expectedVersion);
    return { ok: false, refusal: result };
  }
  const ending = endingOf(def, result.state);
  const timers = !ending && opts.timers ? await opts.timers(result.state, expectedVersion + 1) : null;
  const version = await store.saveAction(gameId, expectedVersion, {
    kind, actor, userId: opts.userId ?? null, action: logged, events: result.events, state: result.state, seatsLeft: result.left, ending, timers,
  });
  return { ok: true, state: result.state, events: result.events, version, ending };
}

/**
 * What an accepted action led to. `posted` settles once its public posts are out (they are
 * sent outside the channel's lock): null, or why they could not be posted.
 */
export type ActResult =
  | {
    ok: true;
    state: unknown;
    version: number;
    /** What this action (and the computers after it) caused. */
    events: unknown[];
    over: boolean;
    posted: Promise<string | null>;
    /** The game holds the post (PostPlan.held): the channel is told when the moment ends. */
    held: boolean;
  }
  | { ok: false; refusal: Refusal };

/** How many computer moves one request may trigger (a game of computers only ends well before). */
const MAX_COMPUTER_STEPS = 5000;

/** The seat an action speaks for: the actor, or the seat a timeout is about. */
function actingSeat(actor: Actor, action: unknown): number | null {
  if (typeof actor === 'number') return actor;
  const a = action as { type?: unknown; seat?: unknown } | null;
  return a && a.type === 'timeout' && typeof a.seat === 'number' ? a.seat : null;
}

/**
 * What a paused game still accepts (pause.ts): a player leaving, an admin removing a player or
 * ending the game. Nothing is played, by anyone or by a clock.
 */
function allowedWhilePaused(actor: Actor, action: unknown): boolean {
  const type = (action as { type?: unknown } | null)?.type;
  return actor === 'system' ? type === 'abort' || type === 'remove' : type === 'resign';
}

/**
 * A move in a running game, its whole life: applied and saved (applyAction), computer seats
 * played after it (and the seats of players on a vacation they left to the computer), the turn
 * clocks armed, and the posts queued, telling first what the channel was not told yet. `head`
 * opens the first post. Refused (PAUSED) while the game is paused. `standIn`: the move is the
 * computer's, for a player on vacation; `presence`: the players' settings, when the caller
 * read them already.
 */
export async function act(
  rt: Runtime,
  game: StartedGame,
  actor: Actor,
  action: unknown,
  opts: { userId?: string | null; head?: string; standIn?: boolean; presence?: Presence } = {},
): Promise<ActResult> {
  if (game.record.pausedAt !== null && !allowedWhilePaused(actor, action)) {
    return { ok: false, refusal: { ok: false, code: 'PAUSED', message: `Game #${game.record.id} is paused: nothing can be played until it is resumed.`, legal: [] } };
  }
  const id = game.record.id;
  const presence = opts.presence ?? await loadPresence(rt, game);
  const seat = actingSeat(actor, action);
  const acted = seat === null ? [] : [seat];
  const timers = turnTimersWith(rt, game, acted, presence);
  const first = await applyAction(rt.store, id, game.record.version, actor, action, { userId: opts.userId ?? null, loadedState: game.state, timers: timers.plan });
  if (!first.ok) return first;
  const steps: Step<unknown, unknown>[] = [{ state: first.state, events: first.events }];
  const covered = new Set<number>(opts.standIn && seat !== null ? [seat] : []);
  const { state, version } = await runComputers(rt, game, first.state, first.version, steps, presence, covered, timers.plan);
  const unseen = await unseenStep(rt, game);
  const { posted, held } = await afterChange(rt, game, unseen ? [unseen, ...steps] : steps, version, {
    acted, presence, covered, news: timers.writtenFor() === version ? timers.news() : null, ...(opts.head ? { head: opts.head } : {}),
  });
  return { ok: true, state, version, events: steps.flatMap((s) => [...s.events]), over: game.def.outcome(state) !== null, posted, held };
}

/**
 * Starts a lobby, without what follows (see start): the game's setup for its seats in joining
 * order, from a new seed (recorded for replay), saved running at version 0. Throws the
 * store's WRONG_STATUS (not in its lobby), NOT_ENOUGH_PLAYERS, BAD_OPTIONS.
 */
export async function startGame(store: Store, gameId: number, opts: { seed?: string } = {}): Promise<{ game: LoadedGame; events: unknown[] }> {
  const lobby = await store.getRecord(gameId);
  if (lobby.game.status !== 'lobby') throw new StoreError('WRONG_STATUS', `game #${gameId} is ${lobby.game.status}, not in its lobby`);
  const def = defOf(lobby.game.kind);
  if (lobby.seats.length < def.seats.min) throw new StoreError('NOT_ENOUGH_PLAYERS', `game #${gameId} needs at least ${def.seats.min} players`);
  const seed = opts.seed ?? randomUUID();
  const created = setUp(def, { seats: lobby.seats.map((s) => ({ name: s.name, computer: s.computer })), seed, options: optionsOf(def, lobby.game.options) });
  const game = await store.saveStart(gameId, { seed, state: created.state, seats: lobby.seats, options: lobby.game.options });
  return { game, events: created.events };
}

/**
 * Starts a lobby, its whole life: started (startGame), the lobby shown started, computer seats
 * played, the turn clocks armed, and the first posts queued, opened by `head`.
 */
export async function start(rt: Runtime, lobby: GameWithDef, opts: { seed?: string; head?: string } = {}): Promise<{ game: StartedGame; posted: Promise<string | null> }> {
  const result = await startGame(rt.store, lobby.record.id, opts.seed ? { seed: opts.seed } : {});
  const { state } = result.game;
  if (state === null || state === undefined) throw new StoreError('WRONG_STATUS', `game #${lobby.record.id} started without a state`);
  const started: StartedGame = { ...result.game, state, def: lobby.def };
  const steps: Step<unknown, unknown>[] = [{ state, events: result.events }];
  const presence = await loadPresence(rt, started);
  const covered = new Set<number>();
  const after = await runComputers(rt, started, started.state, started.record.version, steps, presence, covered);
  await rt.posting.started(started);
  const { posted } = await afterChange(rt, started, steps, after.version, { presence, covered, ...(opts.head ? { head: opts.head } : {}) });
  return { game: started, posted };
}

/**
 * Takes back `seat`'s latest move, its whole life: undone (undoLast), the turn clocks armed
 * again, and the channel told.
 */
export async function undoMove(rt: Runtime, game: StartedGame, seat: number, userId: string | null): Promise<UndoRefusal | (UndoDone & { posted: Promise<string | null> })> {
  const res = await undoLast(rt.store, game.record.id, game.record.version, seat, { userId });
  if (!res.ok) return res;
  const news = await armTurnTimers(rt, game, res.state, res.version, [seat], await loadPresence(rt, game));
  return { ...res, posted: rt.posting.undone(game, res.version, seat, res, news) };
}

/**
 * A claimed timer of a seat of a running game: a reminder posted, the seat's timeout applied as
 * a move (the game decides what is played for it), the computer's move for a player on
 * vacation, or a player pinged once back; a stale one re-arms the clocks (timers.ts).
 */
export async function fireTurnTimer(rt: Runtime, game: StartedGame, t: TimerRecord): Promise<{ outcome: string; posted?: Promise<string | null> }> {
  const presence = await loadPresence(rt, game);
  const due = await dueTurnTimer(rt, game, t, presence);
  switch (due.due) {
    case 'unknown-kind':
    case 'stale':
    case 'paused':
    case 'held':
      return { outcome: due.due };
    case 'reminder':
      return { outcome: 'reminded', posted: rt.posting.reminder(game, due.seat, due.deadline, due.ping) };
    case 'ping':
      return { outcome: 'pinged', posted: rt.posting.ping(game, due.seat, { last: due.last, since: due.since }) };
    case 'stand-in': {
      const action = standIn(game.def, seatOf(game, due.seat))?.(game.state, due.seat) ?? null;
      if (action === null) return { outcome: 'stand-in-idle' };
      const res = await act(rt, game, due.seat, action, { standIn: true, presence });
      return res.ok ? { outcome: 'stood-in', posted: res.posted } : { outcome: `refused:${res.refusal.code}` };
    }
    case 'timeout': {
      const res = await act(rt, game, 'system', { type: 'timeout', seat: due.seat }, { presence });
      return res.ok ? { outcome: 'timed-out', posted: res.posted } : { outcome: `refused:${res.refusal.code}` };
    }
  }
}

/**
 * Start-up (or any time): what follows from the stored game, derived again. Idempotent:
 * computer seats that must act play, the turn clocks are armed from the state and the log (not
 * trusted from their rows), and the channel is told what it was not (`showStart`: its last
 * post is missing, so the game as it stands is posted even when nothing is unseen). `held`: the
 * game holds the channel's post at the state it is now at (PostPlan.held), so nothing was queued.
 */
export async function catchUp(
  rt: Runtime, game: StartedGame, opts: { showStart?: boolean } = {},
): Promise<{ computerMoves: number; posted?: Promise<string | null>; held?: { state: unknown } }> {
  const { version } = game.record;
  const steps: Step<unknown, unknown>[] = [];
  // What the channel has not been told yet (a post the game holds stays held: see PostPlan.held).
  const unseen = await unseenStep(rt, game);
  if (unseen) steps.push(unseen);
  else if (opts.showStart) steps.push({ state: game.state, events: [] });
  let now: { state: unknown; version: number } = { state: game.state, version };
  let news: TurnNews | undefined;
  if (game.record.status === 'running') {
    const presence = await loadPresence(rt, game);
    const covered = new Set<number>();
    now = await runComputers(rt, game, game.state, version, steps, presence, covered);
    news = withCovered(await armTurnTimers(rt, game, now.state, now.version, [], presence), presence, covered);
    // A post that was lost pinged nobody: whoever the game waits for hears of it now.
    if (steps.length > 0 && now.version === version && game.record.pausedAt === null) {
      const ping = waitedFor(game, now.state, presence).filter((p) => howTold(p.settings, presence.now, 'turn', false).how === 'ping');
      news = { ...news, ping: ping.map((p) => p.userId) };
    }
  }
  const computerMoves = now.version - version;
  if (steps.length === 0) return { computerMoves };
  const out = rt.posting.change(game, now.version, steps, undefined, news);
  // A moment the game holds (PostPlan.held): nothing is posted; the caller learns the state it is at.
  return out.held ? { computerMoves, held: { state: now.state } } : { computerMoves, posted: out.posted };
}

/**
 * What the channel has not been told of the game as loaded (`game.state` at `game.record.version`):
 * a post the game held (PostPlan.held), or one that failed or was lost in a crash. Read from
 * the action log (moves taken back left out), as one step with the loaded state; null when the
 * channel is up to date.
 */
async function unseenStep(rt: Runtime, game: LoadedGame): Promise<Step<unknown, unknown> | null> {
  const shown = rt.posting.shownVersion(game.record);
  if (shown >= game.record.version) return null;
  // The entries after `shown` alone give the same moves in effect as the whole log: an undo
  // there names either an action there, or one already shown (which stays shown).
  const events = inEffectOf(await rt.store.getActionLog(game.record.id, { afterSeq: shown })).filter((e) => e.seq <= game.record.version).flatMap((e) => e.events);
  return events.length ? { state: game.state, events } : null;
}

/**
 * The turn timers (armTurnTimers) of an action and of the computer moves after it, written in
 * the transaction of the one after which only people are waited for: `plan` is applyAction's
 * `timers`. It starts from the timers the game was loaded with (under the channel's lock, so
 * nothing else changed them since) and plans nothing for a state in which a computer plays
 * next, whose move carries them instead. `writtenFor`: the version the timers were planned for
 * (written with it, or not at all); when it is not the last one (the computers stopped early,
 * or the game ended), armTurnTimers arms them as after any other change.
 */
function turnTimersWith(rt: Runtime, game: StartedGame, acted: readonly number[], presence: Presence): { plan: TimersFor; writtenFor: () => number | null; news: () => TurnNews | null } {
  const computers = computerSeats(game, presence);
  const computersPlay = standIn(game.def) !== null && game.record.pausedAt === null;
  let writtenFor: number | null = null;
  let news: TurnNews | null = null;
  return {
    plan: async (state, version) => {
      if (computersPlay && game.def.activeSeats(state).some((s) => computers.has(s))) return null;
      writtenFor = version;
      const plan = await planTurnTimers(rt, game, state, version, acted, game.timers, presence);
      news = plan.news;
      return plan.changes;
    },
    writtenFor: () => writtenFor,
    news: () => news,
  };
}

/** The stored seat at `seat` (its level, for standIn). */
const seatOf = (game: GameWithDef, seat: number): SeatRecord | undefined => game.seats.find((s) => s.seat === seat);

/** The seats the computer plays: computer players, and players on a vacation they left to it. */
function computerSeats(game: GameWithDef, presence: Presence): Set<number> {
  return new Set([...game.seats.filter((s) => s.computer).map((s) => s.seat), ...presence.standIns]);
}

/** `news` with the seats the computer played for (players on vacation) and when they are back. */
function withCovered(news: TurnNews, presence: Presence, covered: ReadonlySet<number>): TurnNews {
  const until = (seat: number) => presence.settings.get(seat)?.vacation?.until ?? new Date(presence.now);
  return covered.size ? { ...news, covered: [...covered].map((seat) => ({ seat, until: until(seat) })) } : news;
}

/**
 * Computer seats play at once, played by their stand-in (rules.ts), until only people are
 * waited for; so do the seats of players on a vacation they left to the computer (added to
 * `covered` when it played for them). Nobody plays in a paused game. Each move is appended to
 * `steps` with the state after it, so the game can give each computer turn its own post.
 * `timers`: applyAction's, for each move.
 */
async function runComputers(
  rt: Runtime, game: GameWithDef, state: unknown, version: number, steps: Step<unknown, unknown>[],
  presence: Presence, covered: Set<number>, timers?: TimersFor,
): Promise<{ state: unknown; version: number }> {
  const { def } = game;
  const computer = computerSeats(game, presence);
  if (game.record.pausedAt !== null) return { state, version };
  let moves = 0;
  for (let moved = true; moved && moves < MAX_COMPUTER_STEPS;) {
    moved = false;
    for (const seat of def.activeSeats(state)) {
      if (!computer.has(seat)) continue;
      const action = standIn(def, seatOf(game, seat))?.(state, seat) ?? null;
      if (action === null) continue;
      const r = await applyAction(rt.store, game.record.id, version, seat, action, { loadedState: state, ...(timers ? { timers } : {}) });
      if (!r.ok) {
        rt.log.error('computer move refused', { game: game.record.id, code: r.refusal.code });
        return { state, version };
      }
      state = r.state;
      version = r.version;
      steps.push({ state, events: r.events });
      if (presence.standIns.has(seat)) covered.add(seat);
      moved = true;
      moves++;
      break; // who may act next is read again from the new state
    }
  }
  return { state, version };
}

/**
 * The turn clocks and the public posts after a change; `steps` ends with the state now stored
 * at `version`. `news`: the change wrote the turn timers of that state already, and this is
 * who hears of it.
 */
async function afterChange(
  rt: Runtime, game: GameWithDef, steps: readonly Step<unknown, unknown>[], version: number,
  opts: { presence: Presence; covered: ReadonlySet<number>; acted?: readonly number[]; head?: string; news?: TurnNews | null },
): Promise<{ posted: Promise<string | null>; held: boolean }> {
  const state = steps[steps.length - 1]?.state;
  if (state === undefined) return { posted: Promise.resolve(null), held: false };
  const news = opts.news ?? await armTurnTimers(rt, game, state, version, opts.acted ?? [], opts.presence);
  return rt.posting.change(game, version, steps, opts.head, withCovered(news, opts.presence, opts.covered));
}
