/**
 * Where the cells and the pieces of a map picture are: the layout the map, its markers and the
 * close-ups share (map.ts makes it).
 */
import { parseNbId, type NbId } from '../geometry.ts';
import { defOf, tileSetOfView, type ChoiceMark, type FenceView } from '../views.ts';
import { hubAt, type Pt } from './tiles.ts';

export interface PieceSpot {
  piece: number | 'cops';
  nb: NbId;
  x: number;
  y: number;
  r: number;
}

/** A choice label as laid out: its centre and pill size in px, its text size, its cell. */
export interface MarkSpot extends ChoiceMark {
  x: number;
  y: number;
  w: number;
  h: number;
  px: number;
  cell: { x: number; y: number };
}

export interface MapLayout {
  tile: number;
  /** The cell named A1, from which the grid labels are named (grid.ts). */
  origin: { x: number; y: number };
  /** Cell range drawn (inclusive). */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  gutter: number;
  /** Top-left of the drawn map inside the picture. */
  left: number;
  top: number;
  width: number;
  height: number;
  pieces: PieceSpot[];
  /** Choice labels (none on a picture that offers no choice). */
  marks: MarkSpot[];
}

export function cellOrigin(l: MapLayout, x: number, y: number): Pt {
  return { x: l.left + l.gutter + (x - l.x0) * l.tile, y: l.top + l.gutter + (y - l.y0) * l.tile };
}

export function hubOf(view: FenceView, l: MapLayout, id: NbId): Pt | null {
  const { key, index } = parseNbId(id);
  const p = view.map.find((t) => t.key === key);
  if (!p) return null;
  const o = cellOrigin(l, p.x, p.y);
  return hubAt(defOf(tileSetOfView(view), key), p.rot, index, o.x, o.y, l.tile);
}
