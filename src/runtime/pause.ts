/**
 * Pausing a running game, for every game: by a vote of its players (more than half of the
 * people still in it) or by its admin alone, and resuming it the same way. A paused game
 * accepts no moves (moves.ts's act refuses them) and its turn clocks stop with the time they
 * had left (timers.ts); its channel is told of each vote and of the pause and the resume.
 * Callers hold the channel's lock.
 */
import type { PauseNews, Runtime, StartedGame } from './context.ts';
import { catchUp } from './moves.ts';
import { howTold, loadPresence, votesNeeded, waitedFor } from './presence.ts';
import { armTurnTimers } from './timers.ts';

export type PauseWish = 'pause' | 'resume';

export type PauseOutcome =
  | { ok: true; news: PauseNews; posted: Promise<string | null> }
  | { ok: false; code: 'ALREADY_PAUSED' | 'NOT_PAUSED' | 'ALREADY_VOTED' | 'MOVED_ON' };

/**
 * `userId` asks for the game to be paused or resumed: at once when `admin` (the host, or a
 * member who manages the channel), else as a vote, which pauses or resumes it once enough
 * players agree (votesNeeded).
 */
export async function askPause(rt: Runtime, game: StartedGame, userId: string, wants: PauseWish, admin: boolean): Promise<PauseOutcome> {
  const paused = game.record.pausedAt !== null;
  if (wants === 'pause' && paused) return { ok: false, code: 'ALREADY_PAUSED' };
  if (wants === 'resume' && !paused) return { ok: false, code: 'NOT_PAUSED' };
  const needed = votesNeeded(game.seats);
  if (admin) return decide(rt, game, wants, [userId], true, needed);
  const earlier = (await rt.store.pauseVotes(game.record.id)).filter((v) => v.wants === wants);
  if (earlier.some((v) => v.userId === userId)) return { ok: false, code: 'ALREADY_VOTED' };
  // Only the votes of people still in the game count.
  const inGame = new Set(game.seats.filter((s) => s.userId && !s.computer && !s.leftAt).map((s) => s.userId));
  const voters = [...earlier.map((v) => v.userId).filter((u) => inGame.has(u)), userId];
  if (voters.length >= needed) return decide(rt, game, wants, voters, false, needed);
  await rt.store.votePause(game.record.id, userId, wants);
  const news: PauseNews = { kind: 'vote', wants, userId, votes: voters.length, needed };
  return { ok: true, news, posted: rt.posting.pause(game, news) };
}

/** Pauses or resumes the game: its clocks stopped or running again, the channel told. */
async function decide(rt: Runtime, game: StartedGame, wants: PauseWish, by: string[], admin: boolean, needed: number): Promise<PauseOutcome> {
  const at = wants === 'pause' ? new Date(rt.now()) : null;
  if (!(await rt.store.setPaused(game.record.id, at))) return { ok: false, code: 'MOVED_ON' };
  const now: StartedGame = { ...game, record: { ...game.record, pausedAt: at } };
  const presence = await loadPresence(rt, now);
  if (wants === 'pause') {
    await armTurnTimers(rt, now, now.state, now.record.version, [], presence);
    const news: PauseNews = { kind: 'paused', by, admin, needed };
    return { ok: true, news, posted: rt.posting.pause(now, news) };
  }
  const waiting = waitedFor(now, now.state, presence);
  const ping = waiting.filter((p) => howTold(p.settings, presence.now, 'resume', waiting.length === 1).how === 'ping').map((p) => p.userId);
  const news: PauseNews = { kind: 'resumed', by, admin, waiting: waiting.map((p) => p.seat), ping };
  const told = rt.posting.pause(now, news);
  // The clocks run again; whoever the computer plays for meanwhile (a vacation begun) plays now.
  const after = await catchUp(rt, now);
  const posted = after.posted ? Promise.all([told, after.posted]).then(([a, b]) => a ?? b) : told;
  return { ok: true, news, posted };
}
