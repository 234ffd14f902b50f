/**
 * Rewarded Tile Placement (E7): a tile placed so that its roads join 2 (or, by option, 3)
 * placed tiles earns its placer a card of their choice; by option the deal after the Cops is
 * one red and one blue card instead of two of each.
 */
import { cellKey, DX, DY, roadAt, tileIdOfKey } from '../geometry.ts';
import { tileSetOf } from '../rules.ts';
import type { FenceState } from '../state.ts';
import type { Variant } from './variant.ts';

/** How many placed tiles the tile at (x, y) is joined to by road. */
export function tilesJoined(s: FenceState, x: number, y: number): number {
  const set = tileSetOf(s);
  const at = new Map(s.map.map((p) => [cellKey(p.x, p.y), p]));
  const me = at.get(cellKey(x, y));
  const def = me && set.byId.get(tileIdOfKey(me.key));
  if (!me || !def) return 0;
  let joined = 0;
  for (let w = 0; w < 4; w++) {
    if (roadAt(def, me.rot, w) < 0) continue;
    const other = at.get(cellKey(x + (DX[w] as number), y + (DY[w] as number)));
    const od = other && set.byId.get(tileIdOfKey(other.key));
    if (other && od && roadAt(od, other.rot, (w + 2) & 3) >= 0) joined++;
  }
  return joined;
}

export const rewardedTilePlacement: Variant = {
  name: 'Rewarded Tile Placement',
  on: (o) => o.rewardedTiles !== 'off',
  tilePlaced(t, seat, x, y) {
    const needed = t.s.options.rewardedTiles === 'three' ? 3 : 2;
    const joined = tilesJoined(t.s, x, y);
    if (joined < needed) return;
    t.emit({ type: 'tileRewarded', seat, joined });
    t.giveCards(seat, 1, 'reward');
  },
  dealPerColour: (o) => (o.rewardedSmallDeal ? 1 : 2),
};
