// Fences end to end through discord.js and the Discord double: a lobby, a 2-player base game
// played to its end by autocomplete and buttons (one person, one computer), a timeout, and the
// hidden hands: no public post, picture alt text or log line ever names a tile in someone's hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, PostedMessage, User } from '../discord-double/index.ts';
import { Harness, textOf } from '../bot/bot-harness.ts';
import { tapsFor } from './taps.ts';
import { farm } from '../../src/games/farm/index.ts';
import type { FarmState } from '../../src/games/farm/state.ts';
import type { Action } from '../../src/games/farm/actions.ts';

let h: Harness;
let ana: User, bo: User;

beforeAll(async () => {
  h = await Harness.start();
  ({ ana, bo } = h.users as Record<'ana' | 'bo', User>);
});
afterAll(async () => {
  await h?.stop();
});

const state = async (channel: Channel): Promise<FarmState> => (await h.store.loadActiveGame(channel.id))?.state as FarmState;

/** Everything the channel (and the logs) can read: post texts, alt texts, button labels. */
function publicText(channel: Channel): string {
  return h.double.messages(channel).map((m) => [textOf(m), ...m.attachments.map((a) => a.description ?? ''), ...h.double.buttons(m).map((b) => ('label' in b ? b.label : ''))].join('\n')).join('\n') + '\n' + h.logs.join('\n');
}

/** Checks that no tile now in a hand was ever shown in public. */
function expectHandsHidden(s: FarmState, channel: Channel): void {
  const text = publicText(channel);
  for (const hand of s.hands) for (const id of hand) expect(text, `tile ${id} in a hand`).not.toMatch(new RegExp(`\\b${id}\\b`));
}

async function startGame(channel: Channel, players: User[], options: Record<string, string | number | boolean> = {}, bots = 0): Promise<void> {
  await h.command(ana, 'farm', 'new', options, channel);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  for (const p of players) if (p !== ana) await (await h.double.clickButton(p, lobby, 'Join')).acknowledged();
  for (let i = 0; i < bots; i++) await h.command(ana, 'farm', 'addbot', {}, channel);
  const started = await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000);
  expect(textOf(started)).toMatch(/Game #\d+ has started/);
}

/**
 * Presses Confirm on a private preview: the answer replaces it, or comes below it when it is
 * Components V2 (a turn that goes on: the preview loses its button first, then the answer
 * comes as a new private message).
 */
async function confirm(user: User, preview: PostedMessage): Promise<PostedMessage> {
  const text = textOf(preview);
  const click = await h.double.clickButton(user, preview, 'Confirm');
  return click.waitForMessage((m) => m.id !== preview.id || textOf(m) !== text, 10_000);
}

/** How the person played: by the labels of the choice, or the commands (autocomplete, typed). */
const ways = { taps: 0, autocomplete: 0, typed: 0, held: 0 };
/** Each person's latest private answer: a turn under way offers its next choice there. */
const lastPrivate = new Map<string, PostedMessage>();
/** People whose turn goes on privately (their last answer said what comes next). */
const goingOn = new Set<string>();

/**
 * S2 S4 S6 the person to act makes the season's move instead, with `/farm season`: its list
 * offers only that season's moves; a Flood or Rainy move is previewed and confirmed first.
 * Returns false when the season in force offers none.
 */
async function playSeasonMove(channel: Channel, user: User, s: FarmState): Promise<boolean> {
  const up = s.seasons?.up;
  if (s.stage.kind !== 'place' || s.pending.length > 0 || (up !== 'autumn' && up !== 'flood' && up !== 'rainy')) return false;
  const choices = await h.double.autocomplete(user, channel, 'farm', 'move', '', { subcommand: 'season' });
  const prefix = { autumn: 'Autumn: swap', flood: 'Flood: move', rainy: 'Rainy: turn' }[up];
  if (choices.length === 0 || String(choices[0]!.value) === '-') return false;
  for (const c of choices) expect(c.name.startsWith(prefix), c.name).toBe(true);
  const before = h.double.messages(channel).length;
  let reply = await h.command(user, 'farm', 'season', { move: String(choices[0]!.value) }, channel);
  expect(reply.ephemeral).toBe(true);
  if (up !== 'autumn') {
    expect(textOf(reply)).toContain('only you see this preview');
    expect(h.double.messages(channel).length).toBe(before);
    reply = await confirm(user, reply);
  }
  expect(textOf(reply), textOf(reply)).toMatch(/^Done/);
  lastPrivate.set(user.id, reply);
  if (/^Done: [^\n]*\. Next, /.test(textOf(reply))) {
    goingOn.add(user.id);
    expect(h.double.messages(channel).length).toBe(before);
  } else await h.double.waitFor(() => (h.double.messages(channel).length > before ? true : undefined), 10_000, 'the turn post');
  return true;
}

/**
 * The person to act does what the simple bot would, through Discord: mostly by pressing the
 * choice's labels (Place a tile on the turn post, then a cell and a tile on their private
 * message), now and then by `/farm place` (a suggestion, or the placement typed) with its
 * preview confirmed. A turn still under way adds no post; one that ends adds its own.
 */
async function playOne(channel: Channel, users: Record<number, User>, n = 0): Promise<void> {
  // Whoever the game waits for: the player whose turn it is, or one owing an answer (storage, the fox…);
  // the computers answer their own choices after the post: wait for a person's move.
  let s = await state(channel);
  for (let tries = 0; tries < 200 && !users[farm.activeSeats(s)[0]!]; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    s = await state(channel);
  }
  const seat = farm.activeSeats(s)[0]!;
  const user = users[seat]!;
  // Asked to take an animal into storage, the person does (the simple bot rarely finds it worth it).
  const owed = s.pending[0];
  const action = (owed?.kind === 'storage' && owed.phase === 'remove' ? { type: 'store', op: 'remove', kind: owed.options[0] } : farm.bots.simple!(s, seat)) as Action;
  const label = farm.words.action(s, action);
  const before = h.double.messages(channel).length;
  let reply: PostedMessage;
  if (action.type === 'place' && (n % 7 === 1 || n % 7 === 4)) {
    let preview: PostedMessage;
    if (n % 7 === 1) {
      ways.autocomplete++;
      const choices = await h.double.autocomplete(user, channel, 'farm', 'placement', `${action.tile} at ${action.x},${action.y}`, { subcommand: 'place' });
      const choice = choices.find((c) => c.name === label);
      expect(choice, `autocomplete offers ${label}: ${choices.map((c) => c.name).join(' | ')}`).toBeDefined();
      preview = await h.command(user, 'farm', 'place', { placement: String(choice!.value) }, channel);
    } else {
      ways.typed++;
      preview = await h.command(user, 'farm', 'place', { placement: `${action.tile.toLowerCase()} ${action.x},${action.y} ${action.rot * 90}` }, channel);
    }
    // The placement is previewed to its player alone, with what it would score; the channel hears of it once the turn is over.
    expect(preview.ephemeral).toBe(true);
    expect(textOf(preview), textOf(preview)).toContain('only you see this preview');
    expect(preview.attachments[0]?.description).toMatch(/^Preview, not played yet: .* closes (no farm|\d+ farms?: you would score \d+)/);
    expect(h.double.messages(channel).length).toBe(before);
    reply = await confirm(user, preview);
  } else if ((action.type === 'fox' || action.type === 'bale') && s.pending.length > 0 && n % 3 === 0) {
    const choices = await h.double.autocomplete(user, channel, 'farm', 'field', label.replace(/^(Fox|Bale|Horse) to /, '').split(' (')[0]!, { subcommand: 'field' });
    const choice = choices.find((c) => c.value === farm.encode(action));
    expect(choice, `autocomplete offers ${label}`).toBeDefined();
    ways.autocomplete++;
    reply = await h.command(user, 'farm', 'field', { field: String(choice!.value) }, channel);
  } else if (action.type === 'lift' || action.type === 'turnTile' || action.type === 'swap') {
    // The bot's season move, made the person's way: `/farm season`, previewed and confirmed (a swap plays at once).
    const choices = await h.double.autocomplete(user, channel, 'farm', 'move', label, { subcommand: 'season' });
    const choice = choices.find((c) => c.value === farm.encode(action));
    expect(choice, `autocomplete offers ${label}`).toBeDefined();
    reply = await h.command(user, 'farm', 'season', { move: String(choice!.value) }, channel);
    if (action.type !== 'swap') reply = await confirm(user, reply);
  } else {
    const labels = tapsFor(s, action);
    expect(labels, `the choice offers ${label}`).not.toBeNull();
    // The choice is on the player's private answer while their turn goes on, else on the latest post.
    const where = goingOn.has(user.id) ? lastPrivate.get(user.id)! : h.latestPost(channel);
    reply = (await h.tap(user, where, labels!)).reply;
    ways.taps++;
  }
  expect(reply.ephemeral).toBe(true);
  expect(textOf(reply), textOf(reply)).toMatch(/^Done/);
  lastPrivate.set(user.id, reply);
  goingOn.delete(user.id);
  if (/^Done: [^\n]*\. Next, /.test(textOf(reply))) {
    // The turn goes on: the channel waits for its end.
    goingOn.add(user.id);
    ways.held++;
    expect(h.double.messages(channel).length).toBe(before);
    return;
  }
  await h.double.waitFor(() => (h.double.messages(channel).length > before ? true : undefined), 10_000, 'the turn post');
}

/** Every turn post tells one turn: a placement with its henhouse (or none) and whatever it closed, never a henhouse alone. */
function expectOnePostPerTurn(channel: Channel): void {
  for (const m of h.double.messages(channel)) {
    const text = textOf(m);
    const placements = text.match(/ places [A-Z]\d\d/g)?.length ?? 0;
    expect(placements, text).toBeLessThanOrEqual(1);
    // A henhouse goes on the tile placed (or moved, or turned, by a season) that turn: told with it,
    // unless another player's answer (a bale, the fox, storage) came between and was posted to ping them.
    if (/ puts a henhouse on /.test(text)) expect(text, 'a henhouse told apart from its placement').toMatch(/ places | moves [A-Z]\d\d from | turns [A-Z]\d\d at | drops a hay bale | puts the fox | storage/);
  }
}

describe('/farm through Discord', () => {
  it('has its slash command with place, henhouse, hand, map, rules', () => {
    const cmd = h.double.commands().find((c) => c.name === 'farm');
    expect(cmd?.options?.map((o) => o.name)).toEqual(expect.arrayContaining(['new', 'place', 'henhouse', 'hand', 'map', 'status', 'rules', 'help', 'resign']));
  });

  it('F5 F6 plays a 2-player base game to its end; hands stay private; the end post names the winner', async () => {
    const channel = h.double.createChannel(h.guild, 'farm-two');
    await startGame(channel, [ana], {}, 1);
    let s = await state(channel);
    expect(s.seats).toHaveLength(2);
    const anaSeat = s.seats.findIndex((x) => !x.computer);
    const first = h.latestPost(channel);
    expect(first.attachments[0]?.filename).toMatch(/\.png$/);

    // The hand: privately, with a picture of the tiles in their four turns.
    const hand = await h.command(ana, 'farm', 'hand', {}, channel);
    expect(hand.ephemeral).toBe(true);
    for (const id of s.hands[anaSeat]!) expect(textOf(hand)).toContain(id);
    expect(hand.attachments.length).toBeGreaterThan(0);

    // A refusal says what is wrong: a tile that is not in the hand.
    const notMine = s.hands[1 - anaSeat]![0]!;
    if (s.current === anaSeat) {
      const refused = await h.command(ana, 'farm', 'place', { placement: `${notMine} 5,5` }, channel);
      expect(refused.ephemeral).toBe(true);
      expect(textOf(refused)).toMatch(/not in your hand/);
    }
    expectHandsHidden(s, channel);
    const map = await h.command(bo, 'farm', 'map', {}, channel);
    expect(map.attachments[0]?.description).toMatch(/^Farm map, \d+ tiles?\./);

    for (let guard = 0; guard < 400; guard++) {
      s = await state(channel);
      if (!s || s.outcome) break;
      await playOne(channel, { [anaSeat]: ana }, guard);
      if (guard % 10 === 0) expectHandsHidden((await state(channel)) ?? s, channel);
    }
    expectOnePostPerTurn(channel);
    expect(ways.taps).toBeGreaterThan(20);
    expect(ways.held).toBeGreaterThan(5);
    expect(ways.autocomplete).toBeGreaterThan(0);
    expect(ways.typed).toBeGreaterThan(0);
    // The last turn's post tells the ending and mentions the winners.
    const end = h.latestPost(channel);
    expect(textOf(end)).toMatch(/All tiles are placed\. Open farms score nothing\. Final scores: /);
    expect(textOf(end)).toMatch(/\n\*\*Game #\d+ is over\.\*\* (🏆 .+ (wins|share the win)!|Nobody wins\.)/);
  }, 240_000);

  it('R4 R5 R13 R16 R21 plays a 3-player game with Chickens, Horse, Storage and Dust Bowl to its end; the fox, the horse, storage and the Dust Bowl are asked of one player at a time, the peek at hands privately', async () => {
    const channel = h.double.createChannel(h.guild, 'farm-ranch');
    await startGame(channel, [ana], { chickens: true, horse: true, storage: true, 'dust-bowl': true }, 2);
    const status = await h.command(ana, 'farm', 'status', {}, channel);
    expect(textOf(status)).toContain('The Ranch: Chickens, Horse, Storage, Dust Bowl.');
    expect(textOf(status)).toMatch(/Storage supply: 4 cows, 4 pigs, 4 sheep\./);
    let s = await state(channel);
    const anaSeat = s.seats.findIndex((x) => !x.computer);
    const asked = new Set<string>();
    let peeked = false;
    for (let guard = 0; guard < 700; guard++) {
      s = await state(channel);
      if (!s || s.outcome) break;
      const owed = s.pending[0];
      if (owed && owed.seat === anaSeat) asked.add(owed.kind);
      if (owed?.kind === 'dust' && owed.seat === anaSeat && !peeked) {
        // The closer alone sees the owners' hands: privately, with their tiles named.
        const peek = await h.command(ana, 'farm', 'hand', {}, channel);
        expect(peek.ephemeral).toBe(true);
        expect(textOf(peek)).toContain('Dust Bowl');
        for (const o of owed.from) for (const id of s.hands[o]!) expect(textOf(peek)).toContain(id);
        peeked = true;
      }
      await playOne(channel, { [anaSeat]: ana }, guard);
      if (guard % 15 === 0) expectHandsHidden((await state(channel)) ?? s, channel);
    }
    expectOnePostPerTurn(channel);
    const text = h.double.messages(channel).map((m) => textOf(m)).join('\n');
    expect(text).toMatch(/Game #\d+ is over/);
    expect(text).toMatch(/🦊/);
    expect(text).toMatch(/🐎 The horse enters the farm just scored/);
    expect(asked).toContain('storage');
    expect(peeked).toBe(true);
    expect(text).toMatch(/Animals left in storage cost: .*Ana -\d+/);
    expect(text).toMatch(/📦 Ana takes an? (cow|pig|sheep) out of the farm into storage/);
    expect(text).toMatch(/🌪️ .* takes [A-Z]\d\d from/);
    expect(asked.size).toBeGreaterThan(0);
  }, 300_000);

  it('R3 R4 R5 R6 R18 S1 plays a 3-player game with Males, Chickens, Market, Hay Bales and Seasons to its end; the fox and bales are asked of one player at a time', async () => {
    const channel = h.double.createChannel(h.guild, 'farm-seasons');
    await startGame(channel, [ana], { males: true, chickens: true, market: true, 'hay-bales': true, seasons: true }, 2);
    const status = await h.command(ana, 'farm', 'status', {}, channel);
    expect(textOf(status)).toContain('The Ranch: Males, Chickens, Market, Hay Bales.');
    expect(textOf(status)).toMatch(/Season this round: (Autumn|Drought|Flood|Harvest|Rainy|Spring|Summer|Tornado|Winter) — /);
    expect(textOf(status)).toMatch(/Market: /);
    let s = await state(channel);
    const anaSeat = s.seats.findIndex((x) => !x.computer);
    let asked = 0, seasonMoves = 0;
    for (let guard = 0; guard < 600; guard++) {
      s = await state(channel);
      if (!s || s.outcome) break;
      if (s.pending.length > 0) asked++;
      if (seasonMoves < 2 && farm.activeSeats(s)[0] === anaSeat && (await playSeasonMove(channel, ana, s))) {
        seasonMoves++;
        continue;
      }
      await playOne(channel, { [anaSeat]: ana }, guard);
      if (guard % 15 === 0) expectHandsHidden((await state(channel)) ?? s, channel);
    }
    expectOnePostPerTurn(channel);
    const text = h.double.messages(channel).map((m) => textOf(m)).join('\n');
    expect(text).toMatch(/Game #\d+ is over/);
    expect(text).toMatch(/🦊/);
    expect(text).toMatch(/hay bale/);
    expect(text).toMatch(/New market card/);
    expect(text).toMatch(/🍂 Round 2: \*\*\w+\*\* — /);
    expect(asked).toBeGreaterThan(0);
    expect(seasonMoves).toBeGreaterThan(0);
  }, 300_000);

  it('F16 a player who runs out of time has the bot play their turn', async () => {
    const channel = h.double.createChannel(h.guild, 'farm-timer');
    await startGame(channel, [ana, bo], { 'turn-limit': 600 });
    const s = await state(channel);
    const who = s.seats[s.current]!.name;
    const before = h.double.messages(channel).length;
    h.nowOffset = 601_000;
    await h.running.bot.tickTimers();
    h.nowOffset = 0;
    const text = h.double.messages(channel).slice(before).map((m) => textOf(m)).join('\n');
    expect(text).toContain(`${who} ran out of time: the bot played for them`);
    expect(text).toMatch(new RegExp(`${who} places [A-Z]\\d\\d at -?\\d+,-?\\d+`));
    const after = await state(channel);
    expect(after.current).not.toBe(s.current);
    expectHandsHidden(after, channel);
  });

  it('answered every interaction privately and broke no Discord rule', () => {
    for (const m of h.double.log.all().filter((x) => x.interactionId !== null)) expect(m.ephemeral, textOf(m)).toBe(true);
    h.double.expectNoViolations();
    expect(h.logs.some((l) => l.includes('"outcome":"error"'))).toBe(false);
  });
});
