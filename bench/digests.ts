/**
 * Digests of seeded computer games of every registered game, as bench/engine.ts's
 * outcomeDigest is for FENCE! alone: a change to the platform's seat machinery (resign,
 * timeouts, removal, abort) or to a game's rules must leave them unchanged unless it means to
 * change how games play. Each game of a set follows one plan — nothing special, a seat that
 * sleeps (every turn of it times out, so H2's third timeout in a row removes it), a player
 * who resigns and then a sleeper, a kick, an abort — on top of timeouts and resignations now
 * and then; the players are the game's own bots, mixed.
 *
 * Two digests per game: `seen` hashes what players can observe (every request's events and
 * the seats it made leave, then the outcome and every seat's and the channel's view at the
 * end), comparable across a change of the state's shape; `states` also hashes every final
 * state as stored. Printed, never stored.
 */
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { ducks } from '../src/games/ducks/index.ts';
import { farm } from '../src/games/farm/index.ts';
import { fence } from '../src/games/fence/index.ts';
import { kimbo } from '../src/games/kimbo/index.ts';
import type { Actor, AnyGame } from '../src/platform/game.ts';
import { applyRequest } from '../src/platform/requests.ts';
import { Rng, seedRng } from '../src/platform/rng.ts';
import { randomVariantOptions } from '../test/fence/variant-options.ts';
import { ranchOptions } from '../test/farm/random-play-setup.ts';

interface DigestSet {
  game: AnyGame;
  games: number;
  seats(g: number): number;
  options(g: number, drive: Rng): unknown;
  maxActions: number;
}

const SETS: DigestSet[] = [
  { game: fence, games: 30, seats: (g) => 2 + (g % 5), options: (g, drive) => (g % 2 ? randomVariantOptions(drive) : {}), maxActions: 20_000 },
  { game: kimbo, games: 40, seats: (g) => 2 + (g % 3), options: (g) => ({ roundLimit: g % 4 === 0 ? 200 : 30 }), maxActions: 20_000 },
  // Solo and two players; the host's D26 option (a leaver's seat played on by the computer) in half the games.
  { game: ducks, games: 60, seats: (g) => 1 + (g % 2), options: (g) => ({ colour: g % 4 < 2 ? 'red' : 'blue', takeOver: g % 4 === 1 || g % 4 === 3 || g % 8 === 2 }), maxActions: 20_000 },
  { game: farm, games: 24, seats: (g) => 2 + (g % 5), options: (g) => ({ ...ranchOptions(g, 'digest'), roundLimit: g % 3 === 0 ? 200 : 12 }), maxActions: 20_000 },
];

type Plan = 'plain' | 'sleeper' | 'resignThenSleeper' | 'kick' | 'abort';
const PLANS: Plan[] = ['plain', 'sleeper', 'resignThenSleeper', 'kick', 'abort'];

/** The request made at one step of game `g`, following its plan. */
function request(game: AnyGame, state: unknown, plan: Plan, n: number, step: number, drive: Rng, bots: string[]): { actor: Actor; input: unknown } {
  const active = game.activeSeats(state);
  const seat = active[drive.int(active.length)] as number;
  const roll = drive.next();
  const sleeper = n - 1;
  if (plan === 'abort' && step === 40) return { actor: 'system', input: { type: 'abort' } };
  if (plan === 'kick' && step === 25 && n > 1) return { actor: 'system', input: { type: 'remove', seat: active[0], reason: 'kicked' } };
  if (plan === 'resignThenSleeper' && step === 10 && n > 1 && active.includes(0)) return { actor: 0, input: { type: 'resign' } };
  const sleeping = (plan === 'sleeper' && step >= 5) || (plan === 'resignThenSleeper' && step > 10);
  if (sleeping && active.includes(sleeper)) return { actor: 'system', input: { type: 'timeout', seat: sleeper } };
  if (roll < 0.02) return { actor: 'system', input: { type: 'timeout', seat } };
  if (roll < 0.023) return { actor: seat, input: { type: 'resign' } };
  const bot = game.bots[bots[seat] ?? game.defaultBot] ?? game.bots[game.defaultBot]!;
  return { actor: seat, input: bot(state, seat) ?? { type: 'resign' } };
}

export function gameDigests(set: DigestSet): { seen: string; states: string; actions: number } {
  const { game } = set;
  const seen = createHash('sha256');
  const states = createHash('sha256');
  let actions = 0;
  for (let g = 0; g < set.games; g++) {
    const drive = new Rng(seedRng(`digest-${game.id}-${g}`));
    const n = set.seats(g);
    const plan = PLANS[g % PLANS.length]!;
    // The players these digests were first taken with; the computer levels are measured in bench/levels.ts.
    const botNames = ['simple', 'random'];
    const bots = Array.from({ length: n }, () => drive.pick(botNames));
    const options = game.options.parse(set.options(g, drive) ?? {});
    const created = game.setup({ seats: Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}`, computer: true })), seed: `digest-${game.id}-${g}`, options });
    let s = created.state;
    seen.update(JSON.stringify(created.events));
    for (let step = 0; !game.outcome(s); step++) {
      if (step >= set.maxActions) throw new Error(`${game.id} digest game ${g}: did not end in ${set.maxActions} actions`);
      if (game.activeSeats(s).length === 0) throw new Error(`${game.id} digest game ${g}: nobody can act`);
      const { actor, input } = request(game, s, plan, n, step, drive, bots);
      const r = applyRequest(game, s, actor, input);
      if (!r.ok) throw new Error(`${game.id} digest game ${g} step ${step}: ${String(actor)} ${JSON.stringify(input)} refused: ${r.code} ${r.message}`);
      seen.update(JSON.stringify([actor, r.events, r.left]));
      s = r.state;
      actions++;
    }
    seen.update(JSON.stringify(game.outcome(s)));
    for (let seat = 0; seat < n; seat++) seen.update(JSON.stringify(game.view(s, seat)));
    seen.update(JSON.stringify(game.view(s, 'channel')));
    states.update(JSON.stringify(s));
  }
  return { seen: seen.digest('hex').slice(0, 16), states: states.digest('hex').slice(0, 16), actions };
}

export default async function benchDigests(): Promise<void> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const only = process.env.DIGEST_GAMES?.split(',');
  for (const set of SETS) {
    if (only && !only.includes(set.game.id)) continue;
    const t0 = performance.now();
    const d = gameDigests(set);
    out(`digests: ${set.game.id}, ${set.games} seeded games (${d.actions} requests): seen ${d.seen}, states ${d.states} (${((performance.now() - t0) / 1000).toFixed(1)} s, load ${loadavg()[0]!.toFixed(1)})`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchDigests();
