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

  it('takes the shards a host runs (SHARDS) out of the bot\'s total (SHARD_COUNT)', () => {
    expect([parseConfig(good).SHARDS, parseConfig(good).SHARD_COUNT]).toEqual([undefined, undefined]);
    expect(parseConfig({ ...good, SHARDS: '0-3', SHARD_COUNT: '8' })).toMatchObject({ SHARDS: [0, 1, 2, 3], SHARD_COUNT: 8 });
    expect(parseConfig({ ...good, SHARDS: ' 6, 0-1,4-5 ', SHARD_COUNT: '8' })).toMatchObject({ SHARDS: [0, 1, 4, 5, 6], SHARD_COUNT: 8 });
    const auto = parseConfig({ ...good, SHARD_COUNT: 'auto' });
    expect([auto.SHARDS, auto.SHARD_COUNT]).toEqual([undefined, 'auto']);
    const all = parseConfig({ ...good, SHARDS: '', SHARD_COUNT: '2' });
    expect([all.SHARDS, all.SHARD_COUNT]).toEqual([undefined, 2]);
    // What discord.js's ShardingManager gives each shard process (its shard, the total): shard 0 too.
    expect(parseConfig({ ...good, SHARDS: '0', SHARD_COUNT: '2' })).toMatchObject({ SHARDS: [0], SHARD_COUNT: 2 });
  });

  it('says what is wrong with a host\'s shards, and what would do', () => {
    const problems = (env: Record<string, string>) => {
      try {
        parseConfig({ ...good, ...env });
      } catch (err) {
        return (err as ConfigError).problems.join('\n');
      }
      return '';
    };
    expect(problems({ SHARDS: '0-3' })).toMatch(/SHARDS names the shards this host runs, so SHARD_COUNT must say how many the bot runs on all hosts together/);
    expect(problems({ SHARDS: '0-3', SHARD_COUNT: 'auto' })).toMatch(/SHARD_COUNT must say how many the bot runs on all hosts together \(a number, not auto\)/);
    // What SHARDS meant before hosts: a count.
    expect(problems({ SHARDS: '2' })).toMatch(/to run 2 shards on this host alone, set SHARD_COUNT=2 and leave SHARDS empty/);
    expect(problems({ SHARDS: 'auto' })).toMatch(/how many shards the bot runs is SHARD_COUNT \(SHARD_COUNT=auto\)/);
    expect(problems({ SHARDS: '4-11', SHARD_COUNT: '8' })).toMatch(/SHARDS names shard 8, 9, 10, 11, but with SHARD_COUNT=8 the shards are numbered 0 to 7/);
    for (const bad of ['3-1', 'one', '0-', '1.5', '0;1', '-2', '0-5000']) expect(problems({ SHARDS: bad, SHARD_COUNT: '8' })).toMatch(/SHARDS must be the shard ids this host runs, such as 0-3 or 0,2,4-5/);
    expect(problems({ SHARD_COUNT: '0' })).toMatch(/SHARD_COUNT must be 'auto' or a whole number of shards from 1 to 4096/);
    expect(problems({ DISCORD_API_URL: 'discord.com/api' })).toMatch(/DISCORD_API_URL must be an http\(s\) URL/);
    expect(parseConfig({ ...good, DISCORD_API_URL: 'http://127.0.0.1:8080/api' }).DISCORD_API_URL).toBe('http://127.0.0.1:8080/api');
  });
});

describe('start-up with an unusable configuration', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  // DISCORD_TOKEN set but blank: dotenv then leaves it alone even if a developer's .env has one.
  const env = { ...process.env, DISCORD_TOKEN: '', DISCORD_APPLICATION_ID: 'not-a-number', SHARDS: 'many', SHARD_COUNT: '2' };
  for (const script of ['src/main.ts', 'src/shard.ts']) {
    it(`${script} says what is wrong with the configuration and exits with code 1`, () => {
      const run = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("The bot's configuration is not usable");
      expect(run.stderr).toMatch(/DISCORD_TOKEN/);
      expect(run.stderr).toMatch(/DISCORD_APPLICATION_ID/);
      expect(run.stderr).toContain('SHARDS must be the shard ids this host runs');
    });
  }
});

describe('commands, button ids and logs', () => {
  it('defines one /fence command with every subcommand, guild-only', () => {
    const [fence] = commandDefinitions();
    expect(fence?.name).toBe('fence');
    expect(fence?.contexts).toEqual([0]);
    expect(fence?.options?.map((o) => o.name).sort()).toEqual(
      ['abort', 'addbot', 'boat', 'cops', 'hand', 'help', 'history', 'hunch', 'kick', 'map', 'move', 'new', 'pause', 'pick', 'place', 'push', 'resign', 'rules', 'settings', 'start', 'status', 'swap', 'trade', 'undo'].sort(),
    );
  });

  it('keeps every command within Discord\'s limits (25 subcommands, 25 options each, 4,000 characters); the owed choice is /games choose, for any game', () => {
    type Named = { name: string; description?: string; value?: unknown; options?: readonly Named[]; choices?: readonly Named[] };
    // What Discord counts against a command: names, descriptions and choice values, all the way down.
    const chars = (o: Named): number => o.name.length + (o.description?.length ?? 0) + (typeof o.value === 'string' ? o.value.length : 0)
      + [...(o.options ?? []), ...(o.choices ?? [])].reduce((n, x) => n + chars(x), 0);
    const all = commandDefinitions() as Named[];
    for (const c of all) {
      expect(c.options?.length ?? 0, `/${c.name}`).toBeLessThanOrEqual(25);
      for (const sub of c.options ?? []) expect(sub.options?.length ?? 0, `/${c.name} ${sub.name}`).toBeLessThanOrEqual(25);
      expect(chars(c), `/${c.name}`).toBeLessThanOrEqual(4000);
    }
    expect(all.find((c) => c.name === 'games')?.options?.map((o) => o.name)).toContain('choose');
    expect(all.filter((c) => c.name !== 'games').flatMap((c) => c.options ?? []).map((o) => o.name)).not.toContain('choose');
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
