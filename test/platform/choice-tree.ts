/** A choice tree walked as the tests look at it: every level with the labels pressed to reach it, and the actions at its leaves. */
import { isLeaf, type Choice } from '../../src/platform/choices.ts';

/** Every level of a tree, depth first, with the labels pressed to reach it (branches opened up to `depth`). */
export function levels<A, P>(root: Choice<A, P>, depth: number): { path: string[]; level: Choice<A, P> }[] {
  const out: { path: string[]; level: Choice<A, P> }[] = [];
  const walk = (level: Choice<A, P>, path: string[]) => {
    out.push({ path, level });
    if (path.length >= depth) return;
    for (const o of level.options) if (!isLeaf(o)) walk(o.then(), [...path, o.label]);
  };
  walk(root, []);
  return out;
}

/** The actions a tree offers within `depth` levels. */
export const leaves = <A, P>(root: Choice<A, P>, depth: number): A[] => levels(root, depth).flatMap(({ level }) => level.options.flatMap((o) => (isLeaf(o) ? [o.action] : [])));
