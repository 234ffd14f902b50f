import { createCanvas, loadImage } from '@napi-rs/canvas';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { setup, playComputers, view, type FenceView } from '../../src/games/fence/index.ts';
import { closeRenderer } from '../../src/render/index.ts';
import { currentRenderWorker, runningRenderWorkers } from '../../src/render/pool.ts';
import { drawMapPicture, onScreenScale, MAX_SIDE } from '../../src/games/fence/draw/picture.ts';
import { encodeRgbaSync } from '../../src/render/encode.ts';
import { cellOrigin } from '../../src/games/fence/draw/layout.ts';
import { COPS, seatColour } from '../../src/games/fence/draw/palette.ts';
import { buildingView, mainView, renderHand, renderMap, renderTileHand } from './fixtures.ts';

type RGB = [number, number, number];

function pixel(pic: ReturnType<typeof drawMapPicture>, x: number, y: number): RGB {
  const d = pic.canvas.getContext('2d').getImageData(Math.round(x), Math.round(y), 1, 1).data;
  return [d[0] as number, d[1] as number, d[2] as number];
}
const near = (a: RGB, b: RGB, tol = 12) => a.every((v, i) => Math.abs(v - (b[i] as number)) <= tol);
const lum = (c: RGB) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];

async function decode(png: Buffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return { width: img.width, height: img.height, data: ctx.getImageData(0, 0, img.width, img.height).data };
}

function playedGame(players: number, steps: number) {
  const seats = ['Ann', 'Bob', 'Cara', 'Dmitri', 'Eve', 'Fatima'].slice(0, players).map((name) => ({ name, computer: true }));
  return playComputers(setup({ seats, seed: 'render-test', options: { autoBuild: true } }).state, { steps }).state;
}

describe('map picture', () => {
  it('draws each pawn in its seat colour at its neighborhood, and the Cops in black', () => {
    const view = mainView();
    const pic = drawMapPicture(view);
    const l = pic.layout;
    expect(l.pieces.map((p) => p.piece).sort()).toEqual([0, 1, 2, 'cops']);
    for (const spot of l.pieces) {
      // Sample beside the number or star, inside the disc.
      const c = pixel(pic, spot.x - spot.r * 0.6, spot.y - spot.r * 0.1);
      expect(near(c, spot.piece === 'cops' ? COPS.rgb : seatColour(spot.piece).rgb), `piece ${spot.piece} colour ${c}`).toBe(true);
      const key = spot.nb.slice(0, spot.nb.lastIndexOf('/'));
      const tile = view.map.find((t) => t.key === key)!;
      const o = cellOrigin(l, tile.x, tile.y);
      expect(spot.x).toBeGreaterThan(o.x);
      expect(spot.x).toBeLessThan(o.x + l.tile);
      expect(spot.y).toBeGreaterThan(o.y);
      expect(spot.y).toBeLessThan(o.y + l.tile);
    }
    expect(l.pieces.find((p) => p.piece === 'cops')?.nb).toBe('1-1/0');
    expect(l.pieces.some((p) => p.piece === 3)).toBe(false); // Dmitri is in Jail, not on the map
  });

  it('shades off-limits neighborhoods and nothing else', () => {
    const shaded = mainView();
    const clear = { ...mainView(), offLimits: [] };
    const a = drawMapPicture(shaded), b = drawMapPicture(clear);
    const l = a.layout;
    // 2-2 is a crossing: Kingsgate, its north–south road, is off limits; the band along that road is shaded.
    const crossing = cellOrigin(l, 1, 0);
    const inside = pixel(a, crossing.x + l.tile * 0.62, crossing.y + l.tile * 0.08);
    const before = pixel(b, crossing.x + l.tile * 0.62, crossing.y + l.tile * 0.08);
    expect(lum(inside)).toBeLessThan(lum(before) - 40);
    const other = cellOrigin(l, 0, 1);
    expect(pixel(a, other.x + l.tile * 0.8, other.y + l.tile * 0.1)).toEqual(pixel(b, other.x + l.tile * 0.8, other.y + l.tile * 0.1));
  });

  it('highlights the cells where the current player can place a tile, while building', () => {
    const view = buildingView();
    const pic = drawMapPicture(view);
    const l = pic.layout;
    const at = (x: number, y: number) => {
      const o = cellOrigin(l, x, y);
      return pixel(pic, o.x + l.tile * 0.2, o.y + l.tile * 0.75);
    };
    const plain = at(-2, -1); // an empty corner cell of the margin
    for (const c of view.placeableCells) {
      const h = at(c.x, c.y);
      expect(h[2]).toBeLessThan(plain[2] - 60); // yellow: far less blue than the plain cell
      expect(h[0]).toBeGreaterThan(200);
    }
    expect(near(at(2, 1), plain, 2)).toBe(true); // empty but not placeable
  });

  it('keeps the grid labels the players use: the margin while building, the tiles afterwards', () => {
    const building = drawMapPicture(buildingView()).layout;
    expect([building.x0, building.y0, building.x1, building.y1]).toEqual([-2, -1, 2, 2]);
    const main = drawMapPicture(mainView()).layout;
    expect([main.x0, main.y0, main.x1, main.y1]).toEqual([-1, 0, 1, 1]);
  });
});

describe('sizes', () => {
  it('a 6-player standard map: cropped, under 600 KB, names large enough for a phone', async () => {
    const v = view(playedGame(6, 40), 'channel');
    const pic = drawMapPicture(v);
    const out = await renderMap(v);
    const img = await decode(out.png);
    expect([img.width, img.height]).toEqual([out.width, out.height]);
    expect(out.width).toBe(pic.canvas.width);
    expect(out.png.length).toBeLessThan(600 * 1024);
    // Cropped: every drawn column and row holds a tile.
    const cols = new Set(v.map.map((t) => t.x)), rows = new Set(v.map.map((t) => t.y));
    expect(pic.layout.x1 - pic.layout.x0 + 1).toBe(cols.size);
    expect(pic.layout.y1 - pic.layout.y0 + 1).toBe(rows.size);
    // Shown inline in Discord (≈ 550×350 CSS px box on desktop, ≈ 380 CSS px wide on a phone),
    // names must stay ≥ 5 CSS px and pawns ≥ 8 CSS px across: they are what a player scans for.
    const screen = onScreenScale(out.width, out.height);
    for (const scale of [screen.desktop, screen.phone]) {
      expect(pic.nameFontPx * scale).toBeGreaterThanOrEqual(5);
      expect(2 * (pic.layout.pieces[0]?.r ?? 0) * scale).toBeGreaterThanOrEqual(8);
    }
    expect(pic.layout.tile).toBe(128);
  });

  it('a Big Map of 80 tiles fits in 2,400 px', () => {
    const v = view(playedGame(6, 0), 'channel');
    const shift = Math.max(...v.map.map((p) => p.x)) - Math.min(...v.map.map((p) => p.x)) + 1;
    const wide: FenceView = { ...v, map: [...v.map, ...v.map.map((p) => ({ ...p, key: `${p.key}#2`, x: p.x + shift }))] };
    const tall: FenceView = { ...v, map: [...v.map, ...v.map.map((p) => ({ ...p, key: `${p.key}#2`, y: p.y + 30 }))] };
    for (const big of [wide, tall]) {
      const pic = drawMapPicture(big);
      expect(big.map.length).toBe(2 * v.map.length);
      expect(pic.canvas.width).toBeLessThanOrEqual(MAX_SIDE);
      expect(pic.canvas.height).toBeLessThanOrEqual(MAX_SIDE);
    }
  });
});

describe('secrecy', () => {
  it('the map of a player view and of the channel view are the same picture; hands only come from a player view', async () => {
    const s = playedGame(4, 30);
    const player = view(s, 0), channel = view(s, 'channel');
    expect(player.me?.hand.length).toBeGreaterThan(0);
    const [pm, cm] = await Promise.all([renderMap(player), renderMap(channel)]);
    expect(cm.png.equals(pm.png)).toBe(true);
    expect(cm.alt).toBe(pm.alt);
    expect(cm.alt).not.toMatch(/\b(Red|Blue) (Ace|[2-6])\b/);
    await expect(renderHand(channel)).rejects.toThrow(/player view/);
    const hand = await renderHand(player);
    expect(hand.alt).toMatch(/^Your hand: (Red|Blue) (Ace|[2-6])/);
  });
});

describe('PNG encoder', () => {
  it('round-trips any width (whole and partial 4-pixel groups), alpha dropped', async () => {
    for (const width of [1, 2, 3, 4, 5, 7, 13]) {
      const height = 3;
      const rgba = new Uint8Array(width * height * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 37) % 256));
      const img = await decode(encodeRgbaSync(rgba, width, height));
      expect([img.width, img.height]).toEqual([width, height]);
      expect(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length).equals(Buffer.from(rgba))).toBe(true);
    }
  });
});

/** Runs a module script in a new Node process (tsx loaded) from the project's root. */
function runScript(script: string): Promise<{ stdout: string; code: number | null }> {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  return new Promise((resolve) => {
    const child = execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, timeout: 20_000 }, (_err, stdout) => resolve({ stdout, code: child.exitCode }));
  });
}

describe('render worker', () => {
  afterAll(() => closeRenderer());

  it('renderMap (drawn in the worker) gives the same picture as drawing in this thread', async () => {
    const view = mainView();
    const [out, here] = [await renderMap(view), drawMapPicture(view)];
    const img = await decode(out.png);
    expect(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length).equals(here.canvas.data())).toBe(true);
  });

  it('other work keeps being served while a map renders', async () => {
    const v = view(playedGame(6, 40), 'channel');
    await renderMap(v); // the worker is up
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const first = renderMap(v).then(() => ticks);
    const ticksWhenDone = await first;
    clearInterval(timer);
    // A render that ran on this thread would hold every timer back until it finished.
    expect(ticksWhenDone).toBeGreaterThan(0);
  });

  it('a render still arrives when the worker dies under it, and the next render starts a new worker', async () => {
    const view = mainView();
    await renderMap(view);
    const doomed = currentRenderWorker();
    expect(doomed).not.toBeNull();
    const pending = renderMap(view);
    await doomed!.terminate();
    const out = await pending;
    expect((await decode(out.png)).width).toBe(out.width);
    const again = await renderMap(view);
    expect(currentRenderWorker()).not.toBe(doomed);
    expect(again.png.equals(out.png)).toBe(true);
  });

  it('pictures for several channels at once are drawn by several workers, each as one thread draws it', async () => {
    const views = [mainView(), view(playedGame(6, 40), 'channel'), view(playedGame(4, 20), 'channel'), mainView()];
    const was = process.env.RENDER_THREADS;
    process.env.RENDER_THREADS = '2';
    try {
      await closeRenderer();
      await renderMap(views[0]!); // one worker, ready
      const outs = await Promise.all(views.map((v) => renderMap(v)));
      // A second was started when the first was busy; more are never started.
      expect(runningRenderWorkers()).toBe(2);
      await Promise.all(views.map((v) => renderMap(v)));
      expect(runningRenderWorkers()).toBe(2);
      for (const [k, v] of views.entries()) {
        const img = await decode(outs[k]!.png);
        expect(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length).equals(drawMapPicture(v).canvas.data())).toBe(true);
      }
    } finally {
      if (was === undefined) delete process.env.RENDER_THREADS;
      else process.env.RENDER_THREADS = was;
      await closeRenderer();
    }
  });

  it('of pictures asked for together (one post\'s), the kind that has lately taken longest is drawn first, so the post waits less', async () => {
    const was = process.env.RENDER_THREADS;
    process.env.RENDER_THREADS = '1';
    try {
      await closeRenderer();
      const s = playedGame(6, 40);
      const v = view(s, 'channel'), me = view(s, 0);
      // Each kind drawn once, so the pool knows what they take (a whole map several times a hand).
      await renderMap(v);
      await renderHand(me);
      const order: string[] = [];
      await Promise.all([
        renderHand(me).then(() => order.push('hand 1')),
        renderHand(me).then(() => order.push('hand 2')),
        renderMap(v).then(() => order.push('map')),
      ]);
      expect(order).toEqual(['map', 'hand 1', 'hand 2']);
      // Asked for later, a large picture does not jump ahead of a small one already waiting.
      const later: string[] = [];
      const busy = renderMap(v).then(() => later.push('map 1'));
      await Promise.resolve();
      const small = renderHand(me).then(() => later.push('hand'));
      await Promise.resolve();
      await Promise.all([busy, small, renderMap(v).then(() => later.push('map 2'))]);
      expect(later).toEqual(['map 1', 'hand', 'map 2']);
    } finally {
      if (was === undefined) delete process.env.RENDER_THREADS;
      else process.env.RENDER_THREADS = was;
      await closeRenderer();
    }
  });

  it('an idle worker does not keep the process alive', async () => {
    const script = "import { renderMap, mainView } from './test/render/fixtures.ts'; const r = await renderMap(mainView()); process.stdout.write(String(r.png.length));";
    const { stdout, code } = await runScript(script);
    expect(Number(stdout)).toBeGreaterThan(1000);
    expect(code).toBe(0); // exited by itself, not killed by the timeout
  }, 25_000);

  it('a bot starting warms a worker up with its games\' drawings, which does not keep the process alive either', async () => {
    const script = "import { warmRenderer } from './src/render/index.ts'; import { runningRenderWorkers } from './src/render/pool.ts'; import { DRAWINGS } from './src/games/fence/pictures.ts'; warmRenderer([DRAWINGS]); process.stdout.write(String(runningRenderWorkers()));";
    const { stdout, code } = await runScript(script);
    expect(stdout).toBe('1');
    expect(code).toBe(0);
  }, 25_000);
});

// Regenerate on purpose with: UPDATE_GOLDEN=1 npx vitest run test/render
describe('golden images', () => {
  const dir = fileURLToPath(new URL('./golden/', import.meta.url));
  const cases: [string, () => Promise<{ png: Buffer }>][] = [
    ['main-map', () => renderMap(mainView())],
    ['building-map', () => renderMap(buildingView())],
    ['tile-hand', () => renderTileHand(buildingView(), 1)],
    ['hand', () => renderHand({ ...mainView(), viewer: 0, me: { seat: 0, hand: ['R1', 'R4', 'B2', 'B6'], startCards: null } })],
  ];
  for (const [name, make] of cases) {
    it(`${name} matches test/render/golden/${name}.png`, async () => {
      const { png } = await make();
      const file = `${dir}${name}.png`;
      if (process.env.UPDATE_GOLDEN || !existsSync(file)) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(file, png);
      }
      const [got, want] = await Promise.all([decode(png), decode(readFileSync(file))]);
      expect([got.width, got.height]).toEqual([want.width, want.height]);
      let off = 0;
      for (let i = 0; i < got.data.length; i += 4) {
        const d = Math.abs((got.data[i] as number) - (want.data[i] as number)) + Math.abs((got.data[i + 1] as number) - (want.data[i + 1] as number)) + Math.abs((got.data[i + 2] as number) - (want.data[i + 2] as number));
        if (d > 48) off++;
      }
      // Small tolerance: font hinting or anti-aliasing may differ by a few pixels between machines.
      expect(off / (got.width * got.height)).toBeLessThan(0.002);
    });
  }
});
