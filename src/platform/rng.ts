/**
 * Seeded randomness that lives inside the game state (plain JSON), so a game replays
 * exactly from its seed and action log. sfc32: small, fast, good enough for dice and shuffles.
 */
import { z } from 'zod';

export type RngState = [number, number, number, number];
/** A generator's state as a game's state schema holds it. */
export const rngStateSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);

/** Hashes a seed string into a full 128-bit generator state (cyrb128-style mixing). */
export function seedRng(seed: string): RngState {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const state: RngState = [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
  // Warm up so that similar seeds diverge.
  const rng = new Rng(state);
  for (let i = 0; i < 12; i++) rng.next();
  return rng.state;
}

/** A mutable generator over a copy of a state; read `.state` back to store it. */
export class Rng {
  state: RngState;
  constructor(state: RngState) {
    this.state = [state[0], state[1], state[2], state[3]];
  }

  /** Uniform in [0, 1). */
  next(): number {
    let [a, b, c, d] = this.state;
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    this.state = [a >>> 0, b >>> 0, c >>> 0, d >>> 0];
    return (t >>> 0) / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  die(): number {
    return this.int(6) + 1;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(items.length)] as T;
  }

  /** Fisher–Yates, in place; returns the same array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  }
}

/**
 * The generator a computer player of `seat` draws its tie-breaks from: derived from the game's
 * (`rng`, not advanced), so the same state always yields the same choice, and different per
 * seat. `mix` folds in what else should vary the draws: the round, a count that grows as the
 * game goes on.
 */
export function botRng(rng: RngState, seat: number, mix: { round?: number; salt?: number } = {}): Rng {
  return new Rng([
    rng[0] ^ (seat + 1),
    mix.round === undefined ? rng[1] : rng[1] ^ (mix.round * 7919),
    rng[2] ^ 0x9e3779b9,
    mix.salt === undefined ? rng[3] : (rng[3] + mix.salt) >>> 0,
  ]);
}
