// Kill the bot at random moments of play (computer turns, pending choices, lobbies, starts and
// ends of games), start it again on the same database, and check after every start that no
// game is left half-done: see crash-driver.ts. `npm run bench` SIGKILLs many more times.
import { describe, expect, it } from 'vitest';
import { killWhileAPostWaits, runCrashes } from './crash-driver.ts';

describe('a killed bot resumes every game', () => {
  it('after 50 kills at random moments, every game shows its prompt with its buttons, computers have played, timers match the state', async () => {
    const r = await runCrashes({ mode: 'freeze', kills: 50, channels: 3, maxPlayMs: 1200 });
    expect(r.kills).toBe(50);
    // The kills landed while games were moving, and some of them left something to repair.
    expect(r.actions).toBeGreaterThan(50);
    expect(r.repairs).toBeGreaterThan(5);
    expect(r.checked.running).toBeGreaterThan(50);
  }, 240_000);

  it('a turn whose post waits out a rate limit when the bot is killed is posted once, by the new bot, and stays the latest post', async () => {
    const r = await killWhileAPostWaits(3000);
    expect(r.postsLater).toBe(r.postsAtRestart);
  }, 60_000);

  it('after real SIGKILLs of a bot process, the same holds', async () => {
    const r = await runCrashes({ mode: 'sigkill', kills: 3, channels: 3, minPlayMs: 800, maxPlayMs: 2500 });
    expect(r.kills).toBe(3);
    expect(r.checked.running + r.checked.lobbies).toBeGreaterThan(0);
  }, 240_000);
});
