import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config.ts';
import { commandDefinitions } from '../../commands/index.ts';
import { buttonId, parseButtonId } from '../../src/discord/ids.ts';
import { createLogger } from '../../src/discord/log.ts';

const good = { DISCORD_TOKEN: 'MTIzNDU2Nzg5MDEyMzQ1Njc4.abcdef.ghijklmnopqrstuvwxyz012345', DISCORD_APPLICATION_ID: '123456789012345678' };

describe('configuration', () => {
  it('accepts a valid environment with defaults', () => {
    const c = parseConfig(good);
    expect(c.DATABASE_URL).toBe('file:data/fence.db');
    expect(c.DEV_GUILD_ID).toBeUndefined();
    expect(c.TIMER_POLL_MS).toBe(5000);
    expect(parseConfig({ ...good, DATABASE_URL: 'postgresql://fence:secret@db:5432/fence' }).DATABASE_URL).toBe('postgresql://fence:secret@db:5432/fence');
  });

  it('names every missing or malformed variable, without echoing the token', () => {
    let err: unknown;
    try {
      parseConfig({ DISCORD_TOKEN: 'Bot abc', DISCORD_APPLICATION_ID: 'my-app', DEV_GUILD_ID: '12', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as ConfigError).message;
    expect((err as ConfigError).problems.length).toBeGreaterThanOrEqual(5);
    expect(msg).toMatch(/DISCORD_TOKEN/);
    expect(msg).toMatch(/DISCORD_APPLICATION_ID must be a Discord id/);
    expect(msg).toMatch(/DEV_GUILD_ID must be a Discord server id/);
    expect(msg).toMatch(/DATABASE_URL must be a SQLite file URL .* or a PostgreSQL URL/);
    expect(msg).toMatch(/LOG_LEVEL must be one of/);
    expect(() => parseConfig({})).toThrow(/DISCORD_TOKEN is missing[\s\S]*DISCORD_APPLICATION_ID is missing/);
  });
});

describe('start-up with an unusable configuration', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  // DISCORD_TOKEN set but blank: dotenv then leaves it alone even if a developer's .env has one.
  const env = { ...process.env, DISCORD_TOKEN: '', DISCORD_APPLICATION_ID: 'not-a-number', SHARDS: 'many' };
  for (const script of ['src/main.ts', 'src/shard.ts']) {
    it(`${script} says what is wrong with the configuration and exits with code 1`, () => {
      const run = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("The bot's configuration is not usable");
      expect(run.stderr).toMatch(/DISCORD_TOKEN/);
      expect(run.stderr).toMatch(/DISCORD_APPLICATION_ID/);
      expect(run.stderr).toContain("SHARDS must be 'auto' or a whole number");
    });
  }
});

describe('commands, button ids and logs', () => {
  it('defines one /fence command with every subcommand, guild-only', () => {
    const [fence] = commandDefinitions();
    expect(fence?.name).toBe('fence');
    expect(fence?.contexts).toEqual([0]);
    expect(fence?.options?.map((o) => o.name).sort()).toEqual(
      ['abort', 'addbot', 'boat', 'choose', 'cops', 'hand', 'help', 'history', 'hunch', 'kick', 'map', 'move', 'new', 'pick', 'place', 'push', 'resign', 'rules', 'settings', 'start', 'status', 'swap', 'trade', 'undo'].sort(),
    );
  });

  it('round-trips button ids and rejects foreign ones', () => {
    const id = buttonId({ verb: 'pick', gameId: 12, version: 40, value: '4-2#2/0' });
    expect(parseButtonId(id)).toEqual({ verb: 'pick', gameId: 12, version: 40, value: '4-2#2/0' });
    expect(parseButtonId('join')).toBeNull();
    expect(parseButtonId('f:explode:1')).toBeNull();
  });

  it('writes JSON lines and redacts anything shaped like a token', () => {
    const lines: string[] = [];
    createLogger({ sink: (l) => lines.push(l) }).info('x', { detail: `token ${good.DISCORD_TOKEN}` });
    expect(JSON.parse(lines[0]!).detail).toBe('token [redacted]');
  });
});

describe('durations in words', () => {
  it('says hours and minutes as players read them, never "1440 min" or "0 min"', async () => {
    const { durationText, limitText } = await import('../../src/discord/handlers/settings.ts');
    expect(durationText(24 * 3600)).toBe('24 hours');
    expect(durationText(3600)).toBe('1 hour');
    expect(durationText(5400)).toBe('1 hour 30 minutes');
    expect(durationText(60)).toBe('1 minute');
    expect(durationText(300)).toBe('5 minutes');
    expect(durationText(10)).toBe('a few seconds');
    expect(durationText(7 * 86400)).toBe('7 days');
    expect(limitText(24 * 3600)).toBe('24 hours per turn');
    expect(limitText(2 * 3600)).toBe('2 hours per turn');
  });
});
