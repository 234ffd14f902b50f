// Options come from one zod schema per game: the platform reads their kinds, ranges, labels and
// summary words from it, and checks every value with it (a forged interaction included).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changeableFields, checkOptions, defaultOptions, optionFields, summaryLine } from '../../src/platform/options.ts';
import { race } from '../games/race/index.ts';

describe('options read from a game schema', () => {
  it('lists each field with its kind, range, default and meta, in schema order', () => {
    const fields = optionFields(race.options);
    expect(fields.map((f) => [f.key, f.type, f.default])).toEqual([['goal', 'integer', 10], ['fast', 'boolean', false]]);
    expect(fields[0]).toMatchObject({ min: 5, max: 30, meta: { label: 'Finish line', slash: 'goal', setting: true, choices: [5, 10, 20, 30] } });
    expect(changeableFields(race.options).map((f) => f.key)).toEqual(['goal', 'fast']);
    // A choice with a single value is nothing to choose: it stays out of menus.
    const oneTrack = z.object({
      goal: z.number().int().min(5).max(30).default(10).meta({ label: 'Finish line', description: 'The square that wins the race' }),
      track: z.enum(['standard']).default('standard').meta({ label: 'Track', description: 'The only track there is' }),
    });
    expect(optionFields(oneTrack).map((f) => [f.key, f.type, f.default])).toEqual([['goal', 'integer', 10], ['track', 'choice', 'standard']]);
    expect(changeableFields(oneTrack).map((f) => f.key)).toEqual(['goal']);
  });

  it('fills defaults, and refuses out-of-range or wrong-typed values with a sentence naming the option', () => {
    expect(defaultOptions(race.options)).toEqual({ goal: 10, fast: false });
    expect(checkOptions(race.options, { goal: 7 })).toEqual({ ok: true, options: { goal: 7, fast: false } });
    expect(checkOptions(race.options, { goal: 0 })).toEqual({ ok: false, problems: ['Finish line must be a whole number from 5 to 30.'] });
    expect(checkOptions(race.options, { goal: 2.5, fast: 'yes' })).toEqual({ ok: false, problems: ['Finish line must be a whole number from 5 to 30.', 'Fast steps must be on or off.'] });
  });

  it('says the chosen values in one line, with the platform’s parts placed by their order', () => {
    expect(summaryLine(race.options, { goal: 30, fast: true }, [{ order: 50, text: '1 hour per turn' }])).toBe('1 hour per turn · race to 30 · double steps');
    expect(summaryLine(race.options, {}, [], (f) => f.meta.setting === true)).toBe('race to 10');
    // A game's own part may go before the platform's (its `order` below 50).
    const paceFirst = z.object({ fast: z.boolean().default(false).meta({ label: 'Fast steps', description: 'Steps count double', summary: ['normal steps', 'double steps'], order: 10 }) });
    expect(summaryLine(paceFirst, { fast: true }, [{ order: 50, text: '1 hour per turn' }])).toBe('double steps · 1 hour per turn');
  });
});
