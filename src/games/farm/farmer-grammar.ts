/** The farmer cards' condition grammar (F13), apart from the card data so the asset script can use it. */
import { z } from 'zod';

const kind = z.enum(['cow', 'sheep', 'pig']);
export const conditionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none'), kind, points: z.number().int().min(1) }),
  z.object({ type: z.literal('some'), kind, points: z.number().int().min(1) }),
  z.object({ type: z.literal('kinds'), n: z.number().int().min(1), points: z.number().int().min(1) }),
  z.object({ type: z.literal('animals'), n: z.number().int().min(1), points: z.number().int().min(1) }),
  z.object({ type: z.literal('tiles'), n: z.number().int().min(1), points: z.number().int().min(1) }),
  z.object({ type: z.literal('otherOwner'), points: z.number().int().min(1) }),
  z.object({ type: z.literal('edge'), points: z.number().int().min(1) }),
]);
export type Condition = z.output<typeof conditionSchema>;

/** F13's grammar: card FP(6(i−1)+j) is row i's condition plus column j's. */
export const FARMER_ROWS: readonly Condition[] = [
  { type: 'none', kind: 'cow', points: 3 },
  { type: 'none', kind: 'sheep', points: 3 },
  { type: 'none', kind: 'pig', points: 3 },
  { type: 'some', kind: 'cow', points: 2 },
  { type: 'some', kind: 'sheep', points: 2 },
  { type: 'some', kind: 'pig', points: 2 },
];
export const FARMER_COLUMNS: readonly Condition[] = [
  { type: 'kinds', n: 1, points: 5 },
  { type: 'kinds', n: 2, points: 3 },
  { type: 'animals', n: 6, points: 5 },
  { type: 'tiles', n: 4, points: 5 },
  { type: 'otherOwner', points: 5 },
  { type: 'edge', points: 3 },
];

