/**
 * The FENCE! game state: plain JSON, stored as-is, versioned. Secrets live here too (hands,
 * Stash order, start cards, generator state); views.ts decides what each viewer may see.
 *
 * The schema is the one description of the state: its type is inferred from it, and the store
 * checks every loaded state against it before the engine may touch it.
 */
import { z } from 'zod';
import type { Upgraders } from '../../platform/game.ts';
import { rngStateSchema } from '../../platform/rng.ts';
import { stateFields } from '../../platform/seats.ts';
import { cardSchema, type Card, type Colour } from './cards.ts';

export const STATE_VERSION = 1;

/**
 * Game options, chosen in the lobby. The Extended Rules are one field each (their modules are
 * in variants/); a field's group places it in the lobby's menu.
 */
export const optionsSchema = z.object({
  autoBuild: z.boolean().default(false).meta({
    label: 'Map building',
    description: 'Skip map building: the bot builds a random legal map',
    slash: 'auto-build',
    group: 'Setup',
    summary: ['players build the map', 'the bot builds the map'],
    order: 10,
  }),
  roundLimit: z.number().int().min(1).max(200).default(200).meta({
    label: 'Round limit',
    description: 'Round limit (default 200)',
    slash: 'rounds',
    group: 'Victory',
    setting: true,
    summary: 'round limit {}',
    order: 60,
    choices: [10, 20, 30, 50, 100, 200],
  }),
  tileSet: z.enum(['standard']).default('standard'),
  bigMap: z.boolean().default(false).meta({
    label: 'Big Map',
    description: 'Two sets of tiles: a huge city; a coordinate names every tile bearing it',
    group: 'Setup',
    setting: true,
    summary: ['', 'Big Map'],
    order: 61,
  }),
  tunnel: z.boolean().default(false).meta({
    label: 'Tunnel',
    description: 'After building, a tunnel joins two neighborhoods drawn from the Stash',
    group: 'Setup',
    setting: true,
    summary: ['', 'Tunnel'],
    order: 67,
  }),
  tradingPost: z.boolean().default(false).meta({
    label: 'The Trading Post',
    description: 'End your turn on the Trading Post to swap a card with another player',
    group: 'Setup',
    setting: true,
    summary: ['', 'Trading Post'],
    order: 68,
  }),
  turnTakingPawns: z.boolean().default(false).meta({
    label: 'Turn-Taking for Pawn Placement',
    description: 'No secret start cards: in turn, each player picks a free neighborhood to start in',
    group: 'Setup',
    setting: true,
    summary: ['', 'pawns placed in turn'],
    order: 62,
  }),
  freeForAll: z.boolean().default(false).meta({
    label: 'Free-For-All Tile Placement',
    description: 'Everyone places tiles at once, no turns; with an empty hand, place other players’ tiles',
    group: 'Setup',
    setting: true,
    summary: ['', 'everyone builds at once'],
    order: 62.5,
  }),
  rewardedTiles: z.enum(['off', 'two', 'three']).default('off').meta({
    label: 'Rewarded Tile Placement',
    description: 'A tile joined by road to 2 (or 3) placed tiles earns its placer a card',
    group: 'Setup',
    setting: true,
    labels: { off: 'off', two: 'joins 2 tiles', three: 'joins 3 tiles' },
    summary: { two: 'a card for a tile joining 2', three: 'a card for a tile joining 3' },
    order: 63,
  }),
  rewardedSmallDeal: z.boolean().default(false).meta({
    label: 'Smaller deal',
    description: 'After the Cops, deal 1 red and 1 blue card each instead of 2 and 2',
    group: 'Setup',
    setting: true,
    summary: ['', 'deal 1 red + 1 blue'],
    order: 64,
  }),
  missingTiles: z.boolean().default(false).meta({
    label: 'Missing Tiles',
    description: 'Map building ends as soon as one player has placed all their tiles',
    group: 'Setup',
    setting: true,
    summary: ['', 'Missing Tiles'],
    order: 65,
  }),
  everyNeighborhood: z.boolean().default(false).meta({
    label: 'Placing Multi-Neighborhood Tiles',
    description: 'Every neighborhood of a placed tile must connect to Old Town both ways',
    group: 'Setup',
    setting: true,
    summary: ['', 'every neighborhood must connect'],
    order: 66,
  }),
  tradingCards: z.boolean().default(false).meta({
    label: 'Trading Cards',
    description: 'On your turn, offer another player a trade of cards; they accept or decline',
    group: 'Cards',
    setting: true,
    summary: ['', 'Trading Cards'],
    order: 75,
  }),
  jokers: z.boolean().default(false).meta({
    label: 'Color Swap with Joker',
    description: 'Jokers in the Stash: played alone, they swap a pawn’s red and blue coordinates',
    group: 'Cards',
    setting: true,
    summary: ['', 'Jokers'],
    order: 71,
  }),
  boats: z.boolean().default(false).meta({
    label: 'Boats',
    description: 'Face cards are boats: a boated player on the water is nearer the Hot Goods',
    group: 'Cards',
    setting: true,
    summary: ['', 'Boats'],
    order: 72,
  }),
  mixedStash: z.boolean().default(false).meta({
    label: 'Mixed Stash',
    description: 'After setup the Stash is one shuffled pile: draws take the top card, no colour choice',
    group: 'Cards',
    setting: true,
    summary: ['', 'Mixed Stash'],
    order: 73,
  }),
  blindStash: z.boolean().default(false).meta({
    label: 'Mixed, Blind Stash',
    description: 'One four-suit deck per two players, all in one pile from the start',
    group: 'Cards',
    setting: true,
    summary: ['', 'Mixed, Blind Stash'],
    order: 74,
  }),
  ritzy: z.boolean().default(false).meta({
    label: 'Ritzy Tile',
    description: 'A tile drawn at setup is Ritzy: Hot Goods won there give two cards',
    group: 'Hot Goods',
    setting: true,
    summary: ['', 'Ritzy Tile'],
    order: 81,
  }),
  hotGoodsByCards: z.enum(['off', 'discard', 'setAside']).default('off').meta({
    label: 'Hot Goods by Cards',
    description: 'The Hot Goods tile is drawn from the Stash instead of rolled',
    group: 'Hot Goods',
    setting: true,
    labels: { off: 'off (roll the dice)', discard: 'drawn, then discarded', setAside: 'drawn, set aside, shuffled back each round' },
    summary: { discard: 'Hot Goods by cards', setAside: 'Hot Goods by cards (shuffled back)' },
    order: 82,
  }),
  moreHotGoods: z.enum(['off', 'all', 'allButOne']).default('off').meta({
    label: 'More Hot Goods',
    description: 'More Hot Goods per round: one per player, or one fewer',
    group: 'Hot Goods',
    setting: true,
    labels: { off: 'off (half the players)', all: 'one per player', allButOne: 'one per player, minus one' },
    summary: { all: 'Hot Goods: one per player', allButOne: 'Hot Goods: one per player minus one' },
    order: 83,
  }),
  wastedHotGoods: z.boolean().default(false).meta({
    label: 'Wasted Hot Goods',
    description: 'Hot Goods nobody wins cost the Stash a card',
    group: 'Hot Goods',
    setting: true,
    summary: ['', 'Wasted Hot Goods'],
    order: 84,
  }),
  hunch: z.boolean().default(false).meta({
    label: 'State’s Evidence on a Hunch',
    description: 'From Jail, roll a die to send the Cops; miss and you lose your next turn',
    group: 'Jail',
    setting: true,
    summary: ['', 'Hunches from Jail'],
    order: 88,
  }),
  accumulation: z.boolean().default(false).meta({
    label: 'Victory by Accumulation',
    description: 'Win with twice as many cards as there are players out of Jail',
    group: 'Victory',
    setting: true,
    summary: ['', 'Victory by Accumulation'],
    order: 91,
  }),
  rolledRounds: z.boolean().default(false).meta({
    label: 'Round-limited Game',
    description: 'Two dice rolled at setup decide how many rounds the game lasts',
    group: 'Victory',
    setting: true,
    summary: ['', 'rounds rolled at setup'],
    order: 92,
  }),
});

export type FenceOptions = z.output<typeof optionsSchema>;
export const DEFAULT_OPTIONS: FenceOptions = optionsSchema.parse({});

const nb = z.string();
const seatIndex = z.number().int().min(0).max(7);
const die = z.number().int().min(1).max(6);

export const placedTileSchema = z.object({
  /** Tile instance key: the tile id, plus "#2" for a Big Map second copy. */
  key: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  /** Quarter turns clockwise, 0..3. */
  rot: z.number().int().min(0).max(3),
  /** Entered the map by a swap: can never be swapped out (B6). */
  locked: z.boolean().optional(),
});

/** A choice the rules give one player; nothing else moves until it is answered (H1). */
const pendingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('drawColour'), seat: seatIndex, reason: z.enum(['hotGoods', 'evidence', 'reward']), count: z.number().int().min(1) }),
  z.object({ kind: z.literal('pawnNeighborhood'), seat: seatIndex, options: z.array(nb) }),
  z.object({ kind: z.literal('copsNeighborhood'), seat: seatIndex, options: z.array(nb) }),
  /** A neighborhood for a variant's marker or move: the Trading Post, a Tunnel end, the Cops on a Hunch. */
  z.object({ kind: z.literal('marker'), seat: seatIndex, what: z.enum(['tradingPost', 'tunnel', 'hunch']), options: z.array(nb) }),
  /** The Trading Post: the player there may trade a card with another player. */
  z.object({ kind: z.literal('tradingPost'), seat: seatIndex }),
  /** Wasted Hot Goods: First Player picks the Stash pile that loses a card. */
  z.object({ kind: z.literal('discardColour'), seat: seatIndex }),
]);

const hotGoodsRollSchema = z.object({
  red: die,
  blue: die,
  /** What happened: a winner, or why nobody won. */
  result: z.enum(['won', 'absent', 'tie', 'unreachable', 'cops']),
  /** Hot Goods by Cards: the two cards drawn for the tile (shown face up, like dice). */
  cards: z.array(cardSchema).optional(),
  winner: seatIndex.nullable(),
  /** Distance of the nearest player (tiles), when someone was reachable. */
  distance: z.number().nullable(),
  copsDistance: z.number().nullable(),
});

const lastMoveSchema = z.object({
  kind: z.enum(['self', 'push', 'copsRoad', 'tipOff', 'placed']),
  seat: seatIndex,
  /** Whose pawn moved, or 'cops'. */
  piece: z.union([seatIndex, z.literal('cops')]),
  /** A neighborhood, 'jail', or null. */
  from: nb.nullable(),
  to: nb,
});

const outcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('winner'), seats: z.array(seatIndex), reason: z.enum(['lastFree', 'roundLimit', 'lastSeat', 'accumulation', 'rolledRounds']) }),
  z.object({ kind: z.literal('noWinner'), reason: z.enum(['allJailed', 'nobodyLeft']) }),
  z.object({ kind: z.literal('aborted') }),
]);

/** Public facts the variants keep (variants/). */
export const extendedSchema = z.object({
  /** Ritzy Tile: its coordinate. */
  ritzy: z.object({ red: die, blue: die }).optional(),
  /** Round-limited Game: the rolled number of rounds. */
  rounds: z.number().int().min(2).max(12).optional(),
  /** Trading Post: its neighborhood. */
  tradingPost: nb.optional(),
  /** Tunnel: the two neighborhoods it joins (the first once chosen, then both). */
  tunnel: z.array(nb).max(2).optional(),
  /** Boats: the face card in play of each colour and whose it is. */
  boats: z.object({ red: z.object({ seat: seatIndex, card: cardSchema }).nullable(), blue: z.object({ seat: seatIndex, card: cardSchema }).nullable() }).optional(),
  /** State's Evidence on a Hunch: Unreliable Witnesses, who skip their next turn. */
  witnesses: z.array(seatIndex).optional(),
  /** Trading Cards: the open offer (secret: only its two players see the cards). */
  trade: z.object({ from: seatIndex, to: seatIndex, give: z.array(cardSchema).max(2), ask: z.array(cardSchema).max(2) }).optional(),
  /** Hot Goods by Cards, set aside: this round's cards, shuffled back into the Stash at its end. */
  setAside: z.array(cardSchema).optional(),
  /** Free-For-All: how many tiles each seat has placed or swapped in (computer players keep the people's pace). */
  placed: z.array(z.number().int().min(0)).optional(),
});

export const stateSchema = z.object({
  ...stateFields({ game: 'fence', version: STATE_VERSION, options: optionsSchema, seats: { min: 2, max: 8 } }),
  rng: rngStateSchema,
  /** Scenario/test hook: dice results used before the generator, in order. Never shown. */
  fixedDice: z.array(die),
  phase: z.enum(['building', 'pawns', 'main', 'over']),
  /** Tile instance key of the Old Town that starts the map. */
  oldTown: z.string(),
  map: z.array(placedTileSchema),
  /** Tile hands during building, per seat, face up (B2). */
  tileHands: z.array(z.array(z.string())),
  discardedTiles: z.array(z.string()),
  /** Consecutive passes during building (B8). */
  passesInRow: z.number().int().min(0),
  /** Secret start cards per seat (B3) until the pawn is placed; then null. */
  startCards: z.array(z.object({ red: cardSchema, blue: cardSchema }).nullable()),
  /** Top of each pile = last element. Secret. */
  stash: z.object({
    red: z.array(cardSchema),
    blue: z.array(cardSchema),
    /** Mixed Stash / Mixed, Blind Stash: the one shuffled pile (red and blue are then empty). */
    mixed: z.array(cardSchema).optional(),
  }),
  hands: z.array(z.array(cardSchema)),
  discard: z.array(cardSchema),
  /** A pawn's neighborhood, 'jail', or null (not yet placed, or removed from the game). */
  pawns: z.array(nb.nullable()),
  cops: nb.nullable(),
  firstPlayer: seatIndex,
  /** Seat who must act (when no choice is pending). */
  current: seatIndex,
  round: z.number().int().min(0),
  /** Move Others parts done this turn (B15). Either set = this turn is Moving Others. */
  turn: z.object({
    pushed: z.boolean(),
    cops: z.boolean(),
    /** Boats: a face card was played this turn (so it is Moving Others). */
    boat: z.boolean().optional(),
    /** The Trading Post was offered at the end of this turn. */
    ending: z.boolean().optional(),
    /** Trading Cards: offers made this turn. */
    offers: z.number().int().min(1).optional(),
  }),
  pending: pendingSchema.nullable(),
  /** Hot Goods of the round being resolved or last resolved. */
  hotGoods: z.object({ round: z.number().int(), rolls: z.array(hotGoodsRollSchema), due: z.number().int() }).nullable(),
  lastMove: lastMoveSchema.nullable(),
  outcome: outcomeSchema.nullable(),
  /** What the Extended Rules add to a game (absent in a Basic Rules game). */
  extended: extendedSchema.optional(),
  /** Every jailing so far, for the summary at the game's end: by whose move (null: the Cops' placement). */
  jailings: z.array(z.object({ by: seatIndex.nullable(), seats: z.array(seatIndex), round: z.number().int().min(0) })).optional(),
}).superRefine((s, ctx) => {
  const n = s.seats.length;
  for (const key of ['tileHands', 'startCards', 'hands', 'pawns', 'out', 'timeouts'] as const) {
    if (s[key].length !== n) ctx.addIssue({ code: 'custom', path: [key], message: `has ${s[key].length} entries for ${n} seats` });
  }
});

export type FenceState = z.output<typeof stateSchema>;
export type { SeatInfo } from '../../platform/seats.ts';
export type Phase = FenceState['phase'];
export type Pending = z.output<typeof pendingSchema>;
export type HotGoodsRoll = z.output<typeof hotGoodsRollSchema>;
export type LastMove = z.output<typeof lastMoveSchema>;
export type Outcome = z.output<typeof outcomeSchema>;
export type TurnProgress = FenceState['turn'];
export type Extended = NonNullable<FenceState['extended']>;

/**
 * State upgraders, vN → vN+1. Empty while STATE_VERSION is 1. When the state moves to v2, add
 * `1: (s) => ({ ...s, version: 2, newField: default })` here and a fixture test.
 */
export const upgraders: Upgraders = {};

export type { Card, Colour };
