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
  /** R10: a tractor instead of a henhouse, on a region of the tile just placed in a field the player owns. */
  z.object({ type: z.literal('tractor'), region: z.number().int().min(0) }),
  /** R13, R14: the horse to a field (a region key of it): owed at a turn's start, or the claim step's alternative. */
  z.object({ type: z.literal('horse'), region: z.number().int().min(0) }),
  /** R19: a henhouse with a sharecropper token, in a field someone else owns. */
  z.object({ type: z.literal('share'), region: z.number().int().min(0) }),
  /** R16: take an animal of this kind out of the farm being scored, or add a stored one. */
  z.object({ type: z.literal('store'), op: z.enum(['remove', 'add']), kind: z.enum(['cow', 'pig', 'sheep']) }),
  /** R21: take a tile from an owner's hand (its position: the tiles are hidden) or row. */
  z.object({ type: z.literal('take'), seat: z.number().int().min(0).max(5), from: z.enum(['hand', 'row']), index: z.number().int().min(0).max(40) }),
  /** Say no to an optional step: a storage action, the Dust Bowl's take, a Tractor extra tile. */
  z.object({ type: z.literal('decline') }),
  ...SEASON_ACTIONS,
]);
export type Action = z.output<typeof actionSchema>;
