// What the pictures add for the Extended Rules (looked at: the Ritzy Tile, the Tunnel and the
// Trading Post as badges on the map, named in words in the panel).
import { describe, expect, it } from 'vitest';
import { view } from '../../src/games/fence/index.ts';
import { panelBoxes } from '../../src/games/fence/draw/panels.ts';
import { loadScenario } from '../../src/games/fence/scenario.ts';
import { onTestMap } from '../fence/test-map.ts';

const texts = (boxes: ReturnType<typeof panelBoxes>) => boxes.flatMap((b) => [b.title, ...b.rows.map((r) => r.text)]);

describe('pictures of the Extended Rules', () => {
  it('the panel names the Ritzy Tile, the Tunnel’s ends and the Trading Post, counts rounds against the rolled limit and marks an Unreliable Witness', () => {
    const s = loadScenario(onTestMap({
      options: { ritzy: true, tunnel: true, tradingPost: true, hunch: true, rolledRounds: true },
      extended: { ritzy: { red: 4, blue: 2 }, tunnel: ['X1/0', '6-5/1'], tradingPost: '1-4/0', witnesses: [1], rounds: 9 }, round: 3,
      pawns: { ana: 'Old Town', bo: 'jail', cy: 'Chapel Hill' }, cops: 'Goose Green',
    }));
    const all = texts(panelBoxes(view(s, 'channel')));
    expect(all.some((t) => t.startsWith('Round 3 of 9'))).toBe(true);
    expect(all).toContain('$ Ritzy Tile (4,2): double Hot Goods');
    expect(all).toContain('T Tunnel: Nettlebed ↔ Kettle Yard');
    expect(all).toContain('P Trading Post: Chapel Hill');
    expect(all).toContain('bo · Unreliable Witness');
  });

  it('a boat shows beside its holder’s name; a Basic Rules game has no “On the map” box', () => {
    const s = loadScenario(onTestMap({ pawns: { ana: 'Old Town', bo: 'The Stix', cy: 'Chapel Hill' }, cops: 'Goose Green' }));
    const boated = { ...s, options: { ...s.options, boats: true }, extended: { boats: { red: { seat: 0, card: 'RF' }, blue: null } } };
    expect(texts(panelBoxes(view(boated, 'channel'))).some((t) => t.includes('ana · 0 cards · red boat'))).toBe(true);
    expect(panelBoxes(view(s, 'channel')).map((b) => b.title)).not.toContain('On the map');
  });
});
