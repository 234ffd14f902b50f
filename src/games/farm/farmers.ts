/**
 * Farmer cards as data (assets/farm/farmers.json), FP01–FP36, validated at load (F13): two
 * conditions each, scored by the closer of a farm that meets them, owner or not (F12).
 */
import { z } from 'zod';
import farmerData from '../../../assets/farm/farmers.json' with { type: 'json' };
import { conditionSchema } from './farmer-grammar.ts';
export { FARMER_ROWS, FARMER_COLUMNS, type Condition } from './farmer-grammar.ts';
import type { Condition } from './farmer-grammar.ts';

export const farmerSchema = z.object({ id: z.string().regex(/^FP\d\d$/), conditions: z.tuple([conditionSchema, conditionSchema]) });
export type FarmerCard = z.output<typeof farmerSchema>;

export function loadFarmers(data: unknown): FarmerCard[] {
  const parsed = z.array(farmerSchema).length(36).safeParse(data);
  if (!parsed.success) throw new Error(`farm farmer cards: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  const ids = new Set(parsed.data.map((c) => c.id));
  if (ids.size !== 36) throw new Error('farm farmer cards: repeated ids');
  return parsed.data;
}

export const FARMERS: readonly FarmerCard[] = loadFarmers(farmerData);
const BY_ID = new Map(FARMERS.map((c) => [c.id, c]));
export const farmerById = (id: string): FarmerCard => {
  const c = BY_ID.get(id);
  if (!c) throw new Error(`farm: unknown farmer card ${id}`);
  return c;
};

/** What a farm offers the closer's card: its animals' kinds, counts, size, owners, edge. */
export interface FarmFacts {
  /** Animals by kind (males counted as their kind, eaten chickens not at all). */
  kinds: Partial<Record<'cow' | 'sheep' | 'pig' | 'chicken', number>>;
  animals: number;
  tiles: number;
  owners: number[];
  edge: boolean;
}

/** Whether a farm meets one condition for `closer` (F12: a farm without animals meets none). */
export function meets(c: Condition, f: FarmFacts, closer: number): boolean {
  if (f.animals === 0) return false;
  switch (c.type) {
    case 'none': return !f.kinds[c.kind];
    case 'some': return (f.kinds[c.kind] ?? 0) > 0;
    case 'kinds': return Object.values(f.kinds).filter((n) => (n ?? 0) > 0).length === c.n;
    case 'animals': return f.animals >= c.n;
    case 'tiles': return f.tiles >= c.n;
    case 'otherOwner': return f.owners.some((o) => o !== closer);
    case 'edge': return f.edge;
  }
}

export const cardPoints = (card: FarmerCard, f: FarmFacts, closer: number): number =>
  card.conditions.reduce((sum, c) => sum + (meets(c, f, closer) ? c.points : 0), 0);
