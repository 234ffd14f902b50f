// What every game's channel does, through the local Discord double with the real discord.js
// client and the real bot, on the race: a command from a DM refused privately, a channel where
// the bot lacks a permission explained, a game opened in a thread of its own and aborted by
// its admin. FENCE! played to its end in a channel: test/fence/game-bot.test.ts.
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGame } from '../../src/games/registry.ts';
import type { User } from '../discord-double/index.ts';
import { race } from '../games/race/index.ts';
import { Harness, textOf } from './harness.ts';

let h: Harness;
let ana: User, bo: User;

beforeAll(async () => {
  registerGame(race);
  h = await Harness.start();
  ({ ana, bo } = h.users as Record<'ana' | 'bo', User>);
});
afterAll(async () => {
  await h?.stop();
});

describe('a game in a channel', () => {
  it('refuses /race in a DM with its own private answer', async () => {
    const dm = h.double.createDM(bo);
    // /race is registered for servers only (contexts: Guild), so Discord does not offer it in DMs…
    await expect(h.double.runCommand(bo, dm, 'race', { subcommand: 'step', options: { step: 'step1' } })).rejects.toThrow(/not offered in DMs/);
    // …but a registration from before that (no contexts) still lets a DM through to the bot.
    const global = h.double.commandStore.get('') ?? [];
    const at = global.findIndex((c) => c.name === 'race');
    const registered = global[at]!;
    global[at] = { ...registered, contexts: null };
    try {
      const move = await h.command(bo, 'race', 'step', { step: 'step1' }, dm);
      expect(move.ephemeral).toBe(true);
      expect(move.recipientId).toBe(bo.id);
      expect(textOf(move)).toBe('Race is played in a server channel, not in direct messages: run `/race new` in a channel of your server.');
      const ac = await h.double.autocomplete(bo, dm, 'race', 'step', '', { subcommand: 'step' });
      expect(ac.map((c) => c.name)).toEqual(['Play Race in a server channel.']);
      expect(h.double.messages(dm)).toEqual([]);
      expect(h.logs.some((l) => l.includes('"outcome":"refused:DM"'))).toBe(true);
    } finally {
      global[at] = registered;
    }
    h.double.expectNoViolations();
  });

  it('explains missing channel permissions instead of failing silently', async () => {
    const locked = h.double.createChannel(h.guild, 'no-files');
    h.double.setBotPermissions(locked, { deny: PermissionFlagsBits.AttachFiles });
    const r = await h.command(ana, 'race', 'new', {}, locked);
    expect(r.ephemeral).toBe(true);
    expect(textOf(r)).toMatch(/missing the \*\*Attach Files\*\* permission/);
    expect(h.double.messages(locked)).toEqual([]);
  });

  it('opens a game in a new thread, and an admin aborts it after confirming', async () => {
    const ack = await h.command(ana, 'race', 'new', { thread: true, computers: 1 });
    expect(textOf(ack)).toMatch(/Game #\d+ is open in <#\d+>/);
    const thread = h.double.findChannel('Race with Ana')!;
    expect(thread.parentId).toBe(h.channel.id);
    // Discord announces the new thread in its parent channel.
    expect(h.double.messages(h.channel).some((m) => m.threadId === thread.id && textOf(m) === thread.name)).toBe(true);
    const lobby = await h.double.waitForMessage(thread, (m) => textOf(m).includes('Computer 1 (computer)'));
    expect(lobby.components.length).toBe(1);
    const confirm = await h.command(ana, 'race', 'abort', {}, thread);
    expect(confirm.ephemeral).toBe(true);
    await (await h.double.clickButton(ana, confirm, 'Abort the game')).acknowledged();
    await h.double.waitFor(() => (textOf(h.double.log.get(confirm.id)).includes('is aborted') ? true : undefined), 5000, 'the abort');
    expect(await h.store.loadActiveGame(thread.id)).toBeNull();
    // The lobby says so and loses its buttons.
    expect(textOf(h.double.log.get(lobby.id))).toMatch(/Aborted by Ana/);
    expect(h.choicesOn(h.double.log.get(lobby.id))).toEqual([]);
  });
});
