/** What happened, for the channel's words and for tests. Tiles in events are public by then. */
import type { Award } from './state.ts';

export type FarmEvent =
  | { type: 'started'; first: number }
  | { type: 'turn'; seat: number; round: number }
  /** F8: a held tile with no legal cell, shown and removed. */
  | { type: 'dead'; seat: number; tile: string }
  | { type: 'placed'; seat: number; tile: string; x: number; y: number; rot: number }
  | { type: 'scored'; farm: number; closer: number; owners: number[]; animals: number; single: boolean; awards: Award[] }
  | { type: 'claimed'; seat: number; region: number; tile: string }
  | { type: 'passed'; seat: number }
  | { type: 'drew'; seat: number; count: number }
  | { type: 'skipped'; seat: number }
  | { type: 'timedOut'; seat: number; inARow: number }
  | { type: 'removed'; seat: number; reason: string }
  | { type: 'ended'; reason: 'tiles' | 'rounds' | 'alone' | 'aborted'; winners: number[] };
