// Pictures drawn while a player decides serve the later post that shows the same picture: with
// that post's own alt text, once, and never in place of a picture that differs.
import { afterAll, expect, it } from 'vitest';
import { PicturesAhead } from '../../src/discord/posts.ts';
import { applyRequest } from '../../src/platform/requests.ts';
import { closeRenderer } from '../../src/render/index.ts';
import { raceMove, type RaceState } from '../games/race/helpers.ts';
import { race } from '../games/race/index.ts';

afterAll(() => closeRenderer());

const seats = ['Ann', 'Bob', 'Cara'].map((name) => ({ name, computer: true }));
const start = race.setup({ seats, seed: 'ahead', options: { goal: 30, fast: false } }).state;
/** The race `steps` picks on. */
function played(s: RaceState, steps: number): RaceState {
  for (let k = 0; k < steps; k++) {
    const { seat, action } = raceMove(s);
    const r = applyRequest(race, s, seat, action);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return s;
}
const earlier = played(start, 6);
const later = played(earlier, 3);

it('a picture drawn ahead is handed to the post that shows the same picture, with that post\'s alt text, once', async () => {
  const ahead = new PicturesAhead();
  const drawn = race.board(earlier);
  ahead.draw(race, 1, [drawn]);
  const same = { ...race.board(earlier), alt: 'the words of the later post' };
  const taken = ahead.take(race, 1, same);
  expect(taken).not.toBeNull();
  const picture = await taken!;
  expect(picture.alt).toBe('the words of the later post');
  expect(picture.png.length).toBeGreaterThan(1000);
  // Handed over once: a second post draws its own.
  expect(ahead.take(race, 1, same)).toBeNull();
}, 30_000);

it('a different picture, or the same picture of another game, is not served from what was drawn ahead', () => {
  const ahead = new PicturesAhead();
  ahead.draw(race, 1, [race.board(earlier)]);
  expect(ahead.take(race, 1, race.board(later))).toBeNull();
  expect(ahead.take(race, 2, race.board(earlier))).toBeNull();
  expect(ahead.take(race, 1, race.board(earlier))).not.toBeNull();
}, 30_000);

it('keeps at most KEPT pictures, dropping the oldest first', () => {
  const ahead = new PicturesAhead();
  let s = start;
  const pictures = [];
  for (let k = 0; k <= PicturesAhead.KEPT; k++) {
    s = played(s, 1);
    pictures.push(race.board(s));
  }
  for (const [k, p] of pictures.entries()) ahead.draw(race, 100 + (k % 3), [p]);
  expect(ahead.take(race, 100, pictures[0]!)).toBeNull();
  expect(ahead.take(race, 100 + (PicturesAhead.KEPT % 3), pictures[PicturesAhead.KEPT]!)).not.toBeNull();
}, 60_000);
