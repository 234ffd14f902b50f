// A choice a seat owes survives any restart (issue 28.1). In the middle of a turn the channel
// is told nothing yet (PostPlan.held) and the next choice's buttons go only to the mover, in
// the private "Done". A bot killed after the move is saved and before that answer used to leave
// no message carrying the choice, no button in `/fence status`, no command taking it: the game
// waited for the turn limit. Here the bot is stopped dead at exactly that point (crash-driver's
// killable: none of its database or Discord calls returns from then on), and a new one starts.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalActions, type FenceState } from '../../src/games/fence/index.ts';
import { loadScenario, nbOf } from '../../src/games/fence/scenario.ts';
import { midTurn } from '../../src/games/fence/posts.ts';
import { gameById } from '../../src/games/registry.ts';
import type { AnyGame } from '../../src/platform/game.ts';
import { openStore } from '../../src/store/index.ts';
import type { PostedMessage, User } from '../discord-double/index.ts';
import { killable } from './crash-driver.ts';
import { FenceHarness } from '../fence/harness.ts';
import { textOf } from './harness.ts';

let h: FenceHarness;
let ana: User, bo: User, cy: User;
const def = gameById('fence') as AnyGame;

beforeAll(async () => {
  h = await FenceHarness.start();
  ({ ana, bo, cy } = h.users as Record<'ana' | 'bo' | 'cy', User>);
});
afterAll(async () => {
  await h?.stop();
});

const labels = (m: PostedMessage | undefined): string[] => (m ? h.double.buttons(h.double.log.get(m.id) ?? m).map((b) => ('label' in b ? b.label ?? '' : '')) : []);
const publicPosts = () => h.double.messages(h.channel);
const games = async (user: User, subcommand: string): Promise<PostedMessage> => (await h.double.runCommand(user, h.channel, 'games', { subcommand })).reply(10_000);

/**
 * B17 H1 (test/scenarios/B17-H1-evidence-by-road.json): Ana, jailed, has pushed nobody yet and
 * moves the Cops by road onto Bo, turning State's Evidence: she must choose the colour she draws
 * before anything else happens, and her turn (Moving Others) is not over, so its post is held.
 */
async function gameAtEvidence(): Promise<number> {
  await h.fence(ana, 'new', {});
  const lobby = await h.double.waitForMessage(h.channel, (m) => !m.ephemeral && textOf(m).includes('is open: join in'));
  await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
  await (await h.double.clickButton(cy, lobby, 'Join')).reply(10_000);
  expect(textOf(await h.fence(ana, 'start'))).toMatch(/has started/);
  const id = (await h.game()).record.id;
  // The position is written while no bot runs (a running one keeps the state it last loaded).
  await h.running.stop();
  const state = loadScenario(JSON.parse(readFileSync(new URL('../scenarios/B17-H1-evidence-by-road.json', import.meta.url), 'utf8')));
  const store = await openStore(h.databaseUrl, { kinds: gameById });
  await store.prisma.game.update({ where: { id }, data: { state: JSON.stringify(state) } });
  await store.close();
  await h.startBot();
  return id;
}

describe('a choice owed in the middle of a turn, when the bot dies before the mover hears of it', () => {
  it('B17 H1 is offered again by the channel at start-up, by /fence status and by /games choose, not while paused; the game goes on', async () => {
    const id = await gameAtEvidence();
    const before = (await h.game()).state;
    const cops = legalActions(before, 0).find((a) => a.type === 'copsRoad' && a.to === nbOf(before, 'Four Points'))!;
    expect(cops).toBeDefined();

    // Killed the moment the move is saved: the private "Done" with the colour buttons never goes out.
    const kill = killable(h.running.bot);
    const store = h.running.bot.store;
    const save = store.saveAction.bind(store);
    let killed!: () => void;
    const dead = new Promise<void>((resolve) => (killed = resolve));
    store.saveAction = async (...args) => {
      await save(...args);
      // The process is gone right after the commit: nothing after it runs.
      void kill().then(killed);
      return new Promise<never>(() => undefined);
    };
    const postsBefore = publicPosts().length;
    const sent = await h.double.runCommand(ana, h.channel, 'fence', { subcommand: 'cops', options: { cops: def.encode(cops) } });
    await dead;
    const answered = sent.record.followUpIds.length > 0 || sent.original?.loading === false;
    const postsAtKill = publicPosts().length;
    await h.startBot();
    expect(answered).toBe(false);
    expect(postsAtKill).toBe(postsBefore);
    const saved = await h.game();
    expect(saved.state.pending).toMatchObject({ kind: 'drawColour', seat: 0, reason: 'evidence' });
    expect(midTurn(saved.state)).toBe(true);

    // 1. Start-up: the channel says Ana's turn goes on and lets her (only her) reopen the choice;
    // it tells nothing of the turn itself, which the channel sees once it is over.
    const notice = publicPosts().slice(postsBefore);
    expect(notice.length).toBe(1);
    const offer = notice[0]!;
    expect(offer.content).toContain(`<@${ana.id}>`);
    expect(offer.notified).toEqual([ana.id]);
    expect(offer.attachments).toEqual([]);
    expect(offer.content).not.toMatch(/Evidence|Jail|Cops|Four Points|draw|red|blue/i);
    expect(labels(offer).length).toBe(1);
    // Another restart in the same moment: the notice is still the channel's latest message, and its button still works.
    await h.running.stop();
    await h.startBot();
    expect(publicPosts().slice(postsBefore).map((m) => m.id)).toEqual([offer.id]);
    const notHers = await (await h.double.clickButton(bo, offer, labels(offer)[0]!)).reply(10_000);
    expect(notHers.ephemeral).toBe(true);
    expect(textOf(notHers)).toMatch(/Ana/);
    expect(labels(notHers)).toEqual([]);
    const reopened = await (await h.double.clickButton(ana, offer, labels(offer)[0]!)).reply(10_000);
    expect(reopened.ephemeral).toBe(true);
    expect(textOf(reopened)).toMatch(/choose the colour of the card you draw/);
    expect(labels(reopened)).toEqual(expect.arrayContaining(['Draw red', 'Draw blue']));

    // 2. `/fence status`: the buttons go to the seat that owes the choice, and to nobody else.
    const status = await h.fence(ana, 'status');
    expect(labels(status)).toEqual(expect.arrayContaining(['Draw red', 'Draw blue']));
    expect(labels(await h.fence(bo, 'status')).filter((l) => l.startsWith('Draw'))).toEqual([]);

    // 3. `/games choose`: whatever the channel's game, it offers the seat's pending choice.
    const choose = await games(ana, 'choose');
    expect(textOf(choose)).toMatch(/choose the colour of the card you draw/);
    expect(labels(choose)).toEqual(expect.arrayContaining(['Draw red', 'Draw blue']));
    const boChoose = await games(bo, 'choose');
    expect(textOf(boChoose)).toMatch(/Ana/);
    expect(labels(boChoose)).toEqual([]);

    // A paused game offers nothing to press: each way in says it is paused (its buttons would be
    // refused), and a restart while paused points nobody to the turn; the resume post does.
    expect(textOf(await h.fence(ana, 'pause'))).toMatch(/paused/);
    await h.double.waitForMessage(h.channel, (m) => !m.ephemeral && textOf(m).includes('is paused'));
    expect(textOf(await games(ana, 'choose'))).toMatch(/is paused/);
    expect(labels(await h.fence(ana, 'status')).filter((l) => l.startsWith('Draw'))).toEqual([]);
    expect(textOf(await (await h.double.clickButton(ana, offer, labels(offer)[0]!)).reply(10_000))).toMatch(/is paused/);
    const whilePaused = publicPosts().length;
    await h.running.stop();
    await h.startBot();
    expect(publicPosts().length).toBe(whilePaused);
    expect(textOf(await h.fence(ana, 'pause'))).toMatch(/resumed/);
    const resumed = await h.double.waitForMessage(h.channel, (m) => !m.ephemeral && textOf(m).includes('is resumed**'));
    expect(labels(resumed)).toEqual(['Continue my turn']);
    expect(labels(await (await h.double.clickButton(ana, resumed, 'Continue my turn')).reply(10_000))).toEqual(expect.arrayContaining(['Draw red', 'Draw blue']));

    // The choice is made from one of them, once; the turn goes on (Ana still has her push to make).
    const done = await (await h.double.clickButton(ana, choose, 'Draw blue')).waitForMessage((m) => /^Done/.test(textOf(m)), 10_000);
    expect(textOf(done)).toMatch(/^Done: /);
    const after = await h.game();
    expect(after.record.id).toBe(id);
    expect(after.state.pending).toBeNull();
    expect((after.state as FenceState).hands[0]).toEqual(['R3', 'B2']);
    const edits = h.double.log.get(status.id)?.edits ?? 0;
    const stale = await (await h.double.clickButton(ana, status, 'Draw red')).waitForMessage((m) => m.id !== status.id || m.edits > edits, 10_000);
    expect(textOf(stale)).toMatch(/already been made|moved on/);
    h.double.expectNoViolations();
  }, 120_000);
});
