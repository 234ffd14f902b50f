/** What happened, for the channel's words and for tests. Tiles in events are public by then. */
import type { Award } from './state.ts';
import type { Kind } from './tiles.ts';
import type { SeasonEvent } from './seasons-data.ts';

export type FarmEvent =
  | { type: 'started'; first: number }
  | { type: 'turn'; seat: number; round: number }
  /** F8: a held tile with no legal cell, shown and removed. */
  | { type: 'dead'; seat: number; tile: string }
  | { type: 'placed'; seat: number; tile: string; x: number; y: number; rot: number; extra?: boolean; fromRow?: boolean }
  /**
   * F10–F12: a farm scored. `kind`: its one kind when single-kind; `males`: males among its
   * animals (R3, never doubled); `market`: a demand or glut card that changed its animals' points (R6).
   */
  | { type: 'scored'; farm: number; closer: number; owners: number[]; animals: number; single: boolean; kind?: Kind; males?: number; market?: string; awards: Award[] }
  | { type: 'claimed'; seat: number; region: number; tile: string }
  | { type: 'passed'; seat: number }
  | { type: 'gate'; seat: number; tile: number; open: boolean }
  /** R4, R5: the fox ate chickens (told before the farm's points); the fox goes to a field or leaves the map. */
  | { type: 'foxAte'; farm: number; chickens: number }
  | { type: 'fox'; seat: number | null; region: number | null }
  /** R18: bales taken by a farm's closer, a bale put on a field. */
  | { type: 'balesTaken'; seat: number; count: number }
  | { type: 'bale'; seat: number; region: number }
  /** R10–R12: a tractor placed; tractors back to the supply (their farm scored, or their owner's turn ended). */
  | { type: 'tractor'; seat: number; region: number }
  | { type: 'tractorBack'; count: number; why: 'scored' | 'turnEnd' }
  /** R11: the player may place one more tile. */
  | { type: 'extraTile'; seat: number }
  /** R13, R14: the horse enters a farm, is moved (at a turn's start or instead of a henhouse), or is trapped. */
  | { type: 'horse'; seat: number | null; region: number | null; why: 'enters' | 'jumps' | 'moved' | 'trapped' }
  /** R16: an animal taken out of the farm being scored into storage, or added from storage. */
  | { type: 'stored'; seat: number; op: 'remove' | 'add'; kind: 'cow' | 'pig' | 'sheep' }
  /** R19, R20: a henhouse with a sharecropper token; tokens taken by a closer. */
  | { type: 'shared'; seat: number; region: number; tile: string }
  | { type: 'sharesTaken'; seat: number; count: number }
  /** R21: the closer takes a tile (now face up in their row). */
  | { type: 'took'; seat: number; from: number; source: 'hand' | 'row'; tile: string }
  /** R7: the next market card is turned. */
  | { type: 'market'; card: string }
  /** F14 then R18: end-of-game points. */
  | { type: 'final'; awards: Award[] }
  | { type: 'drew'; seat: number; count: number }
  | { type: 'skipped'; seat: number }
  | { type: 'timedOut'; seat: number; inARow: number }
  | { type: 'removed'; seat: number; reason: string }
  | { type: 'ended'; reason: 'tiles' | 'rounds' | 'alone' | 'aborted'; winners: number[] }
  | SeasonEvent;
