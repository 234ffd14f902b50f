/** Duck Pens' pictures. */
import { createCanvas } from '@napi-rs/canvas';
import { defineDrawings } from '../../../render/drawings.ts';
import type { DucksView } from '../views.ts';

export default defineDrawings<{ board: DucksView; shapes: { shapes: unknown[] } }>({
  board: () => createCanvas(10, 10),
  shapes: () => createCanvas(10, 10),
});
