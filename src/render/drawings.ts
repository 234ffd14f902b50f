/**
 * A game's drawings: one function per kind of picture, from a view (plain JSON) to a canvas.
 * Each game keeps them in its own folder (`src/games/<id>/draw/index.ts`, default export) and
 * names that module in its definition (`drawings`); the render worker loads it by that URL, so
 * the games' rules never load canvas, and a game registered only in tests draws like any other.
 */
import type { Canvas } from '@napi-rs/canvas';

export type Drawer = (view: unknown) => Canvas;
export type Drawings = Readonly<Record<string, Drawer>>;

/**
 * Types a game's drawings by the view each kind takes (`{ board: BoardView, … }`) and returns
 * them as the render engine holds them: it passes each drawer only the view of its own kind.
 */
export function defineDrawings<V extends Record<string, unknown>>(drawings: { [K in keyof V]: (view: V[K]) => Canvas }): Drawings {
  return drawings as unknown as Drawings;
}

const loaded = new Map<string, Promise<Drawings>>();

/** The drawings module at `url` (a game definition's `drawings`), loaded once per thread. */
export function loadDrawings(url: string): Promise<Drawings> {
  let p = loaded.get(url);
  if (!p) {
    p = import(url).then((mod: { default?: unknown }) => {
      if (typeof mod.default !== 'object' || mod.default === null) throw new Error(`render: ${url} has no default export of drawings`);
      return mod.default as Drawings;
    });
    p.catch(() => loaded.delete(url));
    loaded.set(url, p);
  }
  return p;
}
