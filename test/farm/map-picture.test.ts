// The farm maps as a phone shows them (issue 27): the turn map's pieces stand clear of each
// other and of the fences — a henhouse never hides an animal's letter, a pig never sits on a
// fence line — and its window of 5 × 5 cells shows as much of the map as it can around the tile
// just placed; the end's map numbers every farm, no number over another; a tile drawn in place
// shows its neighbours' pieces whole, and its caption keeps a number with its words.
// Measured on the drawing: every letter and number drawn on the map is recorded where it lies
// (test/render/labels.ts); fences are where the view says they are.
import { describe, expect, it } from 'vitest';
import drawings, { candidatesLayout, endLayout, mapLayout } from '../../src/games/farm/draw/index.ts';
import { tagBox } from '../../src/games/farm/draw/tags.ts';
import { piecesOn, TILE_SIZES } from '../../src/games/farm/draw/tile.ts';
import { play, simpleChoice } from '../../src/games/farm/engine.ts';
import { farm } from '../../src/games/farm/index.ts';
import { endPicture, type CandidatesPictureView, type EndPictureView, type MapPictureView } from '../../src/games/farm/pictures.ts';
import { turnPicture } from '../../src/games/farm/posts.ts';
import type { FarmState } from '../../src/games/farm/state.ts';
import { TILES } from '../../src/games/farm/tiles.ts';
import { tileView, type TileView } from '../../src/games/farm/views.ts';
import { textsDrawn, type DrawnText } from '../render/labels.ts';
import { newGame } from './helpers.ts';
import { choiceOf, levels } from './taps.ts';

const ALL = { males: true, chickens: true, market: true, gates: true, bales: true, tractor: true, horse: true, storage: true, sharecroppers: true, dustBowl: true };

/** The states at the end of each turn of a seeded game played by the simple strategy (each game played once for all the tests). */
const played = new Map<string, FarmState[]>();
function turnEnds(players: number, options: Record<string, unknown>, seed: string): FarmState[] {
  const key = JSON.stringify([players, options, seed]);
  const known = played.get(key);
  if (known) return known;
  let s = newGame(players, options, seed);
  const out: FarmState[] = [];
  while (!s.outcome) {
    const seat = farm.activeSeats(s)[0]!;
    const r = play(s, seat, simpleChoice(s, seat));
    if (!r.ok) throw new Error(r.message);
    if (r.events.some((e) => e.type === 'turn')) out.push(r.state);
    s = r.state;
  }
  played.set(key, out);
  return out;
}

/** Boundary points of a tile (NW, N, NE, E, SE, S, SW, W; -1 the centre), as views.ts numbers them. */
const POINT: [number, number][] = [[0, 0], [0.5, 0], [1, 0], [1, 0.5], [1, 1], [0.5, 1], [0, 1], [0, 0.5]];
const at = (k: number): [number, number] => (k === -1 ? [0.5, 0.5] : POINT[k]!);

/** A tile's fences as segments in tile units: its fenced half-sides and its inner fences. */
function fencesOf(t: TileView): [[number, number], [number, number]][] {
  const out: [[number, number], [number, number]][] = [];
  t.fenced.forEach((f, h) => f && out.push([at(h), at((h + 1) % 8)]));
  for (const s of t.spokes) out.push([at(-1), at(s.to)]);
  return out;
}

function distance(p: [number, number], [a, b]: [[number, number], [number, number]]): number {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

describe('pieces on the farm map', () => {
  it('on every tile, each region with its animals and a henhouse: no piece covers another, and none covers the middle of a fence (but in regions of one half-side, too small for a henhouse beside animals)', () => {
    const tooSmall = new Set<string>();
    for (const def of TILES) {
      for (let rot = 0; rot < 4; rot++) {
        const t = tileView(def.id, 0, 0, rot, 0);
        for (const r of t.regions) {
          const pieces = piecesOn(t, { henhouses: [{ seat: 0, region: r.key }] });
          // A region of one half-side: its outline is two boundary points and the centre.
          const small = (p: (typeof pieces)[number]) => t.regions.find((g) => g.key === p.region)!.outline.length === 3;
          for (const [i, a] of pieces.entries()) {
            for (const b of pieces.slice(i + 1)) {
              if (Math.hypot(a.x - b.x, a.y - b.y) >= a.r + b.r) continue;
              expect(small(a) || small(b), `${def.id} turned ${rot}: two pieces overlap`).toBe(true);
              tooSmall.add(def.id);
            }
          }
          for (const p of pieces.filter((x) => x.region === r.key)) {
            if (!fencesOf(t).some((f) => distance([p.x, p.y], f) < p.r - 1e-9)) continue;
            expect(small(p), `${def.id} turned ${rot}: a piece covers a fence line`).toBe(true);
            tooSmall.add(def.id);
          }
        }
      }
    }
    expect([...tooSmall].length, [...tooSmall].join(' ')).toBeLessThanOrEqual(3);
  });

  it('on the turn maps of seeded games, no letter or number on the map is covered by another piece, and no animal or henhouse covers a fence line', () => {
    let maps = 0, pieces = 0;
    const games = [...turnEnds(3, {}, 'farm-pictures-1').filter((_, i) => i % 2 === 0), ...turnEnds(4, ALL, 'pieces-ranch').filter((_, i) => i % 3 === 0)];
    for (const s of games) {
      const pv = turnPicture(s).view as MapPictureView;
      const L = mapLayout(pv);
      const { texts } = textsDrawn(() => drawings.map!(pv));
      const inMap = (x: number, y: number) => x >= L.ox && x <= L.ox + L.cols * L.cell && y >= L.oy && y <= L.oy + L.rows * L.cell;
      const drawn = texts
        .map((t) => ({ text: t.text, x: t.box.x + t.box.w / 2, y: t.box.y + t.box.h / 2 }))
        .filter((t) => inMap(t.x, t.y) && /^([A-Z]|\d)$/.test(t.text))
        // Farm numbers on tags are not pieces (they keep clear of pieces: the test below).
        .filter((t) => !L.tags.some((g) => Math.abs(g.x - t.x) < 3 && Math.abs(g.y - t.y) < 3))
        // A letter stands for an animal's disc, a digit for a henhouse (its number sits a little low in it).
        .map((t) => (/\d/.test(t.text) ? { ...t, r: TILE_SIZES.henhouse * 0.62 * L.cell, y: t.y - TILE_SIZES.henhouse * 0.1 * L.cell } : { ...t, r: TILE_SIZES.animalRadius * L.cell }));
      for (const [i, a] of drawn.entries()) {
        for (const b of drawn.slice(i + 1)) {
          // The drawing rounds a little: a pixel of slack.
          expect(Math.hypot(a.x - b.x, a.y - b.y), `${a.text} at ${Math.round(a.x)},${Math.round(a.y)} and ${b.text} at ${Math.round(b.x)},${Math.round(b.y)} overlap (round ${s.round})`).toBeGreaterThanOrEqual(a.r + b.r - 2);
        }
      }
      if (s.options.males) continue; // Males' tiles have regions too small for a henhouse beside animals (the test above).
      for (const p of drawn) {
        const t = pv.farm.tiles.find((x) => Math.floor((p.x - L.ox) / L.cell) + L.window.x0 === x.x && Math.floor((p.y - L.oy) / L.cell) + L.window.y0 === x.y)!;
        const u: [number, number] = [(p.x - L.ox) / L.cell - (t.x - L.window.x0), (p.y - L.oy) / L.cell - (t.y - L.window.y0)];
        for (const f of fencesOf(t)) expect(distance(u, f) * L.cell, `${p.text} on ${t.id} at ${t.x},${t.y} covers a fence`).toBeGreaterThanOrEqual(p.r - 2);
      }
      maps++;
      pieces += drawn.length;
    }
    expect(maps).toBeGreaterThan(20);
    expect(pieces).toBeGreaterThan(500);
  });
});

describe('farms the turn panel names', () => {
  it('are numbered on the turn map as on the end\'s (clear of every piece), or said to lie outside the part shown', () => {
    let numbered = 0, outside = 0;
    for (const s of turnEnds(3, {}, 'farm-pictures-1').filter((x) => x.farms.length > 0)) {
      const pv = turnPicture(s).view as MapPictureView;
      const L = mapLayout(pv);
      const { texts } = textsDrawn(() => drawings.map!(pv));
      const inMap = (t: DrawnText) => t.box.x >= L.ox && t.box.x + t.box.w <= L.ox + L.cols * L.cell && t.box.y >= L.oy && t.box.y + t.box.h <= L.oy + L.rows * L.cell;
      const onMap = texts.filter(inMap);
      const pieces = onMap.filter((t) => /^[A-Z]$/.test(t.text)).map((t) => ({ x: t.box.x + t.box.w / 2, y: t.box.y + t.box.h / 2, r: TILE_SIZES.animalRadius * L.cell }));
      for (const line of L.lines.map((l) => l.text).filter((t) => /^Farm \d+/.test(t))) {
        const n = /^Farm (\d+)/.exec(line)![1]!;
        if (line.startsWith(`Farm ${n} (outside this view):`)) {
          outside++;
          // Truly outside: none of its regions lies on a tile in the window.
          const w = L.window;
          expect(s.farms[Number(n) - 1]!.regions.some((k) => pv.farm.tiles.some((t) => t.regions.some((g) => g.key === k) && t.x >= w.x0 && t.x <= w.x1 && t.y >= w.y0 && t.y <= w.y1))).toBe(false);
          continue;
        }
        const tag = onMap.find((t) => t.text === n);
        expect(tag, `farm ${n} is named under the map (round ${s.round}) but not numbered on it`).toBeDefined();
        const box = tagOf(tag!);
        for (const p of pieces) {
          const dx = Math.max(Math.abs(p.x - (box.x + box.w / 2)) - box.w / 2, 0), dy = Math.max(Math.abs(p.y - (box.y + box.h / 2)) - box.h / 2, 0);
          expect(Math.hypot(dx, dy), `farm ${n}'s number covers an animal`).toBeGreaterThanOrEqual(p.r - 1);
        }
        numbered++;
      }
    }
    expect(numbered).toBeGreaterThan(20);
    expect(outside).toBeGreaterThan(0);
  });
});

describe('the turn map window', () => {
  it('holds the tile just placed, and shows no empty row or column at one side while tiles in its rows or columns are cut off at the other', () => {
    let windows = 0;
    for (const s of [...turnEnds(3, {}, 'farm-pictures-1'), ...turnEnds(2, {}, 'window-2'), ...turnEnds(5, { seasons: true }, 'window-5')]) {
      const pv = turnPicture(s).view as MapPictureView;
      const w = pv.window;
      if (!w) continue;
      windows++;
      const last = pv.farm.tiles[pv.farm.last!]!;
      expect(last.x >= w.x0 && last.x <= w.x1 && last.y >= w.y0 && last.y <= w.y1).toBe(true);
      const tiles = pv.farm.tiles;
      const count = (v: typeof w) => tiles.filter((t) => t.x >= v.x0 && t.x <= v.x1 && t.y >= v.y0 && t.y <= v.y1).length;
      const holds = (v: typeof w) => last.x >= v.x0 && last.x <= v.x1 && last.y >= v.y0 && last.y <= v.y1;
      const empty = {
        [`column ${w.x0}`]: [!tiles.some((t) => t.y >= w.y0 && t.y <= w.y1 && t.x === w.x0), 1, 0],
        [`column ${w.x1}`]: [!tiles.some((t) => t.y >= w.y0 && t.y <= w.y1 && t.x === w.x1), -1, 0],
        [`row ${w.y0}`]: [!tiles.some((t) => t.x >= w.x0 && t.x <= w.x1 && t.y === w.y0), 0, 1],
        [`row ${w.y1}`]: [!tiles.some((t) => t.x >= w.x0 && t.x <= w.x1 && t.y === w.y1), 0, -1],
      } as const;
      for (const [line, [isEmpty, dx, dy]] of Object.entries(empty)) {
        if (!isEmpty) continue;
        // Moved one cell off the empty line, still around the tile just placed, it would show no more tiles.
        const moved = { x0: w.x0 + dx, x1: w.x1 + dx, y0: w.y0 + dy, y1: w.y1 + dy };
        if (holds(moved)) expect(count(moved), `${line} is empty in window ${w.x0},${w.y0}–${w.x1},${w.y1} (round ${s.round}) while tiles beyond it are cut off`).toBeLessThanOrEqual(count(w));
      }
    }
    expect(windows).toBeGreaterThan(30);
  });
});

/** A seeded game played to its end by the simple strategy. */
function finished(players: number, options: Record<string, unknown>, seed: string): FarmState {
  let s = newGame(players, options, seed);
  while (!s.outcome) {
    const seat = farm.activeSeats(s)[0]!;
    const r = play(s, seat, simpleChoice(s, seat));
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return s;
}

/** A drawn number's tag: its box around its text, as drawTag draws it. */
const tagOf = (t: DrawnText) => {
  const { w, h } = tagBox(t.box.w, t.px);
  return { n: Number(t.text), x: t.box.x + t.box.w / 2 - w / 2, y: t.box.y + t.box.h / 2 - h / 2, w, h };
};

describe('the end picture', () => {
  it('numbers every farm once on the map, no number over another, each on or touching its farm (a few on crowded maps beside it, a line to it), over seeded finished games', () => {
    let tags = 0, leaders = 0;
    for (const s of [finished(3, {}, 'farm-pictures-1'), finished(4, ALL, 'end-tags-4'), finished(2, {}, 'end-tags-2'), finished(6, { seasons: true }, 'end-tags-6'), finished(5, ALL, 'x5')]) {
      const ev = endPicture(s).view as EndPictureView;
      const L = endLayout(ev);
      const { texts } = textsDrawn(() => drawings.end!(ev));
      const right = L.ox + L.cols * L.cell, bottom = L.mapTop + L.rows * L.cell;
      const drawn = texts.filter((t) => /^\d+$/.test(t.text) && t.box.x >= L.ox && t.box.x + t.box.w <= right && t.box.y >= L.mapTop && t.box.y + t.box.h <= bottom).map(tagOf);
      expect(drawn.map((t) => t.n).sort((a, b) => a - b)).toEqual(s.farms.map((_, i) => i + 1));
      for (const [i, a] of drawn.entries()) {
        for (const b of drawn.slice(i + 1)) {
          const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
          expect(apart, `farm ${a.n}'s number overlaps farm ${b.n}'s (${s.seats.length} players)`).toBe(true);
        }
        // Its farm's tiles, as cells of the picture.
        const cells = s.farms[a.n - 1]!.regions.map((k) => ev.farm.tiles.find((t) => t.regions.some((g) => g.key === k))!);
        const touches = cells.some((t) => {
          const x0 = L.ox + (t.x - L.b.x0) * L.cell, y0 = L.mapTop + (t.y - L.b.y0) * L.cell;
          return a.x < x0 + L.cell && a.x + a.w > x0 && a.y < y0 + L.cell && a.y + a.h > y0;
        });
        // Off its farm only on a crowded map, a leader line running from it to its farm.
        const leader = L.tags.find((t) => t.label === String(a.n))?.to;
        if (leader) {
          leaders++;
          expect(cells.some((t) => leader[0] >= L.ox + (t.x - L.b.x0) * L.cell && leader[0] <= L.ox + (t.x - L.b.x0 + 1) * L.cell && leader[1] >= L.mapTop + (t.y - L.b.y0) * L.cell && leader[1] <= L.mapTop + (t.y - L.b.y0 + 1) * L.cell)).toBe(true);
        } else expect(touches, `farm ${a.n}'s number is off its farm`).toBe(true);
      }
      tags += drawn.length;
    }
    expect(tags).toBeGreaterThan(200);
    expect(leaders).toBeLessThanOrEqual(tags / 20);
  });
});

describe('a tile drawn in place (the candidates picture)', () => {
  it('shows the neighbours\' pieces whole or not at all, and never leaves a number alone on a caption line', () => {
    let panels = 0, captions = 0;
    for (const s of turnEnds(3, {}, 'farm-pictures-1').filter((_, i) => i % 3 === 0)) {
      for (const { level } of levels(choiceOf(s), 3)) {
        if (level.picture?.kind !== 'candidates') continue;
        const cv = level.picture.view as CandidatesPictureView;
        const L = candidatesLayout(cv);
        const { texts } = textsDrawn(() => drawings.candidates!(cv));
        for (const t of texts) {
          const x = t.box.x + t.box.w / 2, y = t.box.y + t.box.h / 2;
          const panel = L.panels.find((p) => x >= p.x && x <= p.x + L.panelW && y >= p.y && y <= p.y + L.panelW);
          if (/^[A-Z]$/.test(t.text) && panel) {
            // An animal's letter: its whole disc inside the panel.
            const r = TILE_SIZES.animalRadius * L.cell;
            expect(Math.min(x - panel.x, panel.x + L.panelW - x, y - panel.y, panel.y + L.panelW - y), `${t.text} cut by the panel's edge`).toBeGreaterThanOrEqual(r - 2);
            panels++;
          }
          if (!/bold/.test(t.font) && !panel) {
            expect(t.text, 'a caption line that is only a number').not.toMatch(/^[+-]?\d+$/);
            captions++;
          }
        }
      }
    }
    expect(panels).toBeGreaterThan(20);
    expect(captions).toBeGreaterThan(20);
  });
});
