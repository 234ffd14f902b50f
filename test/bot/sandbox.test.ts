// The sandbox (`npm run sandbox`) with the real bot behind its web API: what the page does
// when someone opens a lobby and joins it. (sandbox.browser.test.ts drives the page itself in Chromium.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sandboxSettings, startSandbox, type Sandbox } from '../discord-double/sandbox/server.ts';
import { startBot } from '../../src/main.ts';
import { createLogger } from '../../src/discord/log.ts';
import { textOf } from './bot-harness.ts';

let sandbox: Sandbox;
const dir = mkdtempSync(join(tmpdir(), 'fence-sandbox-'));

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    databaseUrl: `file:${join(dir, 'sandbox.db')}`,
    startBot: (o) => startBot({ ...o, logger: createLogger({ sink: () => undefined }) }),
  });
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

const api = async (path: string, body?: unknown): Promise<Record<string, unknown>> => {
  const res = await fetch(`${sandbox.url.replace(/\/$/, '')}${path}`, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
  return (await res.json()) as Record<string, unknown>;
};

it('runs the real bot: /fence new from the page opens a lobby that another user joins', async () => {
  const [alice, bob] = sandbox.users;
  const channel = sandbox.channels[0]!;
  expect(await api('/api/command', { user: alice!.id, channel: channel.id, text: '/fence new auto-build:True' })).toEqual({ ok: true });
  const lobby = await sandbox.double.waitForMessage(channel, (m) => !m.ephemeral && textOf(m).includes('is open: join in!'));
  const click = await api('/api/click', { user: bob!.id, channel: channel.id, message: lobby.id, customId: (sandbox.double.buttons(lobby)[0] as { custom_id: string }).custom_id });
  expect(click.error).toBeUndefined();
  await sandbox.double.waitForMessage(channel, (m) => m.id === lobby.id && textOf(m).includes('2. Bob'));
  sandbox.double.expectNoViolations();
});

it('a picked suggestion shows its label in the command box, and a value with spaces needs no quotes', async () => {
  const [alice] = sandbox.users;
  const channel = sandbox.channels[1]!;
  const { suggestions } = (await api('/api/autocomplete', { user: alice!.id, channel: channel.id, text: '/fence new turn-limit:' })) as { suggestions: { label: string; text: string }[] };
  const hour = suggestions.find((s) => s.label === '1 hour')!;
  // The box reads like Discord's: the label, not the value sent (3600).
  expect(hour.text).toBe('/fence new turn-limit:1 hour ');
  expect(await api('/api/command', { user: alice!.id, channel: channel.id, text: `${hour.text}auto-build:True` })).toEqual({ ok: true });
  const lobby = await sandbox.double.waitForMessage(channel, (m) => !m.ephemeral && textOf(m).includes('is open: join in!'));
  expect(textOf(lobby)).toContain('1 hour per turn');
  expect(textOf(lobby)).toContain('the bot builds the map');
});

it('after a restart the page shows the games the bot kept, in their channels (a thread opened again), and they go on; a new database says the sandbox starts empty', async () => {
  const restartDir = mkdtempSync(join(tmpdir(), 'fence-sandbox-restart-'));
  const databaseUrl = `file:${join(restartDir, 'sandbox.db')}`;
  const start = () => startSandbox({ port: 0, databaseUrl, startBot: (o) => startBot({ ...o, logger: createLogger({ sink: () => undefined }) }) });
  const call = async (box: Sandbox, path: string, body?: unknown): Promise<Record<string, unknown>> => {
    const res = await fetch(`${box.url.replace(/\/$/, '')}${path}`, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
    return (await res.json()) as Record<string, unknown>;
  };
  let first: Sandbox | null = await start();
  let second: Sandbox | null = null;
  try {
    const [alice] = first.users;
    const [fence, general] = first.channels;
    const fresh = await call(first, `/api/state?user=${alice!.id}&channel=${fence!.id}`);
    expect(fresh.notice).toMatch(/starts with no games/);
    expect(fresh.kept).toBeNull();
    expect(fresh.empty).toMatch(/\/farm new/);
    // A running Fences game in #fence, a Game of Fences lobby in a thread of #general.
    expect(await call(first, '/api/command', { user: alice!.id, channel: fence!.id, text: '/farm new computers:1' })).toEqual({ ok: true });
    await first.double.waitForMessage(fence!, (m) => !m.ephemeral && textOf(m).includes('Computer 1'));
    expect(await call(first, '/api/command', { user: alice!.id, channel: fence!.id, text: '/farm start' })).toEqual({ ok: true });
    await first.double.waitForMessage(fence!, (m) => !m.ephemeral && /goes first/.test(textOf(m)));
    expect(await call(first, '/api/command', { user: alice!.id, channel: general!.id, text: '/kimbo new thread:True' })).toEqual({ ok: true });
    const thread = await first.double.waitFor(() => [...first!.double.world.channels.values()].find((c) => c.parentId === general!.id), 5000, 'the thread');
    await first.close();
    first = null;

    second = await start();
    const [alice2] = second.users;
    expect(alice2!.id).toBe(alice!.id);
    const state = await call(second, `/api/state?user=${alice2!.id}&channel=${fence!.id}`);
    expect(state.notice).toMatch(/kept 2 games from its last run/);
    expect(state.kept).toMatch(/a Fences game \(#\d+\), still running/);
    expect(state.kept).toMatch(/`\/farm status`/);
    // The thread is back under #general with its lobby, and listed on the page.
    expect(second.double.world.channels.get(thread.id)?.parentId).toBe(general!.id);
    expect((await call(second, `/api/state?user=${alice2!.id}&channel=${thread.id}`)).kept).toMatch(/the lobby of a Game of Fences game/);
    expect(((await call(second, `/api/state?user=${alice2!.id}&channel=${general!.id}`)).channels as { id: string }[]).map((c) => c.id)).toContain(thread.id);
    // The kept game answers in its channel as before the restart.
    expect(await call(second, '/api/command', { user: alice2!.id, channel: fence!.id, text: '/farm status' })).toEqual({ ok: true });
    await second.double.waitForMessage(second.channels[0]!, (m) => /henhouses at home/.test(textOf(m)));
  } finally {
    await first?.close();
    await second?.close();
    rmSync(restartDir, { recursive: true, force: true });
  }
}, 60_000);

it('SANDBOX_PORT and SANDBOX_DATABASE_URL (from the environment or .env) default to 3000 and data/sandbox.db, apart from the bot\'s DATABASE_URL; a wrong value says what is expected', () => {
  expect(sandboxSettings({ DATABASE_URL: 'file:data/fence.db' })).toEqual({ port: 3000, databaseUrl: 'file:./data/sandbox.db' });
  expect(sandboxSettings({ SANDBOX_PORT: '3100', SANDBOX_DATABASE_URL: 'file:/tmp/x.db' })).toEqual({ port: 3100, databaseUrl: 'file:/tmp/x.db' });
  expect(sandboxSettings({ SANDBOX_PORT: '', SANDBOX_DATABASE_URL: '' }).port).toBe(3000);
  expect(() => sandboxSettings({ SANDBOX_PORT: 'eighty' })).toThrow(/SANDBOX_PORT must be a port number/);
  expect(() => sandboxSettings({ SANDBOX_DATABASE_URL: 'data/sandbox.db' })).toThrow(/SANDBOX_DATABASE_URL must be a SQLite file URL/);
});
