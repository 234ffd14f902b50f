import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/platform/rng.ts';
import { applyAction, computerAction, createGame, legalActions, whoMustAct, type FenceState, type Strategy } from '../../src/games/fence/index.ts';
import { checkEvents, checkState, checkViews } from './invariants.ts';

const GAMES = 1000;
const CHUNK = 100;
/** Views of every seat are walked after every action in the first games, and periodically after that. */
const FULL_VIEW_GAMES = 25;
const MAX_ACTIONS = 20_000;

interface Summary { ended: number; actions: number; outcomes: Record<string, number> }

function playOne(g: number, summary: Summary): void {
  const rng = new Rng([g + 1, 77, 1234567, g * 31 + 5]);
  const players = 2 + (g % 7);
  const strategies: Strategy[] = Array.from({ length: players }, () => (rng.next() < 0.5 ? 'random' : 'simple'));
  const created = createGame({
    seats: Array.from({ length: players }, (_, i) => ({ name: `P${i + 1}`, computer: true })),
    seed: `random-play-${g}`,
    options: { autoBuild: g % 5 === 0 },
  });
  let state: FenceState = created.state;
  expect(checkEvents(created.events)).toEqual([]);
  let steps = 0;
  while (!state.outcome && steps < MAX_ACTIONS) {
    const seat = whoMustAct(state) as number;
    // Now and then the bot's system actions happen too: a timeout, a resignation.
    const roll = rng.next();
    let result;
    if (roll < 0.002) result = applyAction(state, 'system', { type: 'timeout' });
    else if (roll < 0.0025) result = applyAction(state, seat, { type: 'resign' });
    else {
      const action = computerAction(state, seat, strategies[seat] as Strategy);
      expect(action, `seat ${seat} has no action in game ${g}`).not.toBeNull();
      result = applyAction(state, seat, action);
    }
    if (!result.ok) throw new Error(`game ${g} step ${steps}: ${result.code} ${result.message}`);
    const problems = [...checkState(result.state, result.events, state), ...checkEvents(result.events)];
    if (g < FULL_VIEW_GAMES || steps % 50 === 0) problems.push(...checkViews(result.state));
    if (problems.length) throw new Error(`game ${g} (${players} players) step ${steps}: ${problems.join('; ')}`);
    // The state is plain JSON: a stored copy behaves exactly the same.
    if (steps % 97 === 0) {
      const copy = JSON.parse(JSON.stringify(result.state)) as FenceState;
      expect(copy).toEqual(result.state);
      const who = whoMustAct(copy);
      if (who !== null) expect(legalActions(copy, who)).toEqual(legalActions(result.state, who));
    }
    state = result.state;
    steps++;
  }
  expect(state.outcome, `game ${g} did not end in ${MAX_ACTIONS} actions`).not.toBeNull();
  summary.ended++;
  summary.actions += steps;
  const key = state.outcome!.kind + ('reason' in state.outcome! ? `:${state.outcome!.reason}` : '');
  summary.outcomes[key] = (summary.outcomes[key] ?? 0) + 1;
}

describe('random play: 1,000 games of 2–8 players, checked after every action', () => {
  const summary: Summary = { ended: 0, actions: 0, outcomes: {} };
  for (let start = 0; start < GAMES; start += CHUNK) {
    it(`games ${start}–${start + CHUNK - 1}: cards conserved, nobody off limits, B14 respected, choices owed by the right player, someone can always act, no secret in any view or event, every game ends`, () => {
      for (let g = start; g < start + CHUNK; g++) playOne(g, summary);
    }, 300_000);
  }
  it('every game ended, with winners most of the time', () => {
    expect(summary.ended).toBe(GAMES);
    const winners = Object.entries(summary.outcomes).filter(([k]) => k.startsWith('winner')).reduce((a, [, v]) => a + v, 0);
    expect(winners).toBeGreaterThan(GAMES / 2);
  });
});
