// The race as the platform's tests use it: its types, the move a seat that may act makes, and
// the race for 2–8 runners for tests about how many seats a game takes. Kept beside the
// definition (index.ts), which stays the small example of a whole game.
import { race } from './index.ts';

export type RaceState = Parameters<typeof race.outcome>[0];
export type RaceEvent = Parameters<typeof race.words.event>[1];

/** The same race for 2 to 8 runners: a start short of players, a full lobby, many joining at once. */
export const crowdRace: typeof race = { ...race, id: 'crowdrace', title: 'Crowd Race', seats: { min: 2, max: 8 } };

/**
 * The first seat that may act now and its step: `steady` always steps 2 (the race's computer
 * player), `varied` 1, 2 or 3 by round and seat, so that runners spread out.
 */
export function raceMove(s: RaceState, pace: 'steady' | 'varied' = 'varied'): { seat: number; action: { type: 'step'; n: number } } {
  const seat = race.activeSeats(s)[0];
  if (seat === undefined) throw new Error('the race is over');
  return { seat, action: { type: 'step', n: pace === 'steady' ? 2 : 1 + ((s.round + 2 * seat) % 3) } };
}
