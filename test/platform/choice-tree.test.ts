// A choice as a tree of labelled levels (src/platform/choices.ts), built from the ways each
// action is spelt in taps: labels group by level, a label reaching one action plays it, one
// going on opens the next level (built only when opened), a label both stopping and going on
// offers the stop in the next level, actions spelt alike are named in words.
import { describe, expect, it } from 'vitest';
import { choiceTree, follow, isLeaf, type Choice, type Spelling } from '../../src/platform/choices.ts';

type A = string;
const step = (label: string) => ({ label, says: `to ${label}` });
const spelt = (action: A, ...labels: string[]): Spelling<A> => ({ action, steps: labels.map(step) });

function tree(spellings: Spelling<A>[], opened: string[][] = [], stop = true): Choice<A, string> {
  return choiceTree<A, string>({
    spellings,
    key: (a) => a,
    words: (a) => `the move ${a}`,
    level: (path, labels) => {
      opened.push([...path]);
      return { question: `level ${path.join('/') || 'first'}`, picture: `marks ${labels.join(',')}` };
    },
    ...(stop ? { stop: (a: A, path: readonly string[]) => ({ label: path[path.length - 1]!, says: `stop: ${a}` }) } : {}),
  });
}

describe('a choice tree', () => {
  it('groups labels by level: one action behind a label is played at once, several open the next level, built only when opened', () => {
    const opened: string[][] = [];
    const root = tree([spelt('x', 'K7'), spelt('y', 'H3', 'B2'), spelt('y', 'B2', 'H3'), spelt('z', 'H3', 'C1')], opened);
    expect(root.options.map((o) => [o.label, isLeaf(o) ? o.action : '…'])).toEqual([['K7', 'x'], ['H3', '…'], ['B2', 'y']]);
    expect(root.picture).toBe('marks K7,H3,B2');
    expect(opened).toEqual([[]]);
    const h3 = follow(root, ['H3']);
    expect(h3 && 'level' in h3 ? h3.level.options.map((o) => o.label) : null).toEqual(['B2', 'C1']);
    expect(opened).toEqual([[], ['H3']]);
    expect(follow(root, ['H3', 'C1'])).toMatchObject({ action: 'z' });
    expect(follow(root, ['H3', 'Q9'])).toBeNull();
    expect(follow(root, ['K7', 'B2'])).toBeNull();
  });

  it('a label where one action stops and others go on offers the stop in the next level, under the game\'s label', () => {
    const root = tree([spelt('sum', 'E1'), spelt('split', 'E1', 'O7')]);
    const next = follow(root, ['E1']);
    expect(next && 'level' in next ? next.level.options.map((o) => [o.label, o.says]) : null).toEqual([['O7', 'to O7'], ['E1', 'stop: sum']]);
    expect(follow(root, ['E1', 'E1'])).toMatchObject({ action: 'sum' });
  });

  it('actions spelt alike are named in words, on a level without a picture', () => {
    const root = tree([spelt('p', 'I15'), spelt('q', 'I15')], [], false);
    const next = follow(root, ['I15']);
    if (!next || !('level' in next)) throw new Error('no level');
    expect(next.level.picture).toBeUndefined();
    expect(next.level.options.map((o) => o.label)).toEqual(['the move p', 'the move q']);
  });
});
