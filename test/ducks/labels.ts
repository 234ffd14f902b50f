// How often a Duck Pens choice picture draws each label of its level. The board's own names are
// numbers and letters too ("8" is a row, "C" a column): a label counts as drawn only as many
// times as it appears beyond the same picture with every option's label written "?".
import type { Canvas } from '@napi-rs/canvas';
import draw from '../../src/games/ducks/draw/index.ts';
import type { DucksChoiceView } from '../../src/games/ducks/views.ts';
import type { Picture } from '../../src/platform/game.ts';
import { textsDrawn } from '../render/labels.ts';

export const drawPicture = (p: Picture): Canvas => (draw as Record<string, (v: unknown) => Canvas>)[p.kind]!(p.view);

/** Each text of the picture, with how many more times it is drawn than without the level's labels. */
export function labelsDrawn(p: Picture): Map<string, number> {
  const count = (view: unknown) => {
    const n = new Map<string, number>();
    for (const t of textsDrawn(() => drawPicture({ ...p, view })).texts) n.set(t.text, (n.get(t.text) ?? 0) + 1);
    return n;
  };
  const v = p.view as DucksChoiceView;
  const bare = count({ ...v, marks: v.marks.map((m) => ({ ...m, label: '?' })), would: v.would.map((w) => ({ ...w, labels: w.labels.map(() => '?') })), verbs: v.verbs.map(() => '?') });
  return new Map([...count(p.view)].map(([text, n]) => [text, n - (bare.get(text) ?? 0)]));
}
