/**
 * FENCE! through Discord: the game-neutral harness (test/bot/harness.ts) with FENCE!'s own
 * helpers: `/fence` by name, the channel's game typed as FENCE!'s, and a turn played the way
 * its simple computer player would, by the subcommand or the labels a person would use.
 */
import { expect } from 'vitest';
import { actionLabel, computerAction, fence, whoMustAct, type Action, type FenceState } from '../../src/games/fence/index.ts';
import type { LoadedGame } from '../../src/store/index.ts';
import type { Channel, PostedMessage, User } from '../discord-double/index.ts';
import { Harness, tapsFor, textOf } from '../bot/harness.ts';

/** The subcommand and its option that play each kind of FENCE! action; null: a choice made only with buttons. */
export const SUB_OF: Record<Action['type'], { sub: string; option: string } | null> = {
  place: { sub: 'place', option: 'placement' },
  swap: { sub: 'swap', option: 'swap' },
  moveSelf: { sub: 'move', option: 'move' },
  push: { sub: 'push', option: 'push' },
  copsRoad: { sub: 'cops', option: 'cops' },
  tipOff: { sub: 'cops', option: 'cops' },
  chooseColour: null,
  chooseNeighborhood: null,
  playBoat: { sub: 'boat', option: 'card' },
  hunch: { sub: 'hunch', option: 'die' },
  postTrade: { sub: 'trade', option: 'trade' },
  postPass: { sub: 'trade', option: 'trade' },
  offerTrade: { sub: 'trade', option: 'trade' },
  acceptTrade: null,
  declineTrade: null,
};

export class FenceHarness extends Harness {
  static override async start(): Promise<FenceHarness> {
    return new FenceHarness(...(await Harness.world())).started();
  }

  /** The channel's running game, a FENCE! one. */
  override game(channel: Channel = this.channel): Promise<LoadedGame & { state: FenceState }> {
    return this.gameOf(fence, channel);
  }

  /** `/fence <subcommand>` by `user`: the private reply. */
  fence(user: User, subcommand: string, options: Record<string, string | number | boolean | User> = {}, channel: Channel = this.channel): Promise<PostedMessage> {
    return this.command(user, 'fence', subcommand, options, channel);
  }

  /** Each player's latest private "Done" answer: a turn still under way offers its next choices there. */
  readonly lastAck = new Map<string, PostedMessage>();

  /**
   * The person who must act does what the simple computer player would, through Discord. A
   * choice's button is on the latest post, or (in the middle of a turn, which the channel sees
   * only once it ends) on the player's latest private answer.
   */
  async playOne(channel: Channel = this.channel): Promise<PostedMessage> {
    const game = await this.game(channel);
    const s = game.state;
    const seat = whoMustAct(s);
    if (seat === null) throw new Error('the game is over');
    const user = this.userOf(game, seat);
    const action = computerAction(s, seat, 'simple');
    if (!action) throw new Error(`seat ${seat} has nothing to do`);
    const label = actionLabel(s, action);
    const how = SUB_OF[action.type];
    let reply: PostedMessage;
    const labels = tapsFor(fence, s, seat, action);
    const has = (m: PostedMessage | undefined) => !!labels && !!m && [...this.double.buttons(this.double.log.get(m.id) ?? m).map((b) => ('label' in b ? b.label : '')), ...this.double.selects(this.double.log.get(m.id) ?? m).flatMap((x) => x.options.map((o) => o.label))].includes(labels[0]!);
    const ack = this.lastAck.get(user.id);
    // A move's first part by its command (autocomplete); the rest of a turn under way by the
    // labels its private answer offers, as a player would press them there.
    if (!how || (labels && has(ack) && !has(this.latestPost(channel)))) {
      // A choice the rules give (a colour, a neighborhood): its labels, pressed on the latest
      // post or (in the middle of a turn) on the player's latest private answer.
      if (!labels) throw new Error(`the choice does not offer "${label}"`);
      const where = has(this.latestPost(channel)) ? this.latestPost(channel) : has(ack) ? ack! : this.latestPost(channel);
      reply = (await this.tap(user, where, labels)).reply;
    } else {
      const choices = await this.double.autocomplete(user, channel, 'fence', how.option, label, { subcommand: how.sub });
      const choice = choices.find((c) => c.name === label.slice(0, 100));
      if (!choice) throw new Error(`autocomplete did not offer "${label}": ${choices.map((c) => c.name).join(' | ')}`);
      reply = await this.fence(user, how.sub, { [how.option]: String(choice.value) }, channel);
      // A move that jails its own mover is previewed first (B15): the player confirms it.
      if (textOf(reply).includes('only you see this preview')) reply = await this.confirm(user, reply);
    }
    expect(reply.ephemeral).toBe(true);
    // The answer comes once the move's posts are out: the channel is complete here.
    expect(textOf(reply), textOf(reply)).toMatch(/^Done/);
    this.lastAck.set(user.id, reply);
    return reply;
  }
}
