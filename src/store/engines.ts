/** Every game kind the store can host, and its state type. Add a kind here to host a new game. */
import type { FenceState } from '../games/fence/index.ts';
import type { GameEngine } from './engine.ts';
import { fenceEngine } from './fence.ts';

export interface EngineStates {
  fence: FenceState;
}

export type GameKind = keyof EngineStates;

export const ENGINES: { [K in GameKind]: GameEngine<EngineStates[K]> } = {
  fence: fenceEngine,
};

export const isGameKind = (kind: string): kind is GameKind => Object.hasOwn(ENGINES, kind);
