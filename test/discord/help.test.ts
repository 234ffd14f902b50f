// `/<game> help` ends with the bot's other games, each with its command and what it is, when
// that fits in one Discord message (2,000 characters); past that it keeps only their names.
import { describe, expect, it } from 'vitest';
import { helpWithOthers } from '../../src/discord/handlers/info.ts';
import { allGames } from '../../src/games/registry.ts';

describe('help', () => {
  it.each(allGames().map((def) => [def.id, def] as const))('%s: its help and the other games with what each is fit one message', (_id, def) => {
    expect(helpWithOthers(def).length).toBeLessThanOrEqual(2000);
  });
});
