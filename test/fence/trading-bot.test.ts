// E11 Trading Cards through the bot and the local Discord double: Ana offers Bo a trade with
// /fence trade, Bo sees the cards in his own hand (only he sees it) and accepts with a button;
// the channel is told who traded with whom and never which cards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLabel, cardsText, type Action } from '../../src/games/fence/index.ts';
import { cardName } from '../../src/games/fence/cards.ts';
import type { Channel, PostedMessage, User } from '../discord-double/index.ts';
import { FenceHarness } from './harness.ts';
import { textOf } from '../bot/harness.ts';

let h: FenceHarness;
let ana: User, bo: User, boss: User;
let channel: Channel;

beforeAll(async () => {
  h = await FenceHarness.start();
  ({ ana, bo } = h.users as Record<'ana' | 'bo', User>);
  ({ channel, boss } = h.setupGuild('Traders', 'fence-trading', [ana, bo]));
});
afterAll(async () => {
  await h?.stop();
});

/** Everything a channel message shows anyone: its words, its buttons (labels and values), its pictures' alt text. */
const shown = (m: PostedMessage): string => [
  textOf(m),
  ...h.double.buttons(m).map((b) => `${'label' in b ? b.label : ''} ${'custom_id' in b ? b.custom_id : ''}`),
  ...m.attachments.map((a) => `${a.filename} ${a.description ?? ''}`),
].join('\n');

describe('E11 Trading Cards through Discord', () => {
  it('E11 an offer to a named player, answered with a button; the cards are shown to the two of them only, never in the channel', async () => {
    await h.fence(boss, 'settings', { 'trading-cards': true }, channel);
    await h.fence(ana, 'new', { 'auto-build': true }, channel);
    const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
    expect(textOf(lobby)).toContain('Trading Cards');
    await (await h.double.clickButton(bo, lobby, 'Join')).acknowledged();
    await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000);

    // Play on until it is someone's turn in the main phase with nothing else owed.
    for (let k = 0; k < 30; k++) {
      const s = (await h.game(channel)).state;
      if (s.phase === 'main' && !s.pending) break;
      await h.playOne(channel);
    }
    const game = await h.game(channel);
    const s = game.state;
    expect(s.phase).toBe('main');
    const me = s.current;
    const them = 1 - me;
    const [offerer, target] = [h.userOf(game, me), h.userOf(game, them)];
    const offer: Action = { type: 'offerTrade', target: them, give: [s.hands[me]![0]!], ask: [s.hands[them]![0]!] };
    const secret = [...offer.give, ...offer.ask];
    const label = actionLabel(s, offer);
    expect(label).toBe(`Offer ${s.seats[them]!.name} your ${cardsText(offer.give)} for their ${cardsText(offer.ask)}`);

    // The offerer picks the offer from /fence trade's list (the list is theirs alone).
    const choices = await h.double.autocomplete(offerer, channel, 'fence', 'trade', label, { subcommand: 'trade' });
    const choice = choices.find((c) => c.name === label)!;
    expect(choice).toBeDefined();
    const before = h.double.messages(channel).length;
    const done = await h.fence(offerer, 'trade', { trade: String(choice.value) }, channel);
    expect(done.ephemeral).toBe(true);
    expect(textOf(done)).toContain(`Done: ${label}`);
    const offerPost = await h.double.waitForMessage(channel, (m) => h.double.messages(channel).indexOf(m) >= before && textOf(m).includes('offered'));
    expect(textOf(offerPost)).toContain(`${s.seats[me]!.name} offered ${s.seats[them]!.name} a trade.`);
    expect(textOf(offerPost)).toContain(`<@${target.id}>`);
    const labels = h.double.buttons(offerPost).map((b) => ('label' in b ? b.label : ''));
    expect(labels).toEqual(expect.arrayContaining([`Accept ${s.seats[me]!.name}’s trade`, `Decline ${s.seats[me]!.name}’s trade`]));

    // The target sees the cards in their own hand, privately.
    const hand = await (await h.double.clickButton(target, offerPost, 'Show my hand')).reply(10_000);
    expect(hand.ephemeral).toBe(true);
    expect(hand.recipientId).toBe(target.id);
    expect(textOf(hand)).toContain(`they give you their ${cardsText(offer.give)} for your ${cardsText(offer.ask)}`);

    const acceptedBefore = h.double.messages(channel).length;
    const accepted = await (await h.double.clickButton(target, offerPost, `Accept ${s.seats[me]!.name}’s trade`)).reply(10_000);
    expect(accepted.ephemeral).toBe(true);
    expect(textOf(accepted)).toMatch(/^Done/);
    const acceptPost = await h.double.waitForMessage(channel, (m) => h.double.messages(channel).indexOf(m) >= acceptedBefore && textOf(m).includes('accepted'));
    expect(textOf(acceptPost)).toContain(`${s.seats[them]!.name} accepted ${s.seats[me]!.name}’s trade.`);

    const after = (await h.game(channel)).state;
    expect(after.hands[me]).toEqual(expect.arrayContaining(offer.ask));
    expect(after.hands[them]).toEqual(expect.arrayContaining(offer.give));

    // The privacy check: no channel message since the offer names a traded card, in words or codes,
    // and no log line does either.
    for (const m of h.double.messages(channel).slice(before)) {
      const text = shown(m);
      for (const c of secret) {
        expect(text).not.toContain(cardName(c));
        expect(text).not.toMatch(new RegExp(`\\b${c}\\b`));
      }
    }
    for (const line of h.logs) for (const c of secret) expect(line).not.toMatch(new RegExp(`\\b${c}\\b|${cardName(c)}`));
  }, 120_000);
});
