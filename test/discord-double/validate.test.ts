// Discord's documented limits, checked on bodies shaped like the ones discord.js sends.
import { describe, expect, it } from 'vitest';
import { LIMITS, validateBody } from './validate.ts';

const button = (id: string, label = id) => ({ type: 2, style: 1, custom_id: id, label });
const row = (...components: unknown[]) => ({ type: 1, components });
const reply = (data: Record<string, unknown>) => ({ type: 4, data });
const check = (body: unknown, files: { name: string; size: number }[] = []) =>
  validateBody('interactionCallback', 'POST', 'POST /interactions/:interaction/:token/callback', body, files).map((v) => `${v.path}: ${v.message}`);

describe('request validation', () => {
  it('accepts a reply at every limit', () => {
    const rows = Array.from({ length: 5 }, (_, r) => row(...Array.from({ length: 5 }, (_, b) => button(`${r}-${b}`.padEnd(100, 'x'), 'L'.repeat(80)))));
    expect(check(reply({ content: 'x'.repeat(2000), components: rows, attachments: [{ id: '0', description: 'd'.repeat(1024) }] }), [{ name: 'a.png', size: LIMITS.attachmentBytes }])).toEqual([]);
  });

  it('refuses each limit broken by one', () => {
    expect(check(reply({ components: Array.from({ length: 6 }, (_, i) => row(button(`b${i}`))) }))).toEqual(expect.arrayContaining([expect.stringMatching(/6 action rows/)]));
    expect(check(reply({ components: [row(...Array.from({ length: 6 }, (_, i) => button(`b${i}`)))] }))).toEqual(expect.arrayContaining([expect.stringMatching(/6 components in one row/)]));
    expect(check(reply({ components: [row(button('c'.repeat(101)))] }))).toEqual(expect.arrayContaining([expect.stringMatching(/custom_id is 101/)]));
    expect(check(reply({ components: [row(button('ok', 'L'.repeat(81)))] }))).toEqual(expect.arrayContaining([expect.stringMatching(/label is 81/)]));
    expect(check(reply({ components: [row(button('same'), button('same'))] }))).toEqual(expect.arrayContaining([expect.stringMatching(/used twice/)]));
    expect(check(reply({ embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }))).toEqual(expect.arrayContaining([expect.stringMatching(/11 embeds/)]));
    expect(check(reply({ attachments: [{ id: '0', description: 'd'.repeat(1025) }] }))).toEqual(expect.arrayContaining([expect.stringMatching(/description is 1025/)]));
    expect(check(reply({}), [{ name: 'big.png', size: LIMITS.attachmentBytes + 1 }])).toEqual([expect.stringMatching(/big.png is 10485761 bytes/)]);
    expect(check(reply({}), Array.from({ length: 11 }, (_, i) => ({ name: `${i}.png`, size: 1 })))).toEqual([expect.stringMatching(/11 files/)]);
  });

  it('refuses more than 25 autocomplete choices and over-long choice values', () => {
    const choices = (n: number, value = 'v') => ({ type: 8, data: { choices: Array.from({ length: n }, (_, i) => ({ name: `c${i}`, value })) } });
    expect(check(choices(25))).toEqual([]);
    expect(check(choices(26))).toEqual(expect.arrayContaining([expect.stringMatching(/26 autocomplete choices/)]));
    expect(check(choices(1, 'v'.repeat(101)))).toEqual([expect.stringMatching(/choice value is 101/)]);
  });

  it('refuses invalid command definitions in a bulk overwrite', () => {
    const found = validateBody('commandsOverwrite', 'PUT', 'PUT /applications/:app/commands', [
      { name: 'Fence', description: 'x', type: 1 },
      { name: 'ok', description: '', type: 1, options: [{ type: 3, name: 'a', description: 'a', autocomplete: true, choices: [{ name: 'x', value: 'x' }] }] },
    ]).map((v) => v.message);
    expect(found).toEqual(expect.arrayContaining([expect.stringMatching(/lower case/), expect.stringMatching(/both choices and autocomplete/), expect.stringMatching(/description must be/)]));
  });
});
