// The Extended Rules' own moves through the bot and the local Discord double: a boat played while
// Moving Others (E3), the Tunnel's two neighborhood choices (E4) and a Hunch's die colour (E18).
// Each game's seed is picked beforehand (by playing the same simple moves the players make here)
// so that the position the test needs comes up; the test checks that it did.
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLabel, play, computerAction, setup, fence, legalActions, nbName, whoMustAct, type Action, type FenceOptions, type FenceState } from '../../src/games/fence/index.ts';
import type { Channel, User } from '../discord-double/index.ts';
import { FenceHarness } from './harness.ts';
import { tapsFor, textOf } from '../bot/harness.ts';

let h: FenceHarness;
let users: User[];

beforeAll(async () => {
  h = await FenceHarness.start();
  users = ['ana', 'bo', 'cy'].map((n) => h.users[n]!);
});
afterAll(async () => {
  await h?.stop();
});

/**
 * The seed (of the first 40) whose game, played by the simple computer for everyone, reaches
 * `want` in the fewest moves (each move is a round trip through Discord), and how many.
 */
function seedReaching(players: number, options: Partial<FenceOptions>, want: (s: FenceState) => boolean): { seed: string; moves: number } {
  const seats = Array.from({ length: players }, (_, i) => ({ name: `P${i}`, computer: false }));
  let best: { seed: string; moves: number } | null = null;
  for (let k = 0; k < 40 && best?.moves !== 0; k++) {
    const seed = `variant-moves-${k}`;
    let s = setup({ seats, seed, options }).state;
    for (let moves = 0; moves < (best?.moves ?? 200) && !s.outcome; moves++) {
      if (want(s)) {
        best = { seed, moves };
        break;
      }
      const seat = whoMustAct(s)!;
      const r = play(s, seat, computerAction(s, seat, 'simple')!);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
  }
  if (!best) throw new Error('no seed reaches the position');
  return best;
}

/** A server with these variants saved, a game of `players` started with that seed, played up to the position. */
async function reach(name: string, settings: Record<string, boolean>, players: number, options: Partial<FenceOptions>, want: (s: FenceState) => boolean): Promise<{ channel: Channel; state: FenceState }> {
  const { seed, moves } = seedReaching(players, { autoBuild: true, ...options }, want);
  h.seedFor = () => seed;
  const guild = h.double.createGuild(name);
  const channel = h.double.createChannel(guild, name.toLowerCase());
  const boss = h.double.createUser(`boss-${name}`, { globalName: 'Boss' });
  h.double.addMember(guild, boss, { roles: [h.double.createRole(guild, 'Managers', PermissionFlagsBits.ManageGuild)] });
  for (const u of users) h.double.addMember(guild, u);
  await h.fence(boss, 'settings', settings, channel);
  await h.fence(users[0]!, 'new', { 'auto-build': true }, channel);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  for (const u of users.slice(1, players)) await (await h.double.clickButton(u, lobby, 'Join')).acknowledged();
  await (await h.double.clickButton(users[0]!, lobby, 'Start')).reply(10_000);
  for (let k = 0; k < moves; k++) await h.playOne(channel);
  const state = (await h.game(channel)).state;
  expect(want(state), 'the game reached the position the seed was picked for').toBe(true);
  return { channel, state };
}

/** `/fence <sub>` with the suggestion for `action`, by the user of `seat`: the private reply. */
async function command(channel: Channel, s: FenceState, seat: number, sub: string, option: string, action: Action) {
  const user = h.userOf(await h.game(channel), seat);
  const label = actionLabel(s, action);
  const choices = await h.double.autocomplete(user, channel, 'fence', option, label, { subcommand: sub });
  const choice = choices.find((c) => c.name === label);
  if (!choice) throw new Error(`/fence ${sub} did not offer "${label}": ${choices.map((c) => c.name).join(' | ')}`);
  // The reply comes once the move's posts are out (a turn still under way posts nothing yet).
  return h.fence(user, sub, { [option]: String(choice.value) }, channel);
}

const boatOf = (s: FenceState) => legalActions(s, s.current).find((a) => a.type === 'playBoat');

describe('Extended Rules moves through Discord', () => {
  it('E3 a boat played through /fence boat commits the turn to Moving Others; the channel sees who holds which boat', async () => {
    const { channel, state } = await reach('Boaters', { boats: true }, 2, { boats: true }, (s) => s.phase === 'main' && !s.pending && boatOf(s) !== undefined && legalActions(s, s.current).some((a) => a.type === 'moveSelf'));
    const me = state.current;
    const boat = boatOf(state) as Extract<Action, { type: 'playBoat' }>;
    const posted = h.double.messages(channel).length;
    const reply = await command(channel, state, me, 'boat', 'card', boat);
    expect(reply.ephemeral).toBe(true);
    expect(textOf(reply)).toMatch(/^Done: Play your (Red|Blue) face card/);
    // The turn goes on (Moving Others): the mover is told privately, the channel waits for the turn's end.
    expect(textOf(reply)).toContain('finish Moving Others');
    const colour = boat.card.startsWith('R') ? 'red' : 'blue';
    const after = (await h.game(channel)).state;
    expect(after.extended?.boats?.[colour]?.seat).toBe(me);
    // Moving Others now: Move Yourself is no longer offered; pushing or the Cops finish the turn.
    const left = legalActions(after, me);
    expect(left.some((a) => a.type === 'moveSelf')).toBe(false);
    expect(left.some((a) => a.type === 'push' || a.type === 'copsRoad' || a.type === 'tipOff')).toBe(true);
    for (let k = 0; k < 3 && (await h.game(channel)).state.current === me; k++) await h.playOne(channel);
    expect((await h.game(channel)).state.current).not.toBe(me);
    const told = h.double.messages(channel).slice(posted).filter((m) => !m.ephemeral).map((m) => textOf(m)).join('\n');
    expect(told).toContain(`${state.seats[me]!.name} has a ${colour} boat.`);
  }, 120_000);

  it('E4 the First Player picks the Tunnel’s two ends with the buttons, lettered on the post’s map; the channel is told what it joins', async () => {
    const firstEnd = (s: FenceState) => s.pending?.kind === 'marker' && s.pending.what === 'tunnel' && !s.extended?.tunnel?.length;
    const bothAsked = (s: FenceState) => {
      if (!firstEnd(s)) return false;
      const r = play(s, s.pending!.seat, computerAction(s, s.pending!.seat, 'simple')!);
      return r.ok && r.state.pending?.kind === 'marker' && r.state.pending.what === 'tunnel';
    };
    const { channel, state } = await reach('Diggers', { tunnel: true }, 2, { tunnel: true }, bothAsked);
    const chooser = state.pending!.seat;
    const user = h.userOf(await h.game(channel), chooser);
    const ends: string[] = [];
    for (const end of ['first', 'second']) {
      const s = (await h.game(channel)).state;
      expect(s.pending, `the ${end} end is asked`).toMatchObject({ kind: 'marker', what: 'tunnel', seat: chooser });
      const options = (s.pending as { options: string[] }).options;
      expect(options.length).toBeGreaterThan(1);
      const post = h.latestPost(channel);
      expect(textOf(post)).toContain('the neighborhood at this end of the Tunnel');
      const pick = options[options.length - 1]!;
      ends.push(pick);
      const before = h.double.messages(channel).length;
      // The neighborhoods are lettered on the post's map; the button of the last one is pressed.
      const labels = tapsFor(fence, s, chooser, { type: 'chooseNeighborhood', nb: pick })!;
      expect(labels).toHaveLength(1);
      expect(post.attachments.map((a) => a.description).join(' ')).toContain(`${labels[0]} `);
      const reply = (await h.tap(user, post, labels)).reply;
      expect(textOf(reply)).toMatch(/^Done/);
      await h.double.waitFor(() => (h.double.messages(channel).length > before ? true : undefined), 10_000, 'the next post');
    }
    const after = (await h.game(channel)).state;
    expect(after.extended?.tunnel).toEqual(ends);
    const words = h.double.messages(channel).map((m) => textOf(m)).join('\n');
    expect(words).toContain(`The Tunnel joins ${nbName(after, ends[0]!)} and ${nbName(after, ends[1]!)}`);
  }, 120_000);

  it('E18 a jailed player picks the Hunch’s die colour with /fence hunch; the channel sees the roll', async () => {
    const hunchOf = (s: FenceState) => legalActions(s, s.current).find((a) => a.type === 'hunch');
    const { channel, state } = await reach('Hunchers', { hunch: true }, 3, { hunch: true }, (s) => s.phase === 'main' && !s.pending && hunchOf(s) !== undefined);
    const me = state.current;
    expect(state.pawns[me]).toBe('jail');
    const offered = legalActions(state, me).filter((a) => a.type === 'hunch').map((a) => a.type === 'hunch' && a.colour);
    expect(offered.sort()).toEqual(['blue', 'red']);
    const posted = h.double.messages(channel).length;
    const reply = await command(channel, state, me, 'hunch', 'die', { type: 'hunch', colour: 'blue' });
    expect(textOf(reply)).toContain('Done: Roll the blue die for the Cops');
    const after = (await h.game(channel)).state;
    // The Cops moved on the Hunch, or nobody was there and the player is an Unreliable Witness.
    expect(after.cops !== state.cops || (after.extended?.witnesses ?? []).includes(me) || after.pending !== null).toBe(true);
    // The channel hears of the Hunch in the turn's post, once the turn is over.
    for (let k = 0; k < 3 && (await h.game(channel)).state.current === me; k++) await h.playOne(channel);
    const words = h.double.messages(channel).slice(posted).filter((m) => !m.ephemeral).map((m) => textOf(m)).join('\n');
    expect(words).toMatch(new RegExp(`${state.seats[me]!.name} plays a Hunch: the blue die rolls [1-6]`));
  }, 120_000);
});
