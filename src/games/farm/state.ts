/**
 * The farm game's state: plain JSON, stored as-is, versioned. Secrets live here too (hands, the
 * stack's order, the generator); views.ts decides what each viewer may see (F6).
 */
import { z } from 'zod';
import type { Upgraders } from '../../platform/game.ts';
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

export const henhouseSchema = z.object({ seat, region: z.number().int().min(0) });

export const awardSchema = z.object({
  seat,
  points: z.number().int(),
  /** What earned them: the animals (the owner's share), the closer's farmer card. */
  why: z.enum(['animals', 'card', 'market', 'bales']),
});
export type Award = z.output<typeof awardSchema>;

/** A scored farm: finished for good (F10). */
export const farmSchema = z.object({
  regions: z.array(z.number().int()),
  closer: seat,
  owners: z.array(seat),
  animals: z.number().int().min(0),
  awards: z.array(awardSchema),
});
export type ScoredFarm = z.output<typeof farmSchema>;

export const pendingSchema = z.object({
  seat,
  kind: z.enum(['fox', 'bale']),
  /** One region key per field the token may go to. */
  options: z.array(z.number().int()),
});
export type Pending = z.output<typeof pendingSchema>;

export const stageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('place') }),
  /** R9: the tile just placed; the player may toggle one gate before scoring. */
  z.object({ kind: z.literal('gate'), tile: z.number().int().min(0) }),
  /** The claim step (F9), for the tile just placed. */
  z.object({ kind: z.literal('claim'), tile: z.number().int().min(0) }),
]);
export type Stage = z.output<typeof stageSchema>;

export const stateSchema = z.object({
  version: z.literal(STATE_VERSION),
  game: z.literal('farm'),
  options: optionsSchema,
  seats: z.array(z.object({ name: z.string(), computer: z.boolean() })).min(2).max(6),
  /** Seats that left the game (resigned, removed): skipped, never winners. */
  out: z.array(z.boolean()),
  rng: z.tuple([z.number(), z.number(), z.number(), z.number()]),
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
  timeouts: z.array(z.number().int().min(0)),
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
export const HAND = 2;
