// Typed moves through the bot and the local Discord double: a move typed in words is played,
// an illegal one gets the engine's own reason (B7), only text that names no move gets the list,
// and a command with nothing to offer says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../discord-double/index.ts';
import { FenceHarness } from './harness.ts';
import { fence, legalActions, nbName, seatName, whoMustAct, type Action, type FenceState } from '../../src/games/fence/index.ts';
import { inPlay } from '../../src/games/fence/rules.ts';
import { textOf } from '../bot/harness.ts';
import { applyRequest } from '../../src/platform/requests.ts';

let h: FenceHarness;
let ana: User, bo: User, cy: User;

beforeAll(async () => {
  h = await FenceHarness.start();
  ({ ana, bo, cy } = h.users as Record<'ana' | 'bo' | 'cy', User>);
});
afterAll(async () => {
  await h?.stop();
});

/** The refusal the engine gives for a typed move, as the bot must pass it on. */
function engineSays(s: FenceState, seat: number, command: string, typed: string): string {
  const action = fence.parse!(s, seat, command, typed);
  expect(action, `"${typed}" is understood`).not.toBeNull();
  const r = applyRequest(fence, s, seat, action);
  if (r.ok) throw new Error(`"${typed}" is legal`);
  return r.message;
}

describe('typed moves through Discord', () => {
  it('B7 B15 typed moves: legal ones are played, illegal ones get the engine’s reason, a command with nothing to offer says why', async () => {
    await h.fence(ana, 'new', { 'auto-build': true });
    const lobby = await h.double.waitForMessage(h.channel, (m) => textOf(m).includes('is open: join in!'));
    await (await h.double.clickButton(bo, lobby, 'Join')).acknowledged();
    await (await h.double.clickButton(cy, lobby, 'Join')).acknowledged();
    await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000);

    // Play on until someone is to start a main-phase turn with a pawn to push.
    let s = (await h.game()).state;
    const ready = (x: FenceState) => x.phase === 'main' && !x.pending && ['push', 'moveSelf'].every((type) => legalActions(x, whoMustAct(x)!).some((a) => a.type === type));
    for (let k = 0; k < 60 && !ready(s); k++) {
      await h.playOne();
      s = (await h.game()).state;
    }
    const seat = whoMustAct(s)!;
    const user = h.userOf(await h.game(), seat);
    const legal = legalActions(s, seat);

    // Words that name no move: the list of what is possible.
    const lost = await h.fence(user, 'push', { push: 'over the hills' });
    expect(textOf(lost)).toMatch(/^“over”, “hills” in “over the hills” name nothing in this game, so nothing was played\. Pick one of the suggestions in the list to push a pawn\.\nYou could: \*\*Push /);

    // A card that does not exist, with the place a legal move goes to, typed or as JSON: not
    // played with another card; the list, and the game unchanged.
    const move = legal.find((a): a is Extract<Action, { type: 'moveSelf' }> => a.type === 'moveSelf')!;
    const version = (await h.game()).record.version;
    for (const [typed, said] of [[`r7 ${move.to}`, /^“r7” in “r7 .*” names nothing in this game, so nothing was played\. Pick one of the suggestions in the list to Move Yourself\./], [JSON.stringify({ type: 'moveSelf', cards: ['R7'], to: move.to }), /^Pick one of the suggestions in the list to Move Yourself\./]] as const) {
      const r7 = await h.fence(user, 'move', { move: typed });
      expect(textOf(r7), typed).toMatch(said);
    }
    expect((await h.game()).record.version).toBe(version);

    // Cards not held: the engine's reason, word for word.
    const hand = new Set(s.hands[seat]);
    const [red, blue] = [[1, 2, 3, 4, 5, 6].find((v) => !hand.has(`R${v}`))!, [1, 2, 3, 4, 5, 6].find((v) => !hand.has(`B${v}`))!];
    const notHeld = await h.fence(user, 'move', { move: `r${red} b${blue}` });
    expect(textOf(notHeld).startsWith(engineSays(s, seat, 'move', `r${red} b${blue}`))).toBe(true);
    expect(textOf(notHeld)).toMatch(/^You do not hold Red .* \+ Blue .*; your hand is /);

    // A push to somewhere no road leads: where that pawn can go instead.
    const push = legal.find((a): a is Extract<Action, { type: 'push' }> => a.type === 'push')!;
    const targets = new Set(legal.flatMap((a) => (a.type === 'push' && a.target === push.target ? [a.to] : [])));
    const far = [...inPlay(s)].find((nb) => !targets.has(nb) && nb !== s.pawns[push.target] && !nbName(s, nb).includes(' #'))!;
    const typedFar = `push ${seatName(s, push.target).toLowerCase()} to ${nbName(s, far).toLowerCase()}`;
    const refused = await h.fence(user, 'push', { push: typedFar });
    expect(textOf(refused).startsWith(engineSays(s, seat, 'push', typedFar))).toBe(true);
    expect(textOf(refused)).toContain(`cannot be pushed from ${nbName(s, s.pawns[push.target]!)} to ${nbName(s, far)}`);

    // Words that fit several moves: just those moves are offered.
    const pushes = legal.filter((a): a is Extract<Action, { type: 'push' }> => a.type === 'push');
    const many = [...new Set(pushes.map((a) => a.target))].find((t) => pushes.filter((a) => a.target === t).length > 1);
    expect(many, 'a pawn with two roads out').toBeDefined();
    const ambiguous = await h.fence(user, 'push', { push: `push ${seatName(s, many!)}` });
    const theirs = pushes.filter((a) => a.target === many).map((a) => `**${fence.words.action(s, a)}**`);
    expect(textOf(ambiguous)).toBe(`“push ${seatName(s, many!)}” fits ${theirs.length} moves: pick one from the list, or say which.\nYou could: ${theirs.slice(0, 6).join(' · ')}`);

    // The legal push, typed in words with an arrow: played.
    const typedPush = `${seatName(s, push.target).toUpperCase()} -> ${nbName(s, push.to)}`;
    const done = await h.fence(user, 'push', { push: typedPush });
    expect(textOf(done)).toMatch(new RegExp(`^Done: Push ${seatName(s, push.target)} → ${nbName(s, push.to)} \\(`));

    // Pushed already: /fence push says so, and what is left to do.
    const after = (await h.game()).state;
    expect(whoMustAct(after)).toBe(seat);
    const again = await h.fence(user, 'push', { push: 'anything' });
    expect(textOf(again)).toBe('You have already pushed a pawn this turn: now `/fence cops`.');
    const offered = await h.double.autocomplete(user, h.channel, 'fence', 'push', '', { subcommand: 'push' });
    expect(offered.map((c) => c.name)).toEqual(['You have already pushed a pawn this turn: now /fence cops.']);
    // And the move typed for the Cops by name is played.
    const road = legalActions(after, seat).find((a): a is Extract<Action, { type: 'copsRoad' }> => a.type === 'copsRoad' && !a.to.includes('#'));
    if (road) {
      const cops = await h.fence(user, 'cops', { cops: `cops to ${nbName(after, road.to)}` });
      expect(textOf(cops)).toMatch(/^Done: Cops by road → /);
    }
  }, 120_000);
});
