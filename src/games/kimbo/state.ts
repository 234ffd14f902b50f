/**
 * The Game of Fences state: plain JSON, stored as it is, versioned. Everything in it is public
 * (G24) except the generator (`rng`, `fixedDice`), which no view carries.
 */
import { z } from 'zod';
import type { Upgraders } from '../../platform/game.ts';
import { rngStateSchema } from '../../platform/rng.ts';
import { stateFields } from '../../platform/seats.ts';

export const STATE_VERSION = 1;

export const optionsSchema = z.object({
  roundLimit: z.number().int().min(10).max(200).default(200).meta({
    label: 'Round limit',
    description: 'The game ends after this many rounds; most pieces in HOME wins',
    slash: 'rounds',
    setting: true,
    summary: 'round limit {}',
    choices: [30, 50, 100, 200],
  }),
});
export type KimboOptions = z.output<typeof optionsSchema>;

const seat = z.number().int().min(0).max(3);
const die = z.number().int().min(1).max(6);
/** A square 0–224 (x + 15·y), HOME (-1), or -2 for a captured piece waiting for its start square. */
const square = z.number().int().min(-2).max(224);
const edge = z.number().int().min(0).max(419);

export const fenceSchema = z.object({
  slot: edge,
  /** The seat that may move it; null for a neutral fence (G8, G27). */
  owner: seat.nullable(),
  /** Whose side's colour it has (0 north, 1 east, 2 south, 3 west). */
  side: z.number().int().min(0).max(3),
});

/** One piece's path in the last move: every square it stood on, start first. */
const pathSchema = z.object({ seat, piece: z.number().int().min(0).max(3), squares: z.array(square), jump: z.boolean() });

const lastSchema = z.object({
  seat,
  dice: z.tuple([die, die]).nullable(),
  paths: z.array(pathSchema),
});

export const stateSchema = z.object({
  ...stateFields({ game: 'kimbo', version: STATE_VERSION, options: optionsSchema, seats: { min: 2, max: 4 } }),
  /** The side each seat plays (G7): 0 north, 1 east, 2 south, 3 west. */
  sides: z.array(z.number().int().min(0).max(3)),
  rng: rngStateSchema,
  /** Scenario hook: dice used before the generator, in order. Never shown. */
  fixedDice: z.array(die),
  /** Per seat, its four pieces' squares (HOME = -1); empty once the seat has left (G27). */
  pieces: z.array(z.array(square)),
  fences: z.array(fenceSchema),
  /** The seat whose turn it is, and where the turn is: before the roll, playing the roll, or placing captured pieces. */
  current: seat,
  stage: z.enum(['start', 'play', 'corner', 'over']),
  /** The seat that began the game; a round ends when the turn comes back to it (or the next seat still in). */
  firstSeat: seat,
  round: z.number().int().min(1),
  dice: z.tuple([die, die]).nullable(),
  /** Captured pieces still waiting for the capturer to choose their start square, first first. */
  corners: z.array(z.object({ seat, piece: z.number().int().min(0).max(3) })),
  last: lastSchema.nullable(),
  outcome: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('won'), seats: z.array(seat), reason: z.enum(['allHome', 'lastSeat', 'roundLimit']) }),
    z.object({ kind: z.literal('nobody') }),
    z.object({ kind: z.literal('aborted') }),
  ]).nullable(),
}).superRefine((s, ctx) => {
  const n = s.seats.length;
  for (const key of ['sides', 'pieces', 'out', 'timeouts'] as const) {
    if (s[key].length !== n) ctx.addIssue({ code: 'custom', path: [key], message: `has ${s[key].length} entries for ${n} seats` });
  }
});

export type KimboState = z.output<typeof stateSchema>;
export type Fence = z.output<typeof fenceSchema>;
export type LastMove = z.output<typeof lastSchema>;
export type PiecePath = z.output<typeof pathSchema>;

export const upgraders: Upgraders = {};
