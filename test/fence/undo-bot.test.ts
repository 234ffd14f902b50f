// FENCE!'s undo through Discord: a move that drew a card, or after which dice were rolled,
// cannot be taken back (isFinal), and the refusal says what came out of it. How undo works
// (the button, the post struck, the refusals) is test/bot/undo.test.ts, on the race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fence, whoMustAct, type FenceEvent } from '../../src/games/fence/index.ts';
import type { Channel, PostedMessage, User } from '../discord-double/index.ts';
import { textOf } from '../bot/harness.ts';
import { FenceHarness } from './harness.ts';

let h: FenceHarness;
let ana: User, bo: User;

beforeAll(async () => {
  h = await FenceHarness.start();
  ({ ana, bo } = h.users as Record<'ana' | 'bo', User>);
});
afterAll(async () => {
  await h?.stop();
});

const labels = (m: PostedMessage): string[] => h.double.buttons(m).map((b) => ('label' in b ? b.label ?? '' : ''));

async function startGame(channel: Channel, options: Record<string, string | number | boolean> = {}): Promise<void> {
  await h.fence(ana, 'new', options, channel);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
  expect(textOf(await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000))).toMatch(/has started/);
}

/** The player who must act makes the simple computer's move by slash command or button; returns the private acknowledgement. */
async function fenceMove(channel: Channel): Promise<{ reply: PostedMessage; user: User; events: FenceEvent[] }> {
  const game = await h.game(channel);
  const user = h.userOf(game, whoMustAct(game.state)!);
  const reply = await h.playOne(channel);
  const log = await h.store.getActionLog(game.record.id);
  return { reply, user, events: log[log.length - 1]!.events as FenceEvent[] };
}

describe('undo in FENCE!', () => {
  it('a move that drew a card, and one after which dice were rolled, stand: the refusal quotes what came out', async () => {
    const channel = h.double.createChannel(h.guild, 'undo-final');
    await startGame(channel, { 'auto-build': true, rounds: 3 });
    const refusals = new Map<string, string>();
    for (let n = 0; n < 80 && refusals.size < 2; n++) {
      if ((await h.game(channel)).state.outcome) break;
      const { reply, user, events } = await fenceMove(channel);
      const first = events.find((e) => fence.isFinal!(e));
      // A turn under way also offers its next level's labels (Move Others' second part).
      if (!first || events.some((e) => e.type === 'gameOver')) {
        expect(labels(reply).filter((l) => l === 'Undo')).toEqual(['Undo']);
        continue;
      }
      expect(labels(reply)).not.toContain('Undo');
      const kind = first.type === 'cardDrawn' ? 'draw' : first.type === 'hotGoods' || first.type === 'copsRolled' ? 'roll' : null;
      if (!kind || refusals.has(kind)) continue;
      const refused = await h.fence(user, 'undo', {}, channel);
      refusals.set(kind, textOf(refused));
    }
    expect(refusals.get('draw')).toMatch(/^Your last move stands: something hidden or random came out of it \(“(Ana|Bo) (draws|chooses to draw) a (red|blue) card.*”\), so it cannot be taken back\.$/);
    expect(refusals.get('roll')).toMatch(/^Your last move stands: something hidden or random came out of it \(“Hot Goods \d+\/\d+: red \d+, blue \d+.*”\), so it cannot be taken back\.$/);
  }, 120_000);

  it('answered every interaction privately and broke no Discord rule', () => {
    for (const m of h.double.log.all().filter((x) => x.interactionId !== null)) expect(m.ephemeral, textOf(m)).toBe(true);
    h.double.expectNoViolations();
    expect(h.logs.some((l) => l.includes('"outcome":"error"'))).toBe(false);
  });
});
