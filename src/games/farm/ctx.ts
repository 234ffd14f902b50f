/** One change being applied: a copy of the state, the events it causes, the generator, the map. */
import type { Applied } from '../../platform/game.ts';
import { Rng } from '../../platform/rng.ts';
import { Board } from './board.ts';
import type { FarmEvent } from './events.ts';
import type { FarmState } from './state.ts';

export class Ctx {
  readonly s: FarmState;
  readonly events: FarmEvent[] = [];
  readonly rng: Rng;
  private boardCache: Board | null = null;
  constructor(state: FarmState) {
    this.s = structuredClone(state);
    this.rng = new Rng(this.s.rng);
  }
  emit(e: FarmEvent): void {
    this.events.push(e);
  }
  board(): Board {
    if (!this.boardCache || this.boardCache.placed !== this.s.placed || this.boardCache.placed.length !== this.s.placed.length) this.boardCache = new Board(this.s.placed);
    return this.boardCache;
  }
  /** Call after changing the map in place. */
  touched(): void {
    this.boardCache = null;
  }
  done(): Applied<FarmState, FarmEvent> {
    this.s.rng = this.rng.state;
    return { ok: true, state: this.s, events: this.events };
  }
}

/** Seats in play order starting at `seat`'s left. */
export const fromLeftOf = (s: FarmState, seat: number): number[] => s.seats.map((_, i) => (seat + 1 + i) % s.seats.length);
