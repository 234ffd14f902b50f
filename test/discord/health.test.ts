import { describe, expect, it } from 'vitest';
import { LoopDelay } from '../../src/discord/health.ts';

const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) { /* the loop is held */ }
};
const ticks = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('event-loop delay on the health line', () => {
  it('reads a loop held for 80 ms as a delay of about that much', async () => {
    const loop = new LoopDelay(10);
    await ticks(30);
    block(80);
    await ticks(30);
    // Load can only add to the delay: a lower bound is all that can be asserted.
    expect(loop.percentileMs(100)).toBeGreaterThanOrEqual(70);
    loop.stop();
  });

  it('does not count the monitor\'s own period as delay', async () => {
    // A 200 ms period: were the period counted, every reading would be ≥ 190 ms.
    const loop = new LoopDelay(200);
    await ticks(700);
    expect(loop.percentileMs(1)).toBeLessThan(190);
    loop.stop();
  });
});
