// The placement preview: before a tile is placed for good, its player alone sees the map with
// it in place (the platform answers `/farm place` privately with it and a Confirm button).
import { describe, expect, it } from 'vitest';
import { farm } from '../../src/games/farm/index.ts';
import type { MapPictureView } from '../../src/games/farm/pictures.ts';
import type { Action } from '../../src/games/farm/actions.ts';
import type { FarmState } from '../../src/games/farm/state.ts';
import { gainsIf } from '../../src/games/farm/engine.ts';
import { newGame, ok } from './helpers.ts';

type Place = Extract<Action, { type: 'place' }>;

/** A game some turns in, at a placement. */
function midGame(options: Record<string, unknown> = {}, turns = 14): FarmState {
  let s = newGame(3, options, 'preview');
  while (s.placed.length < turns || s.stage.kind !== 'place' || s.pending.length > 0) {
    const seat = farm.activeSeats(s)[0]!;
    s = ok(s, seat, farm.bots.simple!(s, seat)).state;
  }
  return s;
}

describe('placement preview', () => {
  it('shows the map around the cell with the tile placed there in that turn, highlighted, without changing the game', () => {
    const s = midGame();
    const before = JSON.stringify(s);
    const seat = s.current;
    const places = farm.legalActions(s, seat).filter((a): a is Place => a.type === 'place');
    for (const a of [places[0]!, places[places.length - 1]!]) {
      const pic = farm.preview!(s, seat, a)!;
      const pv = pic.view as MapPictureView;
      const shown = pv.farm.tiles[pv.farm.last!]!;
      expect([shown.id, shown.x, shown.y]).toEqual([a.tile, a.x, a.y]);
      expect(pv.farm.tiles).toHaveLength(s.placed.length + 1);
      // The same tile as it will really lie once played.
      const played = ok(s, seat, a).state;
      expect(shown.fenced).toEqual(farm.view(played, 'channel').tiles[s.placed.length]!.fenced);
      expect(pv.farm.hand).toBeNull();
      expect(pic.alt).toMatch(/^Preview, not played yet/);
      const gain = gainsIf(s, { id: a.tile, x: a.x, y: a.y, rot: a.rot }, seat)[seat]!;
      if (pv.preview!.includes('closes no farm')) expect(gain).toBe(0);
      else expect(pv.preview).toContain(`you would score ${gain}`);
    }
    expect(JSON.stringify(s)).toBe(before);
  });

  it('a henhouse, a gate or a field choice plays at once: no preview', () => {
    let s = midGame();
    const seat = s.current;
    s = ok(s, seat, farm.legalActions(s, seat).find((a) => a.type === 'place')!).state;
    if (s.stage.kind === 'claim' && s.current === seat) expect(farm.preview!(s, seat, { type: 'pass' })).toBeNull();
    expect(farm.preview!(s, seat, { type: 'fox', region: 0 })).toBeNull();
    expect(farm.preview!(s, seat, { type: 'swap', tile: 'A01' })).toBeNull();
  });

  it('S4 S6 a Flood move or a Rainy turn is previewed with the tile where it would lie', () => {
    const s = midGame({ seasons: true });
    const flood: FarmState = { ...s, seasons: { ...s.seasons!, up: 'flood', skip: [] } };
    const lift = farm.legalActions(flood, flood.current).find((a) => a.type === 'lift');
    expect(lift).toBeDefined();
    if (lift?.type !== 'lift') return;
    const pv = farm.preview!(flood, flood.current, lift)!.view as MapPictureView;
    const shown = pv.farm.tiles[lift.from]!;
    expect([shown.x, shown.y, pv.farm.last]).toEqual([lift.x, lift.y, lift.from]);
    expect(pv.farm.tiles).toHaveLength(s.placed.length);
    expect(flood.placed[lift.from]).toEqual(s.placed[lift.from]);
  });
});
