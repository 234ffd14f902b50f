// The sandbox (`npm run sandbox`) with the real bot behind its web API: what the page does
// when someone opens a lobby and joins it. (sandbox.browser.test.ts drives the page itself in Chromium.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../discord-double/sandbox/server.ts';
import { startBot } from '../../src/main.ts';
import { createLogger } from '../../src/discord/log.ts';
import { textOf } from './harness.ts';

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
