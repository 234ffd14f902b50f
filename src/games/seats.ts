/** What the games' rules read of the platform's seat fields (src/platform/seats.ts). */
import type { Seat, SeatState } from '../platform/seats.ts';

/** Seats still in the game, in seat order, whoever's turn it is (not the platform's activeSeats: who may act now). */
export const seatsInGame = (s: Pick<SeatState, 'seats' | 'out'>): Seat[] => s.seats.map((_, i) => i).filter((i) => !s.out[i]);
