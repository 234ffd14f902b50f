/** Market cards as data (assets/farm/market.json), M1–M9, validated at load (R6). */
import { z } from 'zod';
import marketData from '../../../assets/farm/market.json' with { type: 'json' };

export const marketCardSchema = z.object({ id: z.string().regex(/^M\d$/), kind: z.enum(['cow', 'sheep', 'pig']), effect: z.enum(['demand', 'glut', 'fair']) });
export type MarketCard = z.output<typeof marketCardSchema>;

export function loadMarket(data: unknown): MarketCard[] {
  const parsed = z.array(marketCardSchema).length(9).safeParse(data);
  if (!parsed.success) throw new Error(`farm market cards: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  const pairs = new Set(parsed.data.map((c) => `${c.kind}-${c.effect}`));
  if (new Set(parsed.data.map((c) => c.id)).size !== 9 || pairs.size !== 9) throw new Error('farm market cards: repeated ids or cards');
  return parsed.data;
}

export const MARKET: readonly MarketCard[] = loadMarket(marketData);
export const marketById = (id: string): MarketCard => {
  const c = MARKET.find((m) => m.id === id);
  if (!c) throw new Error(`farm: unknown market card ${id}`);
  return c;
};

const plural = (k: string) => (k === 'sheep' ? 'sheep' : `${k}s`);
export function marketText(id: string): string {
  const c = marketById(id);
  if (c.effect === 'demand') return `${plural(c.kind)} in demand: +1 each`;
  if (c.effect === 'glut') return `${plural(c.kind)} glut: worth 0`;
  return `${c.kind} fair: +3 to each owner`;
}
