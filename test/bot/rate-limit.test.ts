// With a per-channel limit on new messages in play, moves against computer players queue
// posts faster than they may go out. Every press in that channel meanwhile — moves, choices,
// Join, Show my hand, status, resign and abort with their Cancel, Undo and Rematch — must still
// be acknowledged within Discord's 3 seconds, and every post must still go out, in order.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerGame } from '../../src/games/registry.ts';
import { buttonId, choiceId } from '../../src/discord/ids.ts';
import type { InteractionHandle, User } from '../discord-double/index.ts';
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

it('acknowledges every press within 3 s while rate-limited computer turns are being posted', async () => {
  const channel = h.double.createChannel(h.guild, 'busy');
  // The race posts once a round: a limit tighter than Discord's (5 per 5 s) keeps its posts queued.
  h.double.setChannelRateLimit({ messages: 2, perMs: 5000 });
  await h.command(ana, 'race', 'new', { computers: 2, goal: 30, 'turn-limit': 0 }, channel);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  const presses: InteractionHandle[] = [await h.double.clickButton(ana, lobby, 'Start')];
  const handPost = await h.double.waitForMessage(channel, (m) => h.double.buttons(m).some((b) => 'label' in b && b.label === 'Show my hand'), 30_000);
  // Pressed again later from a client that still shows it (newer posts take the buttons over).
  const handId = buttonId({ verb: 'hand', gameId: (await h.store.loadActiveGame(channel.id))!.record.id });

  for (let n = 0; n < 5; n++) {
    // The game is saved before its posts go out: Ana's turn comes while they are still queued.
    const game = await waitForTurn(channel.id, ana.id);
    const seat = race.activeSeats(game.state)[0]!;
    const action = { type: 'step' as const, n: 1 + (n % 3) };
    // By the command, and every other round by the button on the round's post (once it is out).
    if (n % 2 === 0) {
      presses.push(await h.double.runCommand(ana, channel, 'race', { subcommand: 'step', options: { step: race.encode(action) } }));
    } else {
      const id = choiceId(game.record.id, game.record.version, [seat], race.encode(action));
      const post = await h.double.waitFor(() => h.double.messages(channel).find((m) => h.double.buttons(m).some((b) => 'custom_id' in b && b.custom_id === id)), 60_000, 'the choice');
      presses.push(await h.double.clickButton(ana, post, id));
    }
    // Others in the channel meanwhile (Join from a client that still shows the lobby's buttons).
    presses.push(await h.double.forgeComponent(bo, channel, buttonId({ verb: 'join', gameId: game.record.id }), lobby));
    presses.push(await h.double.forgeComponent(bo, channel, handId, handPost));
    // Undo (of a version the game has left) and Rematch (of a game still running): refused, but acknowledged first like any press.
    presses.push(await h.double.forgeComponent(ana, channel, buttonId({ verb: 'undo', gameId: game.record.id, version: game.record.version }), handPost));
    presses.push(await h.double.forgeComponent(bo, channel, buttonId({ verb: 'rematch', gameId: game.record.id }), handPost));
    presses.push(await h.double.runCommand(bo, channel, 'race', { subcommand: 'status' }));
    for (const [sub, label] of [['resign', 'Cancel'], ['abort', 'Cancel']] as const) {
      const ask = await h.double.runCommand(ana, channel, 'race', { subcommand: sub });
      presses.push(ask);
      presses.push(await h.double.clickButton(ana, await ask.reply(10_000), label));
    }
  }

  for (const p of presses) await p.acknowledged();
  const waits = presses.map((p) => (p.record.acknowledgedAt ?? Infinity) - p.record.dispatchedAt);
  expect(Math.max(...waits)).toBeLessThan(3000);
  // The limit was in play: the bot was told to wait, and every post still went out, the last one showing the game as it is.
  expect(h.double.requests.filter((r) => r.status === 429 && r.route === 'POST /channels/:channel/messages').length).toBeGreaterThan(0);
  const id = (await h.store.loadActiveGame(channel.id))!.record.id;
  await waitForPosted(id);
  h.double.expectNoViolations();
}, 180_000);

async function waitForTurn(channelId: string, userId: string) {
  for (let n = 0; n < 600; n++) {
    const g = await h.store.loadActiveGame(channelId);
    if (g?.state && g.record.kind === race.id) {
      const seat = race.activeSeats(g.state as Parameters<typeof race.activeSeats>[0])[0];
      if (seat !== undefined && g.seats.find((s) => s.seat === seat)?.userId === userId) return h.gameOf(race, h.double.world.channels.get(channelId)!);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('Ana never got her turn');
}

async function waitForPosted(gameId: number): Promise<void> {
  for (let n = 0; n < 1200; n++) {
    const { record: g } = await h.store.getGame(gameId);
    if (g.postedVersion === g.version) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the posts never caught up with the game');
}
