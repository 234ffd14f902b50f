// Helpers for the Extended Rules' tests: a game played by computers up to its main phase.
import { play, computerAction, setup, standardTileSet, whoMustAct, type FenceEvent, type FenceOptions, type FenceState, type NbId } from '../../src/games/fence/index.ts';
import { tileIdOfKey } from '../../src/games/fence/geometry.ts';
import { hotGoodsDistances } from '../../src/games/fence/roads.ts';
import { inPlay } from '../../src/games/fence/rules.ts';

export const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `p${i}`, computer: false }));

/** A game with these options, its map built by the bot, played by computers until the main phase. */
export function toMain(options: Partial<FenceOptions>, seed: string, players = 3): { state: FenceState; events: FenceEvent[] } {
  const created = setup({ seats: seats(players), seed, options: { autoBuild: true, ...options } });
  let state = created.state;
  const events = [...created.events];
  for (let guard = 0; state.phase !== 'main' && state.phase !== 'over' && guard < 200; guard++) {
    const seat = whoMustAct(state)!;
    const r = play(state, seat, computerAction(state, seat, 'simple')!);
    if (!r.ok) throw new Error(r.message);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

/**
 * A waterfront in-play neighborhood and a waterfront tile's coordinate that are nearer by water
 * (tiles crossed, counted from the tile's own water corners, as the test sees them) than half the
 * road distance; null when the map has none.
 */
export function waterCase(s: FenceState): { nb: NbId; red: number; blue: number; water: number } | null {
  const set = standardTileSet();
  const def = (key: string) => set.byId.get(tileIdOfKey(key))!;
  const cellOf = new Map(s.map.map((p) => [`${p.x},${p.y}`, p]));
  const wet = (key: string, rot: number, corner: number) => def(key).water[(corner - rot + 4) % 4] === true;
  const sides = [[0, -1], [1, 0], [0, 1], [-1, 0]] as const;
  const live = inPlay(s);
  for (const target of s.map) {
    const c = def(target.key).coords;
    if (!c || !def(target.key).waterfront) continue;
    // Breadth-first over tiles joined by water along a side.
    const steps = new Map<string, number>([[target.key, 0]]);
    const queue = [target];
    for (let h = 0; h < queue.length; h++) {
      const p = queue[h]!;
      sides.forEach(([dx, dy], w) => {
        if (!wet(p.key, p.rot, w) && !wet(p.key, p.rot, (w + 3) % 4)) return;
        const q = cellOf.get(`${p.x + dx},${p.y + dy}`);
        if (!q || steps.has(q.key)) return;
        steps.set(q.key, steps.get(p.key)! + 1);
        queue.push(q);
      });
    }
    for (const [key, water] of steps) {
      if (!def(key).waterfront || water === 0) continue;
      for (let i = 0; i < def(key).neighborhoods.length; i++) {
        const nb = `${key}/${i}`;
        if (!live.has(nb) || s.cops === nb) continue;
        const probe: FenceState = { ...s, pawns: s.pawns.map((p, j) => (j === 0 ? nb : p)) };
        const road = hotGoodsDistances(probe, c.red, c.blue).players[0];
        if (road === null || road === undefined || water / 2 < road) return { nb, red: c.red, blue: c.blue, water };
      }
    }
  }
  return null;
}
