/** The farm's random-play set-up: players, bots, options and invariants (tests and bench). */
import { farm } from '../../src/games/farm/index.ts';
import type { FarmState } from '../../src/games/farm/state.ts';
import type { FarmEvent } from '../../src/games/farm/events.ts';
import type { RandomPlay } from '../platform/random-play.ts';
import { farmProblems } from './invariants.ts';
import { Rng, seedRng } from '../../src/platform/rng.ts';

/** Every Ranch option. */
export const RANCH = ['males', 'chickens', 'market', 'gates', 'bales', 'tractor', 'horse', 'storage', 'sharecroppers', 'dustBowl'] as const;

/** The options random play draws: every Ranch option and the Seasons module (drawn last, so the Ranch draws stay as they were). */
export const DRAWN = [...RANCH, 'seasons'] as const;

/** Each drawn option on in half the games, drawn per game. */
export const ranchOptions = (g: number, salt = 'ranch-options'): Record<(typeof DRAWN)[number], boolean> => {
  const rng = new Rng(seedRng(`${salt}-${g}`));
  return Object.fromEntries(DRAWN.map((k) => [k, rng.next() < 0.5])) as Record<(typeof DRAWN)[number], boolean>;
};

/** Random play of the farm; `seen` counts the events of every game played (the horse's by what it did). */
export const farmRandomPlay = (extraOptions: (g: number) => Record<string, unknown> = () => ({})): RandomPlay & { seen: Map<string, number> } => {
  const inPlay = new Map<number, number>();
  const seen = new Map<string, number>();
  return {
    seen,
    game: farm,
    players: (g, rng) => {
      const n = 2 + rng.int(5);
      return { seats: Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}`, computer: true })), bots: Array.from({ length: n }, (_, i) => ((g + i) % 5 === 0 ? 'simple' : 'random')) };
    },
    options: (g) => extraOptions(g),
    maxActions: 2000,
    system: { timeout: 0.01, resign: 0.002 },
    check: (state, events, before, g, step) => {
      const s = state as FarmState;
      for (const e of events as FarmEvent[]) {
        const key = e.type === 'horse' ? `horse:${e.why}` : e.type;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      if (step === 0) inPlay.set(g, s.stack.length + s.hands.flat().length + (s.rows ?? []).flat().length + s.placed.length + s.discarded.length);
      return farmProblems(s, events as FarmEvent[], before as FarmState, inPlay.get(g)!);
    },
  };
};

