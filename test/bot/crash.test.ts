// Kill the bot at random moments of play (computer turns, pending choices, lobbies, starts and
// ends of games), start it again on the same database, and check after every start that no
// game is left half-done: see crash-driver.ts. `npm run bench -- crash` kills many more times
// (60 SIGKILLs and 300 in-process kills): the suite's share proves the checks, the bench hunts rare windows.
// Nothing here depends on the machine's speed: each life of the bot plays until it has answered
// a few requests, a freeze lands at a random one of the bot's next database calls, and the
// timeouts are hang guards (a machine at load average 15 runs these several times slower).
import { describe, expect, it } from 'vitest';
import { killWhileAPostWaits, runCrashes } from './crash-driver.ts';

describe('a killed bot resumes every game', () => {
  it('after 25 kills at random moments, every game shows its prompt with its buttons, computers have played, timers match the state', async () => {
    const r = await runCrashes({ mode: 'freeze', kills: 25, channels: 3 });
    expect(r.kills).toBe(25);
    // The kills landed while games were moving, and some of them left something to repair.
    expect(r.actions).toBeGreaterThan(25);
    expect(r.repairs).toBeGreaterThan(5);
    expect(r.checked.running).toBeGreaterThan(25);
  }, 900_000);

  it('a turn whose post waits out a rate limit when the bot is killed is posted once, by the new bot, and stays the latest post', async () => {
    const r = await killWhileAPostWaits(3000);
    expect(r.postsLater).toBe(r.postsAtRestart);
  }, 300_000);

  it('after real SIGKILLs of a bot process, the same holds', async () => {
    const r = await runCrashes({ mode: 'sigkill', kills: 2, channels: 3 });
    expect(r.kills).toBe(2);
    expect(r.checked.running + r.checked.lobbies).toBeGreaterThan(0);
  }, 600_000);
});
