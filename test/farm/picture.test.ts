// The farm picture on a phone: Discord shows an image about 390 CSS px wide there, so the turn's
// picture is measured at that width on its real layout — animals, henhouses, fences, the score
// panel — and the whole map (`/farm map`) keeps cells large enough to read once opened.
// Checked by eye too: a 50-tile, 4-player game with every option, drawn and scaled to 390 px.
import { beforeAll, describe, expect, it } from 'vitest';
import drawings, { mapLayout } from '../../src/games/farm/draw/index.ts';
import { play, simpleChoice } from '../../src/games/farm/engine.ts';
import { farm } from '../../src/games/farm/index.ts';
import type { MapPictureView } from '../../src/games/farm/pictures.ts';
import { turnPicture, wholeMap } from '../../src/games/farm/posts.ts';
import type { FarmState } from '../../src/games/farm/state.ts';
import type { Action } from '../../src/games/farm/actions.ts';
import { newGame } from './helpers.ts';

/** The width, in CSS px, at which a phone shows an image in the channel. */
const PHONE = 390;

let s: FarmState;

beforeAll(() => {
  s = newGame(4, { males: true, chickens: true, market: true, gates: true, bales: true, seasons: true }, 'phone-picture');
  while (!s.outcome && (s.placed.length < 50 || s.stage.kind !== 'place' || s.pending.length > 0)) {
    const seat = farm.activeSeats(s)[0]!;
    const r = play(s, seat, simpleChoice(s, seat));
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
});

describe('the farm picture on a phone', () => {
  it('the turn picture of a 50-tile map shows the cells around the move: animals, henhouses, fences and scores stay readable at 390 CSS px', () => {
    expect(s.placed.length).toBeGreaterThanOrEqual(50);
    const pv = turnPicture(s).view as MapPictureView;
    const layout = mapLayout(pv);
    expect(pv.window).not.toBeNull();
    const last = pv.farm.tiles[pv.farm.last!]!;
    expect(last.x).toBeGreaterThanOrEqual(pv.window!.x0);
    expect(last.x).toBeLessThanOrEqual(pv.window!.x1);
    expect(last.y).toBeGreaterThanOrEqual(pv.window!.y0);
    expect(last.y).toBeLessThanOrEqual(pv.window!.y1);
    // The drawing is the layout measured.
    const canvas = drawings.map!(pv);
    expect([canvas.width, canvas.height]).toEqual([layout.width, layout.height]);
    const css = PHONE / layout.width;
    expect(layout.sizes.animal * css, 'an animal disc, across').toBeGreaterThanOrEqual(12);
    expect(layout.sizes.letter * css, "an animal's letter").toBeGreaterThanOrEqual(8);
    expect(layout.sizes.henhouse * css, 'a henhouse, across').toBeGreaterThanOrEqual(13);
    expect(layout.sizes.fence * css, 'a fence, thick').toBeGreaterThanOrEqual(3);
    expect(layout.sizes.text * css, 'the score panel text').toBeGreaterThanOrEqual(11);
    expect(layout.sizes.coordinates * css, 'the column and row numbers').toBeGreaterThanOrEqual(10);
    // A phone screen is taller than wide, not a strip: the picture stays under 2 screens high.
    expect(layout.height * css).toBeLessThan(2 * 700);
  });

  it('the panel under the map names the scores, the market card and the season in force', () => {
    const pv = turnPicture(s).view as MapPictureView;
    const text = mapLayout(pv).lines.map((l) => l.text).join('\n');
    for (const [i, name] of s.seats.map((x) => x.name).entries()) expect(text).toContain(`${name}${s.current === i ? ' (to play)' : ''}: ${s.scores[i]} pt${s.scores[i] === 1 ? '' : 's'}`);
    expect(text).toMatch(/^Market: /m);
    expect(text).toMatch(/^Season: (Autumn|Drought|Flood|Harvest|Rainy|Spring|Summer|Tornado|Winter)/m);
  });

  it('/farm map draws every tile, with cells of at least 100 px so that it reads when opened full size', () => {
    const pv = wholeMap(s).view as MapPictureView;
    expect(pv.window).toBeNull();
    const layout = mapLayout(pv);
    for (const t of pv.farm.tiles) {
      expect(t.x).toBeGreaterThan(layout.window.x0 - 1);
      expect(t.x).toBeLessThan(layout.window.x1 + 1);
    }
    expect(layout.cell).toBeGreaterThanOrEqual(100);
    expect(layout.width).toBeLessThanOrEqual(2400);
  });

  it('a preview is marked as one across the top, and the turn picture is not', () => {
    const seat = s.current;
    const place = farm.legalActions(s, seat).find((a): a is Extract<Action, { type: 'place' }> => a.type === 'place')!;
    const preview = farm.preview!(s, seat, place)!.view as MapPictureView;
    expect(preview.preview).toMatch(new RegExp(`^Preview, not played yet: ${place.tile} at ${place.x},${place.y}`));
    expect(mapLayout(preview).banner).toBeGreaterThan(0);
    expect(mapLayout(turnPicture(s).view as MapPictureView).banner).toBe(0);
  });
});
