/**
 * The farm game's state: plain JSON, stored as-is, versioned. Secrets live here too (hands, the
 * stack's order, the generator); views.ts decides what each viewer may see (F6).
 */
import { z } from 'zod';
import type { Upgraders } from '../../platform/game.ts';
import { rngStateSchema } from '../../platform/rng.ts';
import { stateFields } from '../../platform/seats.ts';
import { seasonStateSchema } from './seasons-data.ts';

export const STATE_VERSION = 1;

const ranch = (label: string, slash: string, description: string, order: number) =>
  z.boolean().default(false).meta({ label, description, group: 'The Ranch', slash, summary: ['', label.toLowerCase()], order });

export const optionsSchema = z.object({
  males: ranch('Males', 'males', 'Bulls, rams and boars: 1 point per female of their kind in the farm', 11),
  chickens: ranch('Chickens', 'chickens', 'Chickens (a kind of their own) and the fox that eats them', 12),
  market: ranch('Market', 'market', 'Market cards change what cows, sheep and pigs are worth', 13),
  gates: ranch('Gates', 'gates', 'Gates inside tiles that players open and close to join or split fields', 15),
  bales: ranch('Hay Bales', 'hay-bales', 'Owners drop hay bales next to scored farms; bales score squared at the end', 14),
  tractor: ranch('Tractor', 'tractor', 'A tractor in your field lets whoever extends that field place a second tile', 16),
  horse: ranch('Horse', 'horse', 'The horse jumps between farms; closing its farm gives 5 points to its owners and the closer', 17),
  storage: ranch('Storage', 'storage', 'Owners take animals out of farms being scored and add stored ones; stored animals cost at the end', 18),
  sharecroppers: ranch('Sharecroppers', 'sharecroppers', "A sharecropper token lets your henhouse join someone else's field", 19),
  dustBowl: ranch('Dust Bowl', 'dust-bowl', "Closing someone's farm lets you look at their tiles and take one", 20),
  seasons: z.boolean().default(false).meta({ label: 'Seasons', description: 'A season card each round changes a rule: swap, move or turn tiles, skip leaders, extra turns…', group: 'Seasons', slash: 'seasons', summary: ['', 'seasons'], order: 30 }),
  roundLimit: z.number().int().min(10).max(200).default(200).meta({
    label: 'Round limit',
    description: 'The game ends after this many rounds even with tiles left (default 200)',
    group: 'Setup',
    summary: 'round limit {}',
    order: 60,
    choices: [20, 30, 50, 100, 200],
  }),
});
export type FarmOptions = z.output<typeof optionsSchema>;

const seat = z.number().int().min(0).max(5);

export const placedSchema = z.object({
  id: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  rot: z.number().int().min(0).max(3),
  /** Who placed it (null: the start tile). */
  by: seat.nullable(),
  gateOpen: z.boolean().optional(),
});

/** `share`: placed with a sharecropper token (R19); its owner is not an original owner (R20). */
export const henhouseSchema = z.object({ seat, region: z.number().int().min(0), share: z.boolean().optional() });

export const awardSchema = z.object({
  seat,
  points: z.number().int(),
  /** What earned them: the animals (the owner's share), the closer's farmer card; `winter`: an unowned farm's animals for its closer (S10). */
  why: z.enum(['animals', 'card', 'market', 'bales', 'horse', 'storage', 'winter']),
});
export type Award = z.output<typeof awardSchema>;

/** A scored farm: finished for good (F10). */
export const farmSchema = z.object({
  regions: z.array(z.number().int()),
  closer: seat,
  owners: z.array(seat),
  animals: z.number().int().min(0),
  awards: z.array(awardSchema),
  /** Storage (R16): animals taken out of the farm before it was scored (stored tokens added lie in `storage.placed`). */
  removed: z.array(z.enum(['cow', 'pig', 'sheep'])).optional(),
});
export type ScoredFarm = z.output<typeof farmSchema>;

export const STORED = ['cow', 'pig', 'sheep'] as const;
export type Stored = (typeof STORED)[number];
const stored = z.enum(STORED);

export const pendingSchema = z.discriminatedUnion('kind', [
  z.object({
    seat,
    /** Where the fox (R5), a hay bale (R18) or the horse (R13, at a turn's start) goes. */
    kind: z.enum(['fox', 'bale', 'horse']),
    /** One region key per field the token may go to. */
    options: z.array(z.number().int()),
  }),
  /** R16: one storage action (of `left`) on the farm being scored: take an animal out, or add a stored one. */
  z.object({ seat, kind: z.literal('storage'), phase: z.enum(['remove', 'add']), left: z.number().int().min(1), options: z.array(stored) }),
  /** R21: the closer may take one tile from these owners' hands or rows. */
  z.object({ seat, kind: z.literal('dust'), from: z.array(seat) }),
]);
export type Pending = z.output<typeof pendingSchema>;
export type FieldPending = Extract<Pending, { options: number[] }>;

/** Per placed tile of a turn: it joined a tractor's field (R11: one more tile may follow); it is a Tractor extra (no claim). */
const tileStep = { tile: z.number().int().min(0), tractor: z.boolean().optional(), extra: z.boolean().optional() };

export const stageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('place') }),
  /** F7 step 1: the turn's start effects (the horse, R13) are being answered before F8. */
  z.object({ kind: z.literal('start') }),
  /** R9: the tile just placed; the player may toggle one gate before scoring. */
  z.object({ kind: z.literal('gate'), ...tileStep }),
  /** The claim step (F9), for the tile just placed. */
  z.object({ kind: z.literal('claim'), ...tileStep }),
  /** R11: the player may place one more tile (from hand or row), or stop. */
  z.object({ kind: z.literal('extra') }),
]);
export type Stage = z.output<typeof stageSchema>;

export const stateSchema = z.object({
  ...stateFields({ game: 'farm', version: STATE_VERSION, options: optionsSchema, seats: { min: 2, max: 6 } }),
  rng: rngStateSchema,
  /** Tile ids, top first. */
  stack: z.array(z.string()),
  hands: z.array(z.array(z.string())),
  placed: z.array(placedSchema),
  henhouses: z.array(henhouseSchema),
  /** Farmer cards, face up, per seat. */
  farmers: z.array(z.string()),
  scores: z.array(z.number().int()),
  farms: z.array(farmSchema),
  /** Tiles taken out of the game: no legal cell (F8), or a leaver's hand (F16). */
  discarded: z.array(z.string()),
  current: seat,
  first: seat,
  round: z.number().int().min(1),
  stage: stageSchema,
  /** Closed farms waiting to be scored this turn (their regions), in order (F10). */
  queue: z.array(z.array(z.number().int())),
  /** Choices the rules give a player during scoring, asked in order (F16, H1). */
  pending: z.array(pendingSchema),
  /** The fox's region (R5); null while off the map. `foxOut`: it has left and re-enters as at first. */
  fox: z.number().int().nullable(),
  foxSeen: z.boolean(),
  /** Market (R6, R7): the card face up, the deck (top first), the discards; a market tile placed this turn. */
  market: z.object({ up: z.string(), deck: z.array(z.string()), discards: z.array(z.string()), turn: z.boolean() }).nullable(),
  /** Hay bales (R18): the supply, bales on the map (region keys), bales each player holds. */
  bales: z.object({ supply: z.number().int().min(0), on: z.array(z.number().int()), held: z.array(z.number().int().min(0)) }).nullable(),
  /** Tractor (R10–R12): tractors in the supply; on the map, each on a region, `fresh` while placed this turn. */
  tractors: z.object({ supply: z.number().int().min(0), on: z.array(z.object({ region: z.number().int(), fresh: z.boolean() })) }).nullable().default(null),
  /** Horse (R13–R15): its region (null: in the supply) and the region it last left. */
  horse: z.object({ region: z.number().int().nullable(), left: z.number().int().nullable() }).nullable().default(null),
  /** Storage (R16, R17): tokens in the supply, held per seat, and added to scored farms (regions). */
  storage: z
    .object({
      supply: z.record(stored, z.number().int().min(0)),
      held: z.array(z.record(stored, z.number().int().min(0))),
      placed: z.array(z.object({ region: z.number().int(), kind: stored })),
    })
    .nullable()
    .default(null),
  /** Sharecroppers (R19, R20): tokens in the supply and held per seat (those on the map ride on henhouses). */
  shares: z.object({ supply: z.number().int().min(0), held: z.array(z.number().int().min(0)) }).nullable().default(null),
  /** Dust Bowl (R21, R22): each seat's row of tiles taken, face up. */
  rows: z.array(z.array(z.string())).nullable().default(null),
  /** The farm being scored (R2), while its storage actions (a) or its later choices (d–f) are answered. */
  scoring: z
    .object({
      regions: z.array(z.number().int()),
      step: z.enum(['storage', 'scored']),
      /** Storage: the position in its order of actors, actions used per seat, animals out and in. */
      cursor: z.number().int().min(0),
      used: z.array(z.number().int().min(0)),
      removed: z.array(stored),
      added: z.array(z.object({ seat, kind: stored })),
    })
    .nullable()
    .default(null),
  /** Seasons (S1–S10), when the option is on. */
  seasons: seasonStateSchema.nullable().default(null),
  outcome: z
    .object({
      kind: z.enum(['finished', 'aborted']),
      winners: z.array(seat),
      reason: z.enum(['tiles', 'rounds', 'alone', 'aborted']),
    })
    .nullable(),
});
export type FarmState = z.output<typeof stateSchema>;

export const upgraders: Upgraders = {};

/** Henhouses each player owns (F5). */
export const HENHOUSES = 4;
export const henhousesLeft = (s: FarmState, seat: number): number => HENHOUSES - s.henhouses.filter((h) => h.seat === seat).length;
export const HAND = 2;
/** Tractors by player count (R1). */
export const tractorCount = (players: number): number => (players <= 3 ? 1 : 2);
/** Sharecropper tokens in the game (R19). */
export const SHARES = 7;
/** Storage tokens per kind (R1). */
export const STORAGE_EACH = 4;
