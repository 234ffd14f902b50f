// When the bot cannot connect, start-up says what to check: the token, or the network.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot } from '../../src/main.ts';
import { createLogger } from '../../src/discord/log.ts';
import { startupProblem } from '../../src/discord/startup.ts';
import { DiscordDouble } from '../discord-double/index.ts';

let double: DiscordDouble;
let dir: string;

beforeAll(async () => {
  double = await DiscordDouble.start();
  dir = mkdtempSync(join(tmpdir(), 'fence-startup-'));
});
afterAll(async () => {
  await double?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function problemStarting(apiUrl: string, token: string): Promise<string> {
  try {
    const running = await startBot({ discordApiUrl: apiUrl, token, databaseUrl: `file:${join(dir, 'fence.db')}`, logger: createLogger({ sink: () => undefined }) });
    await running.stop();
  } catch (err) {
    return startupProblem(err);
  }
  throw new Error('the bot started');
}

describe('start-up problems', () => {
  it('a token Discord refuses: says to check DISCORD_TOKEN, and never shows the token', async () => {
    const token = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.wrong.tokenxxxxxxxxxxxxxxxxxxxxxxxx';
    const problem = await problemStarting(double.apiUrl, token);
    expect(problem).toMatch(/^Discord refused the bot token\. Check DISCORD_TOKEN in \.env/);
    expect(problem).not.toContain(token);
  });

  it('Discord out of reach: names the network error and says to check the network and DNS', async () => {
    const server = createServer();
    const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
    await new Promise((resolve) => server.close(resolve));
    const problem = await problemStarting(`http://127.0.0.1:${port}/api`, double.token);
    expect(problem).toMatch(/^Discord could not be reached \(ECONNREFUSED 127\.0\.0\.1\)\. Check this machine's network connection and DNS/);
  });

  it('a name that does not resolve reads the same way as any unreachable Discord', () => {
    const dns = Object.assign(new Error('getaddrinfo ENOTFOUND discord.com'), { code: 'ENOTFOUND', hostname: 'discord.com' });
    expect(startupProblem(new TypeError('fetch failed', { cause: dns }))).toMatch(/^Discord could not be reached \(ENOTFOUND discord\.com\)/);
  });
});
