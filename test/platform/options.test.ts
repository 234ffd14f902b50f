// Options come from one zod schema per game: the platform reads their kinds, ranges, labels and
// summary words from it, and checks every value with it (a forged interaction included).
import { describe, expect, it } from 'vitest';
import { fence } from '../../src/games/fence/index.ts';
import { changeableFields, checkOptions, defaultOptions, optionFields, summaryLine } from '../../src/platform/options.ts';

describe('options read from a game schema', () => {
  it('lists each field with its kind, range, default and meta, in schema order', () => {
    const fields = optionFields(fence.options);
    // The Extended Rules' options follow these (test/fence/extended.test.ts).
    expect(fields.slice(0, 3).map((f) => [f.key, f.type, f.default])).toEqual([['autoBuild', 'boolean', false], ['roundLimit', 'integer', 200], ['tileSet', 'choice', 'standard']]);
    expect(fields[1]).toMatchObject({ min: 1, max: 200, meta: { label: 'Round limit', slash: 'rounds', setting: true, choices: [10, 20, 30, 50, 100, 200] } });
    // A choice with a single value is nothing to choose: it stays out of menus.
    expect(changeableFields(fence.options).map((f) => f.key).slice(0, 2)).toEqual(['autoBuild', 'roundLimit']);
    expect(changeableFields(fence.options).map((f) => f.key)).not.toContain('tileSet');
  });

  it('fills defaults, and refuses out-of-range or wrong-typed values with a sentence naming the option', () => {
    expect(defaultOptions(fence.options)).toMatchObject({ autoBuild: false, roundLimit: 200, tileSet: 'standard' });
    expect(checkOptions(fence.options, { roundLimit: 7 })).toMatchObject({ ok: true, options: { autoBuild: false, roundLimit: 7, tileSet: 'standard' } });
    expect(checkOptions(fence.options, { roundLimit: 0 })).toEqual({ ok: false, problems: ['Round limit must be a whole number from 1 to 200.'] });
    expect(checkOptions(fence.options, { roundLimit: 2.5, autoBuild: 'yes' })).toEqual({ ok: false, problems: ['Map building must be on or off.', 'Round limit must be a whole number from 1 to 200.'] });
  });

  it('says the chosen values in one line, with the platform’s parts placed by their order', () => {
    expect(summaryLine(fence.options, { autoBuild: true, roundLimit: 30 }, [{ order: 50, text: '1 hour per turn' }])).toBe('the bot builds the map · 1 hour per turn · round limit 30');
    expect(summaryLine(fence.options, {}, [], (f) => f.meta.setting === true)).toBe('round limit 200');
  });
});
