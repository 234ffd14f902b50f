/** Duck Pens' options, state and actions: zod schemas first, types inferred from them. */
import { z } from 'zod';
import type { LeaveReason, Upgraders } from '../../platform/game.ts';
import { rngStateSchema } from '../../platform/rng.ts';
import { stateFields } from '../../platform/seats.ts';
import { EDGES } from './grid.ts';

export const STATE_VERSION = 2;

const colour = z.enum(['red', 'blue']);

export const optionsSchema = z.object({
  colour: colour.default('red').meta({
    label: 'Your colour',
    description: 'The colour of the player who opens the game (the other player takes the other)',
    slash: 'colour',
    summary: { red: 'host plays red', blue: 'host plays blue' },
    labels: { red: 'Red', blue: 'Blue' },
  }),
  takeOver: z.boolean().default(false).meta({
    label: 'A leaver\'s seat',
    description: 'When a player of a two-player game resigns or is removed, the computer plays on in their seat',
    summary: ['the game ends when a player leaves', 'the computer takes a leaver\'s seat'],
  }),
});
export type DucksOptions = z.output<typeof optionsSchema>;

const count = z.number().int().min(0);

/** One player's area (D5): crossed boxes and outlined shapes. */
export const areaSchema = z.object({
  /** Re-roll spaces filled, in order across the sections (D14). */
  rerolls: count,
  bread: count,
  eggs: count,
  /** Duck boxes crossed per specialty shape id. */
  ducks: z.record(z.string(), count),
  /** Specialty shapes outlined, in the order they were outlined. */
  outlined: z.array(z.string()),
  /** Duck boxes captured but not yet placed in a row (D19). */
  pending: count,
});
export type Area = z.output<typeof areaSchema>;

export const penSchema = z.object({
  /** Space indices, sorted. */
  cells: z.array(z.number().int().min(0)).min(1),
  owner: colour,
  /** The specialty or Automa shape it matches, or null. */
  shape: z.string().nullable(),
  /** Who completed it. */
  completer: colour,
  /** Drawn by the Automa as its card's shape (A7): captures nothing. */
  automa: z.boolean(),
  /** Boundary edges per colour when it was completed (D17). */
  red: count,
  blue: count,
});
export type Pen = z.output<typeof penSchema>;

const die = colour;

export const turnSchema = z.object({
  seat: z.number().int().min(0),
  /** Counts players' turns from 1: a timed-out turn is played to its end, not further. */
  number: z.number().int().min(1),
  stage: z.enum(['roll', 'reroll', 'act', 'automa', 'final']),
  dice: z.array(die),
  rerollsLeft: count,
  fenced: z.boolean(),
  special: z.enum(['bread', 'egg']).nullable(),
  /** Pens completed this turn, captured in the Capture phase (D18). */
  newPens: z.array(z.number().int().min(0)),
});
export type Turn = z.output<typeof turnSchema>;

export const automaSchema = z.object({
  colour,
  /** The cards not yet turned, top first: secret (A2). */
  deck: z.array(z.number().int().min(0)),
  /** Cards turned so far, in order (public). */
  turned: z.array(z.number().int().min(0)),
});

/** Why a scored game ended (D20, A9): two skips in a row, or the Automa's last card resolved. */
export const endReason = z.enum(['skips', 'deck']);
export type EndReason = z.output<typeof endReason>;

export const endSchema = z.object({
  kind: z.enum(['scored', 'resigned', 'aborted']),
  /** For 'scored': what ended it (absent otherwise, and in games stored before it was kept). */
  reason: endReason.optional(),
  /** Seats that won. */
  winners: z.array(z.number().int().min(0)),
  /** Who left, for 'resigned'. */
  seat: z.number().int().min(0).nullable(),
});

export const stateSchema = z.object({
  ...stateFields({ game: 'ducks', version: STATE_VERSION, options: optionsSchema, seats: { min: 1, max: 2 } }),
  /** Each seat's colour. */
  colours: z.array(colour).min(1).max(2),
  rng: rngStateSchema,
  /** Scenario hook: dice colours used before the generator, by rolls and re-rolls in order. Never shown. */
  fixedDice: z.array(colour).default([]),
  fences: z.string().length(EDGES).regex(/^[.rbn]+$/),
  pens: z.array(penSchema),
  areas: z.array(areaSchema),
  turn: turnSchema,
  automa: automaSchema.nullable(),
  /** Seats whose player left and that the computer plays on (D26's host option); played within apply. */
  takenOver: z.array(z.number().int().min(0)).default([]),
  /** Skips in a row (D20, A9). */
  skips: count,
  /** Edges drawn in the last turn or Automa card, marked on the board. */
  lastEdges: z.array(z.number().int().min(0)),
  end: endSchema.nullable(),
});
export type DucksState = z.output<typeof stateSchema>;

export const upgraders: Upgraders = {
  // v2: the platform's `out` per seat. A seat was out when the computer played on in it, or when its leaving ended the game.
  // Fields version 1 gained later with a default (`takenOver`, `fixedDice`) are written in too:
  // a stored state is only checked by the schema, its defaults are not filled in (loadState).
  1: (s) => {
    const takenOver = (s.takenOver ?? []) as number[];
    const end = s.end as { kind: string; seat: number | null } | null;
    return {
      ...s, version: 2, takenOver, fixedDice: s.fixedDice ?? [],
      out: (s.seats as unknown[]).map((_, i) => takenOver.includes(i) || (end?.kind === 'resigned' && end.seat === i)),
    };
  },
};

const dot = z.tuple([z.number().int(), z.number().int()]);

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('roll') }).strict(),
  /** Re-roll these dice (indices 0–2, sorted). */
  z.object({ type: z.literal('reroll'), dice: z.array(z.number().int().min(0).max(2)).min(1).max(3) }).strict(),
  z.object({ type: z.literal('keep') }).strict(),
  /**
   * The turn's fence: a straight line, or bent once at `via` (egg). `bends` holds the corners a
   * typed fence has after `via`: never legal, kept so that the refusal can say why.
   */
  z.object({ type: z.literal('fence'), from: dot, to: dot, via: dot.optional(), bends: z.array(dot).min(1).max(8).optional() }).strict(),
  /** The bread's extra one-edge fence. */
  z.object({ type: z.literal('bread'), from: dot, to: dot }).strict(),
  z.object({ type: z.literal('done') }).strict(),
  /** Cross off one duck box in this shape's row. */
  z.object({ type: z.literal('box'), shape: z.string() }).strict(),
  /** Where the Automa's pen goes: its spaces, sorted. */
  z.object({ type: z.literal('place'), cells: z.array(z.number().int().min(0)).min(1).max(9) }).strict(),
]);
export type Action = z.output<typeof actionSchema>;
export type FenceAction = Extract<Action, { type: 'fence' | 'bread' }>;

export type DucksEvent =
  | { type: 'started'; colours: ('red' | 'blue')[]; first: number; solo: boolean }
  | { type: 'rolled'; seat: number; dice: ('red' | 'blue')[] }
  | { type: 'rerolled'; seat: number; which: number[]; dice: ('red' | 'blue')[] }
  | { type: 'fenced'; seat: number; action: FenceAction; edges: number[] }
  | { type: 'penFormed'; pen: number; by: 'red' | 'blue' }
  | { type: 'rerollSpaces'; seat: number; filled: number; unlocked: number }
  | { type: 'captured'; seat: number; pen: number; duckSpaces: number; bread: number; eggs: number; outlined: string | null; lost: number }
  | { type: 'unlocked'; seat: number; what: 'bread' | 'egg' }
  | { type: 'box'; seat: number; shape: string; auto: boolean }
  | { type: 'boxesLost'; seat: number; n: number }
  | { type: 'turnEnded'; seat: number; skip: boolean }
  | { type: 'card'; card: number; left: number }
  /** `dots`: with `nearest`, the nearest dots its outline passes through (the card's was not free). */
  | { type: 'automaPlaced'; card: number; cells: number[]; edges: number[]; pen: number; nearest: boolean; dots?: [number, number][] }
  | { type: 'automaSkipped'; card: number }
  | { type: 'timedOut'; seat: number; inARow: number }
  | { type: 'left'; seat: number; reason: LeaveReason }
  | { type: 'tookOver'; seat: number }
  /** The game is over (`reason`), but these seats place the duck boxes they owe before the score (D19). */
  | { type: 'ending'; reason: EndReason; owed: { seat: number; boxes: number }[] }
  | { type: 'over'; end: z.output<typeof endSchema>; scores: Score[] };

export interface Score {
  /** Pens in the largest group (a). */
  group: number;
  /** Specialty shapes outlined and their points (b). */
  outlined: number;
  shapePoints: number;
  /** Ducks scored through full duck rows (c). */
  duckPoints: number;
  total: number;
  /** Ducks in all the player's pens: the tie-break (D22). */
  ducks: number;
}
