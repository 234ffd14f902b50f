/**
 * The Extended Rules' hooks: each variant is one module that says when it is on and what it
 * does at the points where the rules act. The engine calls these points (through index.ts)
 * and never asks which variant is on.
 */
import type { Action, Refusal } from '../actions.ts';
import type { Card, Colour } from '../cards.ts';
import type { NbId } from '../geometry.ts';
import type { FenceEvent } from '../events.ts';
import type { Extended, FenceOptions, FenceState, Outcome, Pending } from '../state.ts';
import type { Stash } from '../stash.ts';

/** What a variant may do to the game being changed: the engine's working copy. */
export interface Table {
  readonly s: FenceState;
  die(): number;
  shuffle<T>(items: T[]): T[];
  /** The Stash and discard pile, this action's own copies. */
  piles(): { stash: Stash; discard: Card[] };
  /** The variants' facts, this action's own copy. */
  ext(): Extended;
  emit(e: FenceEvent): void;
  /** A player draws `count` cards, choosing the colour of each when the rules let them (H1). */
  giveCards(seat: number, count: number, why: 'hotGoods' | 'evidence' | 'reward'): void;
  /** The Cops move to `to` (B16: whoever is there goes to Jail; from Jail, State's Evidence as for a tip-off). */
  moveCops(seat: number, to: NbId, how: 'hunch'): void;
  /** A hand, this action's own copy. */
  hand(seat: number): Card[];
  setHand(seat: number, cards: Card[]): void;
}

/** The deck before shuffling, per colour. */
export interface Deck {
  red: Card[];
  blue: Card[];
}

export interface Variant {
  /** As players know it: "Ritzy Tile". */
  name: string;
  on(o: FenceOptions): boolean;
  /** Changes the deck the Stash is made of. */
  deck?(deck: Deck, players: number, o: FenceOptions): Deck;
  /** The Stash is one shuffled pile from the start. */
  onePileFromStart?: boolean;
  /** The Stash is one pile once the main phase starts. */
  onePileInMain?: boolean;
  /** The tile keys dealt for building, from the set's tile ids. */
  tileKeys?(ids: string[]): string[];
  /** No secret start cards: players pick where their pawns start. */
  noStartCards?: boolean;
  /** Map building: B5's reachability test applies to every neighborhood of a placed tile. */
  everyNeighborhoodReaches?: boolean;
  /** Map building has no turns: everyone who can place a tile may, at once. */
  placesAtOnce?: boolean;
  /** The tiles a seat may place or swap in during building (the Basic Rules: their own hand). */
  placeableTiles?(s: FenceState, seat: number): readonly string[];
  /** Map building ends now (besides the Basic Rules' ends). */
  buildingOver?(s: FenceState): boolean;
  /** A tile was placed (or swapped in) at (x, y) by `seat`. */
  tilePlaced?(t: Table, seat: number, x: number, y: number): void;
  /** Cards of each colour dealt to each player after the Cops (B12 deals 2). */
  dealPerColour?(o: FenceOptions): number;
  /** After the Cops are placed, before the cards are dealt. */
  afterCops?(t: Table): void;
  /** After the cards are dealt, before the first round. */
  afterDeal?(t: Table): void;
  /** How many Hot Goods come up this round, given what the rules so far say. */
  hotGoodsDue?(s: FenceState, due: number): number;
  /**
   * Where this Hot Goods comes up instead of a roll of the dice; null when it cannot come up
   * (the Hot Goods of the round stop).
   */
  hotGoodsTile?(t: Table): { red: number; blue: number; cards: Card[] } | null;
  /** Cards won by the winner of a Hot Goods at (red, blue). */
  hotGoodsPrize?(s: FenceState, red: number, blue: number, prize: number): number;
  /** A Hot Goods nobody won. */
  hotGoodsWasted?(t: Table): void;
  /** The round's end, after its Hot Goods: an outcome ends the game. */
  roundEnded?(t: Table): Outcome | null;
  /** The last round the game may play (the Basic Rules' limit is the option roundLimit). */
  lastRound?(s: FenceState, limit: number): number;
  /** More moves a seat may make in the main phase (`others`: the turn is, or may become, Moving Others). */
  actions?(s: FenceState, seat: number): Action[];
  /**
   * Plays a seat may add to its turn while it still has a move to make (a boat while Moving
   * Others, E3): they never keep a turn going by themselves.
   */
  optionalPlays?(s: FenceState, seat: number): Action[];
  /**
   * Deals a seat may propose on its turn besides its moves (Trading Cards' offers): they never
   * keep a turn going by themselves, so a turn with no move still passes.
   */
  offers?(s: FenceState, seat: number): Action[];
  /** Seats asked for an answer while another player's turn goes on (an offer's target). */
  asked?(s: FenceState): number[];
  /** What such an asked seat may do. */
  answers?(s: FenceState, seat: number): Action[] | null;
  /** This variant's own refusal of one of its actions (more precise than the generic one); null when legal or not its action. */
  refusal?(s: FenceState, seat: number, action: Action): Refusal | null;
  /** Any action is about to be carried out (an open offer is withdrawn when the game moves past it). */
  beforeAction?(t: Table, seat: number, action: Action): void;
  /** The platform timed out a seat this variant asked (not one whose turn it is): true when handled. */
  timedOut?(t: Table, seat: number): boolean;
  /** The answers to this variant's own pending choice, when it is one. */
  pendingActions?(s: FenceState, p: Pending): Action[] | null;
  /** Carries out one of this variant's actions (already known legal); false when it is not one. */
  act?(t: Table, seat: number, action: Action): boolean;
  /** A neighborhood chosen for this variant's marker. */
  answerMarker?(t: Table, what: 'tradingPost' | 'tunnel' | 'hunch', nb: NbId): void;
  /** A seat's turn starts: true when it is skipped. */
  skipTurn?(t: Table, seat: number): boolean;
  /** A seat's turn is ending: true when a choice is asked first (the turn then ends once it is answered). */
  turnEnding?(t: Table, seat: number): boolean;
  /** Seats just sent to Jail. */
  jailed?(t: Table, seats: number[]): void;
  /** A seat leaves the game. */
  removed?(t: Table, seat: number): void;
  /** A seat's Hot Goods distance to (red, blue), given the road distance (null: unreachable). */
  distance?(s: FenceState, seat: number, red: number, blue: number, road: number | null): number | null;
  /** Neighborhoods joined beyond the roads on the tiles (the Tunnel), as pairs. */
  links?(s: FenceState): [NbId, NbId][];
  /** After the map is built, before the pawns. */
  afterBuilding?(t: Table): void;
  /** A choice of colour for this variant's pending choice (Wasted Hot Goods). */
  answerColour?(t: Table, colour: Colour): void;
}
