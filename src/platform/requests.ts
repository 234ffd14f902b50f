/**
 * Where a request meets a game: the one function through which every request is applied —
 * by the runtime (src/runtime/rules.ts's applyRules: moves, replay and undo, scenario files),
 * benches and tests alike. The platform
 * applies its own requests (resign, timeout, remove, abort) and the seat bookkeeping that
 * goes with them (who is out, timeouts in a row, H2's removal after the third) and asks the
 * game only what they mean for its rules; a seat's own actions go to the game's `play`.
 */
import { refuse, type Actor, type Answer, type Applied, type ApplyRequest, type Game } from './game.ts';
import { platformActionSchema, TIMEOUTS_TO_LEAVE, type LeaveReason, type Seat, type SeatState } from './seats.ts';

/** The part of a definition this module uses: any definition is one. */
type Rules<S, E> = Pick<Game<S, unknown, E, unknown, unknown>, 'play' | 'onLeave' | 'onTimeout' | 'onAbort' | 'outcome' | 'activeSeats'>;

/** `s` with `seat`'s timeouts in a row set to `n` (the same object when they already are). */
function withTimeouts<S>(s: S, seat: Seat, n: number): S {
  const t = s as S & SeatState;
  if (t.timeouts[seat] === n) return s;
  return { ...t, timeouts: t.timeouts.map((k, i) => (i === seat ? n : k)) };
}

/** The seat leaves: the game's rules first, then the platform marks it out. */
function leave<S, E>(game: Rules<S, E>, s: S, seat: Seat, reason: LeaveReason, before: readonly E[]): Answer<S, E> {
  const r = game.onLeave(s, seat, reason);
  const t = r.state as S & SeatState;
  const state = t.out[seat] ? r.state : { ...t, out: t.out.map((o, i) => o || i === seat) };
  return { ok: true, state, events: [...before, ...r.events], left: [{ seat, reason }] };
}

const answer = <S, E>(r: Applied<S, E>): Answer<S, E> => ({ ok: true, state: r.state, events: r.events, left: [] });

/**
 * Applies a request to a game: a seat's action or resignation, or the platform's timeout,
 * removal or abort ('system'). `input` is untrusted JSON. Refuses what may not happen now with
 * a reason, never throws, never changes `state`.
 */
export function applyRequest<S, E>(game: Rules<S, E>, state: S, actor: Actor, input: unknown): Answer<S, E> {
  const t = state as S & SeatState;
  const inGame = (seat: Seat): boolean => Number.isInteger(seat) && seat >= 0 && seat < t.seats.length;
  const parsed = platformActionSchema.safeParse(input);
  const a = parsed.success ? parsed.data : null;
  if (actor !== 'system') {
    if (!inGame(actor)) return refuse('NOT_SEATED', 'You are not in this game.');
    if (game.outcome(state)) return refuse('GAME_OVER', 'This game is over.');
    if (t.out[actor]) return refuse('NOT_IN_GAME', 'You have left this game.');
    if (a?.type === 'resign') return leave(game, state, actor, 'resigned', []);
    const r = game.play(state, actor, input);
    return r.ok ? { ok: true, state: withTimeouts(r.state, actor, 0), events: r.events, left: [] } : r;
  }
  if (!a || a.type === 'resign') return refuse('INVALID', 'Not a request this game knows.');
  if (game.outcome(state)) return refuse('GAME_OVER', 'This game is over.');
  if (a.type === 'abort') return answer(game.onAbort(state));
  if (a.type === 'remove') {
    if (!inGame(a.seat) || t.out[a.seat]) return refuse('NOT_IN_GAME', 'That player is not in the game.');
    return leave(game, state, a.seat, a.reason, []);
  }
  const waiting = game.activeSeats(state);
  const seat = a.seat ?? waiting[0];
  if (seat === undefined || !waiting.includes(seat)) return refuse('NOT_WAITING', 'The game is not waiting for that player.');
  const inARow = (t.timeouts[seat] ?? 0) + 1;
  const r = game.onTimeout(state, seat, inARow);
  if (!r.ok || r.counts === false) return r.ok ? answer(r) : r;
  const counted = withTimeouts(r.state, seat, inARow);
  if (inARow >= TIMEOUTS_TO_LEAVE && !(counted as S & SeatState).out[seat] && !game.outcome(counted)) return leave(game, counted, seat, 'timeouts', r.events);
  return { ok: true, state: counted, events: r.events, left: [] };
}

/** `applyRequest` for one game: what its scenario runner is given, and tests' shorthand. */
export function requestsTo<S, E>(game: Rules<S, E>): ApplyRequest<S, E> {
  return (s, actor, input) => applyRequest(game, s, actor, input);
}
