// Which bot plays a seat nobody sits at (standIn): a computer seat's level, chosen in the lobby;
// otherwise the game's default computer player, which is how seats stored before levels play.
import { describe, expect, it } from 'vitest';
import { allGames } from '../../src/games/registry.ts';
import { LEVELS } from '../../src/platform/game.ts';
import { standIn } from '../../src/runtime/rules.ts';
import { race } from '../games/race/index.ts';

describe('the computer player of a seat', () => {
  for (const def of allGames()) {
    it(`${def.title}: a computer seat plays at its level; one stored without a level, or with a name the game lacks, plays at normal; a person's seat left to the computer plays at normal`, () => {
      for (const level of LEVELS) expect(standIn(def, { computer: true, bot: level })).toBe(def.bots[level]);
      expect(def.bots.normal).toBeDefined();
      expect(standIn(def, { computer: true, bot: null })).toBe(def.bots.normal);
      for (const bot of ['grandmaster', 'constructor', '__proto__']) expect(standIn(def, { computer: true, bot })).toBe(def.bots.normal);
      expect(standIn(def, { computer: false, bot: 'strong' })).toBe(def.bots.normal);
      expect(standIn(def)).toBe(def.bots.normal);
    });
  }

  it('a game with one kind of computer player (Race) plays every computer seat with it', () => {
    expect(standIn(race, { computer: true, bot: 'strong' })).toBe(race.bots.steady);
    expect(standIn(race, { computer: true, bot: null })).toBe(race.bots.steady);
  });
});
