// Pictures drawn while a player decides serve the later post that shows the same picture: with
// that post's own alt text, once, and never in place of a picture that differs.
import { afterAll, expect, it } from 'vitest';
import { setup, playComputers, view } from '../../src/games/fence/index.ts';
import { mapPicture } from '../../src/games/fence/pictures.ts';
import { gameById } from '../../src/games/registry.ts';
import { PicturesAhead } from '../../src/discord/posts.ts';
import { closeRenderer } from '../../src/render/index.ts';

afterAll(() => closeRenderer());

const fence = gameById('fence')!;
const seats = ['Ann', 'Bob', 'Cara'].map((name) => ({ name, computer: true }));
const start = setup({ seats, seed: 'ahead', options: { autoBuild: true } }).state;
const earlier = playComputers(start, { steps: 20 }).state;
const later = playComputers(earlier, { steps: 3 }).state;

it('a picture drawn ahead is handed to the post that shows the same picture, with that post\'s alt text, once', async () => {
  const ahead = new PicturesAhead();
  const drawn = mapPicture(view(earlier, 'channel'));
  ahead.draw(fence, 1, [drawn]);
  const same = { ...mapPicture(view(earlier, 'channel')), alt: 'the words of the later post' };
  const taken = ahead.take(fence, 1, same);
  expect(taken).not.toBeNull();
  const picture = await taken!;
  expect(picture.alt).toBe('the words of the later post');
  expect(picture.png.length).toBeGreaterThan(1000);
  // Handed over once: a second post draws its own.
  expect(ahead.take(fence, 1, same)).toBeNull();
}, 30_000);

it('a different picture, or the same picture of another game, is not served from what was drawn ahead', () => {
  const ahead = new PicturesAhead();
  ahead.draw(fence, 1, [mapPicture(view(earlier, 'channel'))]);
  expect(ahead.take(fence, 1, mapPicture(view(later, 'channel')))).toBeNull();
  expect(ahead.take(fence, 2, mapPicture(view(earlier, 'channel')))).toBeNull();
  expect(ahead.take(fence, 1, mapPicture(view(earlier, 'channel')))).not.toBeNull();
}, 30_000);

it('keeps at most KEPT pictures, dropping the oldest first', () => {
  const ahead = new PicturesAhead();
  let s = start;
  const pictures = [];
  for (let k = 0; k <= PicturesAhead.KEPT; k++) {
    s = playComputers(s, { steps: 1 }).state;
    pictures.push(mapPicture(view(s, 'channel')));
  }
  for (const [k, p] of pictures.entries()) ahead.draw(fence, 100 + (k % 3), [p]);
  expect(ahead.take(fence, 100, pictures[0]!)).toBeNull();
  expect(ahead.take(fence, 100 + (PicturesAhead.KEPT % 3), pictures[PicturesAhead.KEPT]!)).not.toBeNull();
}, 60_000);
