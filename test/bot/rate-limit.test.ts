// With Discord's per-channel limit on new messages in play (5 per 5 s), a move that lets three
// computers play queues many posts. Every press in that channel meanwhile — moves, choices,
// Join, Show my hand, status, resign and abort with their Cancel, Undo and Rematch — must still
// be acknowledged within Discord's 3 seconds, and every post must still go out, in order.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { computerAction, whoMustAct } from '../../src/games/fence/index.ts';
import { gameById } from '../../src/games/registry.ts';
import { buttonId, choiceId } from '../../src/discord/ids.ts';
import type { AnyGame } from '../../src/platform/game.ts';
import type { InteractionHandle, User } from '../discord-double/index.ts';
import { midTurn } from '../../src/games/fence/posts.ts';
import { Harness, SUB_OF, textOf } from './harness.ts';

let h: Harness;
let ana: User, bo: User;

beforeAll(async () => {
  h = await Harness.start();
  ({ ana, bo } = h.users as Record<'ana' | 'bo', User>);
});
afterAll(async () => {
  await h?.stop();
});

it('acknowledges every press within 3 s while rate-limited computer turns are being posted', async () => {
  const def = gameById('fence') as AnyGame;
  const channel = h.double.createChannel(h.guild, 'busy');
  h.double.setChannelRateLimit({ messages: 5, perMs: 5000 });
  await h.fence(ana, 'new', { 'auto-build': true, computers: 3, 'turn-limit': 0 }, channel);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  const presses: InteractionHandle[] = [await h.double.clickButton(ana, lobby, 'Start')];
  const handPost = await h.double.waitForMessage(channel, (m) => h.double.buttons(m).some((b) => 'label' in b && b.label === 'Show my hand'), 30_000);
  // Pressed again later from a client that still shows it (newer posts take the buttons over).
  const handId = buttonId({ verb: 'hand', gameId: (await h.store.loadActiveGame(channel.id))!.game.id });

  for (let n = 0; n < 5; n++) {
    // The game is saved before its posts go out: Ana's turn comes while they are still queued.
    const game = await waitForTurn(channel.id, ana.id);
    const seat = whoMustAct(game.state)!;
    const action = computerAction(game.state, seat, 'simple')!;
    const how = SUB_OF[action.type];
    if (how) {
      presses.push(await h.double.runCommand(ana, channel, 'fence', { subcommand: how.sub, options: { [how.option]: def.encode(action) } }));
    } else {
      const id = choiceId(game.game.id, game.game.version, [seat], def.encode(action));
      // The choice is on a turn post, or (in the middle of Ana's turn) on her private answer.
      const post = await h.double.waitFor(() => h.double.log.all().find((m) => m.channelId === channel.id && (!m.ephemeral || m.recipientId === ana.id) && h.double.buttons(m).some((b) => 'custom_id' in b && b.custom_id === id)), 60_000, 'the choice');
      presses.push(await h.double.clickButton(ana, post, id));
    }
    // Others in the channel meanwhile (Join from a client that still shows the lobby's buttons).
    presses.push(await h.double.forgeComponent(bo, channel, buttonId({ verb: 'join', gameId: game.game.id }), lobby));
    presses.push(await h.double.forgeComponent(bo, channel, handId, handPost));
    // Undo (of a version the game has left) and Rematch (of a game still running): refused, but acknowledged first like any press.
    presses.push(await h.double.forgeComponent(ana, channel, buttonId({ verb: 'undo', gameId: game.game.id, version: game.game.version }), handPost));
    presses.push(await h.double.forgeComponent(bo, channel, buttonId({ verb: 'rematch', gameId: game.game.id }), handPost));
    presses.push(await h.double.runCommand(bo, channel, 'fence', { subcommand: 'status' }));
    for (const [sub, label] of [['resign', 'Cancel'], ['abort', 'Cancel']] as const) {
      const ask = await h.double.runCommand(ana, channel, 'fence', { subcommand: sub });
      presses.push(ask);
      presses.push(await h.double.clickButton(ana, await ask.reply(10_000), label));
    }
  }

  for (const p of presses) await p.acknowledged();
  const waits = presses.map((p) => (p.record.acknowledgedAt ?? Infinity) - p.record.dispatchedAt);
  expect(Math.max(...waits)).toBeLessThan(3000);
  // The limit was in play: the bot was told to wait, and every post still went out, the last one showing the game as it is.
  expect(h.double.requests.filter((r) => r.status === 429 && r.route === 'POST /channels/:channel/messages').length).toBeGreaterThan(0);
  const id = (await h.store.loadActiveGame(channel.id))!.game.id;
  await waitForPosted(id);
  h.double.expectNoViolations();
}, 180_000);

async function waitForTurn(channelId: string, userId: string) {
  for (let n = 0; n < 600; n++) {
    const g = await h.store.loadActiveGame(channelId);
    if (g?.state) {
      const seat = whoMustAct(g.state as Parameters<typeof whoMustAct>[0]);
      if (seat !== null && g.seats.find((s) => s.seat === seat)?.userId === userId) return h.game(h.double.world.channels.get(channelId)!);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('Ana never got her turn');
}

async function waitForPosted(gameId: number): Promise<void> {
  for (let n = 0; n < 1200; n++) {
    const { game: g, state } = await h.store.getGame(gameId);
    // In the middle of Ana's turn the channel waits for its end.
    if (g.postedVersion === g.version || (state && midTurn(state as Parameters<typeof midTurn>[0]))) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the posts never caught up with the game');
}
