/** A player's requests, as untrusted JSON is parsed into them. */
import { z } from 'zod';
import { SEASON_ACTIONS } from './seasons-data.ts';

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('place'), tile: z.string().max(8), x: z.number().int().min(-200).max(200), y: z.number().int().min(-200).max(200), rot: z.number().int().min(0).max(3) }),
  /** A henhouse on a region (map key) of the tile just placed (F9). */
  z.object({ type: z.literal('claim'), region: z.number().int().min(0) }),
  /** End the claim step without claiming. */
  z.object({ type: z.literal('pass') }),
  /** R9: open or close the gate of a placed tile (its index), or leave every gate as it is. */
  z.object({ type: z.literal('gate'), tile: z.number().int().min(0) }),
  z.object({ type: z.literal('keepGates') }),
  /** Where the fox (R5) or a hay bale (R18) goes: a region key of the field. */
  z.object({ type: z.literal('fox'), region: z.number().int().min(0) }),
  z.object({ type: z.literal('bale'), region: z.number().int().min(0) }),
  ...SEASON_ACTIONS,
]);
export type Action = z.output<typeof actionSchema>;

export const systemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('timeout'), seat: z.number().int() }),
  z.object({ type: z.literal('remove'), seat: z.number().int(), reason: z.enum(['kicked', 'timeouts', 'left']) }),
  z.object({ type: z.literal('abort') }),
]);
