/**
 * What an applied action caused, in order. Events are public: they may be posted to the
 * channel, so they never carry a hidden card (a drawn card shows only its colour).
 */
import type { Card, Colour } from './cards.ts';
import type { NbId } from './geometry.ts';
import type { HotGoodsRoll, Outcome } from './state.ts';

export type FenceEvent =
  /** `owner`: whose hand the tile came from, when not the placer's (Free-For-All). */
  | { type: 'tilePlaced'; seat: number; tile: string; x: number; y: number; rot: number; connections: { nb: NbId; to: NbId[] }[]; owner?: number }
  | { type: 'tileSwapped'; seat: number; tile: string; replaced: string; x: number; y: number; rot: number; connections: { nb: NbId; to: NbId[] }[]; owner?: number }
  | { type: 'passed'; seat: number; phase: 'building' | 'main' }
  | { type: 'buildingEnded'; discardedTiles: string[]; offLimits: NbId[] }
  | { type: 'startRevealed'; seat: number; cards: Card[]; tile: string | null }
  | { type: 'startRedrawn'; seat: number; why: 'absent' | 'taken' }
  | { type: 'pawnPlaced'; seat: number; nb: NbId }
  | { type: 'copsRolled'; red: number; blue: number; absent: boolean }
  | { type: 'copsPlaced'; nb: NbId; by: number }
  /** Cards dealt per colour; null when they came from one pile (their colours are secret). */
  | { type: 'dealt'; seat: number; red: number | null; blue: number | null }
  | { type: 'roundStarted'; round: number; firstPlayer: number }
  | { type: 'turnStarted'; seat: number; jailed: boolean }
  | { type: 'movedSelf'; seat: number; cards: Card[]; from: NbId | 'jail'; to: NbId }
  | { type: 'pushed'; seat: number; target: number; from: NbId; to: NbId }
  | { type: 'copsMoved'; seat: number; how: 'road' | 'tipOff' | 'hunch'; cards: Card[]; from: NbId; to: NbId }
  | { type: 'jailed'; seats: number[]; nb: NbId }
  | { type: 'released'; seat: number }
  | { type: 'stateEvidence'; seat: number; how: 'road' | 'tipOff' }
  /**
   * The colour is null when the Stash is one pile: the card came blind and stays secret.
   * `chosen`: the player chose that colour over the other (absent: the rules gave it).
   */
  | { type: 'cardDrawn'; seat: number; colour: Colour | null; why: 'hotGoods' | 'evidence' | 'reward'; chosen?: true }
  | { type: 'hotGoods'; index: number; of: number; roll: HotGoodsRoll }
  | { type: 'hotGoodsStopped'; why: 'stashEmpty' }
  | { type: 'firstPlayerMoved'; seat: number }
  | { type: 'timedOut'; seat: number; inARow: number }
  | { type: 'removed'; seat: number; reason: 'resigned' | 'kicked' | 'timeouts' | 'left' }
  | { type: 'gameOver'; outcome: Outcome }
  // Extended Rules (variants/)
  /** At the start: the Extended Rules this game plays with (said only when there are some). */
  | { type: 'playingWith' }
  | { type: 'tileRewarded'; seat: number; joined: number }
  | { type: 'hunchRolled'; seat: number; colour: Colour; value: number; landed: boolean }
  | { type: 'unreliableWitness'; seat: number }
  | { type: 'credibilityRestored'; seat: number }
  | { type: 'boatPlayed'; seat: number; colour: Colour }
  | { type: 'boatLost'; seat: number; colour: Colour }
  | { type: 'tunnelDrawn'; cards: Card[]; red: number; blue: number; again: boolean }
  | { type: 'tunnelDug'; ends: NbId[] }
  | { type: 'tradingPostRolled'; red: number; blue: number; absent: boolean }
  | { type: 'tradingPostPlaced'; nb: NbId }
  /** The cards traded are the two players' secret: the event names neither. */
  | { type: 'postTraded'; seat: number; target: number }
  | { type: 'postPassed'; seat: number }
  /** Trading Cards: the cards offered and asked are the two players' secret; events name neither. */
  | { type: 'tradeOffered'; seat: number; target: number }
  | { type: 'tradeAccepted'; seat: number; target: number }
  | { type: 'tradeDeclined'; seat: number; target: number; timedOut?: boolean }
  | { type: 'tradeWithdrawn'; seat: number; target: number }
  | { type: 'ritzyDrawn'; cards: Card[]; red: number; blue: number; absent: boolean }
  | { type: 'roundsRolled'; red: number; blue: number; rounds: number }
  | { type: 'stashBurned'; seat: number; card: Card }
  | { type: 'stashReshuffled'; cards: number };
