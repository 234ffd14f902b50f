/**
 * The platform's part of every game's state, kept beside the game's own fields (as
 * boardgame.io keeps `ctx` apart from `G`): who sits in each seat, who has left, and how many
 * turns in a row each seat let run out of time. A game spreads `seatFields` into its state
 * schema and reads them; only the platform writes `out` and `timeouts`
 * (src/platform/requests.ts). Why a seat left is recorded with the seat in the store.
 */
import { z } from 'zod';

export type Seat = number;

export const seatInfoSchema = z.object({
  /** How the channel names this player (their server display name); never a secret. */
  name: z.string(),
  computer: z.boolean(),
});
export type SeatInfo = z.output<typeof seatInfoSchema>;

/** Why a seat leaves: it resigned, an admin removed it, H2's third timeout in a row, or its player left the server. */
export const leaveReasonSchema = z.enum(['resigned', 'kicked', 'timeouts', 'left']);
export type LeaveReason = z.output<typeof leaveReasonSchema>;

/** H2: this many turns in a row that ran out of time remove the player. */
export const TIMEOUTS_TO_LEAVE = 3;

/** The platform's fields of a state, for a game's state schema (`z.object({ ...seatFields, … })`). */
export const seatFields = {
  seats: z.array(seatInfoSchema),
  /** Per seat: whether it has left the game. */
  out: z.array(z.boolean()),
  /** Per seat: turns in a row that ran out of time (H2). */
  timeouts: z.array(z.number().int().min(0)),
};
/**
 * The fields every game's state schema opens with: its schema version and the game's id (what
 * loadState and the store read first), its options, and the seat fields with how many seats
 * the game takes (`z.object({ ...stateFields({ … }), … })`).
 */
export function stateFields<G extends string, V extends number, O extends z.ZodType>(head: { game: G; version: V; options: O; seats: { min: number; max: number } }) {
  return {
    version: z.literal(head.version),
    game: z.literal(head.game),
    options: head.options,
    ...seatFields,
    seats: seatFields.seats.min(head.seats.min).max(head.seats.max),
  };
}

export interface SeatState {
  seats: SeatInfo[];
  out: boolean[];
  timeouts: number[];
}

/** The platform's fields of a new game: everyone in, no timeouts. */
export const newSeats = (seats: readonly SeatInfo[]): SeatState => ({
  seats: seats.map((s) => ({ name: s.name, computer: s.computer })),
  out: seats.map(() => false),
  timeouts: seats.map(() => 0),
});

const seatIndex = z.number().int().min(0);

/**
 * The requests every game accepts besides its own actions, applied by the platform. `resign`
 * comes from the resigning seat; the others from 'system': a seat ran out of time, an admin
 * removed a seat (or its player left the server), an admin aborted the game.
 */
export const platformActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('resign') }),
  // The seat that ran out of time; omitted in games logged before several seats could be timed (the first one waited for).
  z.object({ type: z.literal('timeout'), seat: seatIndex.optional() }),
  z.object({ type: z.literal('remove'), seat: seatIndex, reason: leaveReasonSchema.exclude(['resigned']) }),
  z.object({ type: z.literal('abort') }),
]);
export type PlatformAction = z.output<typeof platformActionSchema>;

/** Seats still in the game, in seat order, whoever's turn it is (not a definition's activeSeats: who may act now). */
export const seatsInGame = (s: Pick<SeatState, 'seats' | 'out'>): Seat[] => s.seats.map((_, i) => i).filter((i) => !s.out[i]);
