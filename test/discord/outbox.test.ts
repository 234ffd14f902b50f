// The outbox remembers, per game, what its channel will show once queued posts are out. A
// process that posts to game after game for months must not keep every game it ever posted to.
import { expect, it } from 'vitest';
import { Recent } from '../../src/discord/outbox.ts';

it('forgets a game some minutes after its last post, and never sooner', () => {
  let now = 0;
  const recent = new Recent<number>(() => now);
  for (let game = 1; game <= 1000; game++) recent.set(game, game);
  now += Recent.FORGET_MS - 1;
  recent.set(1, 7); // game 1 posts again
  expect(recent.get(500)).toBe(500);
  now += 2;
  recent.set(2000, 1);
  // Past one period, the others are still remembered (they were written less than two periods ago).
  expect(recent.get(500)).toBe(500);
  expect(recent.get(1)).toBe(7);
  now += Recent.FORGET_MS;
  recent.set(2001, 1);
  // Two periods after their last post they are gone; the games posted to since stay.
  expect(recent.get(500)).toBeUndefined();
  expect(recent.get(2000)).toBe(1);
  expect(recent.size).toBeLessThanOrEqual(3);
});
