// For every game the bot hosts: the lines the channel reads about what happened (each event's
// words), and what /status says every few actions, agree in number over random games played by
// the games' own computer players — no "1 points", no "1 tiles", no "2 breads", no "a animal",
// no "1 and 2 and 3" — whatever options are on and whoever times out or resigns along the way.
import { describe, expect, it } from 'vitest';
import { allGames } from '../../src/games/registry.ts';
import type { AnyGame } from '../../src/platform/game.ts';
import { everyOptionOn, playRandomGame } from './random-play.ts';

/** Names without digits, so that a number in a line is always the game's. */
const NAMES = ['Ann', 'Bob', 'Cyd', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'];
const GAMES = 4;

/**
 * Countable nouns the games count things with, singular → plural. A number before one of them
 * must take the right form; "1" takes the singular, every other count the plural.
 */
const NOUNS: Record<string, string> = {
  point: 'points', tile: 'tiles', card: 'cards', animal: 'animals', henhouse: 'henhouses', bale: 'bales', 'hay bale': 'hay bales',
  tractor: 'tractors', token: 'tokens', 'sharecropper token': 'sharecropper tokens', chicken: 'chickens', cow: 'cows', pig: 'pigs', farm: 'farms',
  turn: 'turns', round: 'rounds', die: 'dice', duck: 'ducks', egg: 'eggs', space: 'spaces', box: 'boxes', pen: 'pens', fence: 'fences',
  piece: 'pieces', player: 'players', time: 'times', action: 'actions', move: 'moves', step: 'steps', 're-roll': 're-rolls', roll: 'rolls',
  line: 'lines', pawn: 'pawns', neighborhood: 'neighborhoods', field: 'fields', seat: 'seats', square: 'squares', dot: 'dots', skip: 'skips',
  'earlier line': 'earlier lines', 'duck space': 'duck spaces', 'duck box': 'duck boxes', 'bread token': 'bread tokens',
};
/** Nouns with no plural of their own: "2 sheep", "3 bread". */
const UNCOUNTED = ['sheep', 'bread', 'evidence'];

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const singulars = Object.keys(NOUNS).sort((a, b) => b.length - a.length).map(escape).join('|');
const plurals = Object.values(NOUNS).sort((a, b) => b.length - a.length).map(escape).join('|');
/** A count: a digit string not part of a cell ("2,3"), a sum ("1 + 2") or a longer number. */
const COUNT = String.raw`(?<![\d.,:/+×x-])(?<!\d )([+−-]?\d+)`;

/** What is wrong with one line's agreement, in words; empty when nothing is. */
export function agreementSlips(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(new RegExp(`${COUNT} (${plurals})\\b`, 'gi'))) {
    if (/^[+−-]?1$/.test(m[1] ?? '') && !/^(sheep|dice)$/i.test(m[2] ?? '')) out.push(`"${m[0]}": one takes the singular`);
  }
  // A noun before another ("2 duck boxes", "3 re-roll spaces") names a kind: the second one agrees.
  for (const m of line.matchAll(new RegExp(`${COUNT} (${singulars})\\b(?![-'’]\\w)(?! (?:${plurals}|\\w+s)\\b)`, 'gi'))) {
    const n = m[1] ?? '';
    // "die 1 and 2": a die's number, not a count of dice; "point 3" never comes before its noun.
    if (!/^[+−-]?1$/.test(n)) out.push(`"${m[0]}": ${n} takes the plural`);
  }
  for (const word of UNCOUNTED) for (const m of line.matchAll(new RegExp(`\\b${word}s\\b`, 'gi'))) out.push(`"${m[0]}": ${word} has no plural`);
  for (const m of line.matchAll(/\bthe (\d+) (\w+) (is|was|has)\b/gi)) if (m[1] !== '1') out.push(`"${m[0]}": several take "are", "were", "have"`);
  for (const m of line.matchAll(/\b(\w+(?:, \w+)*) and (\w+) and (\w+)\b/g)) if ([m[1], m[2], m[3]].every((x) => /\d/.test(x ?? ''))) out.push(`"${m[0]}": a list of three is "1, 2 and 3"`);
  for (const m of line.matchAll(/\b(an?) ([A-Za-z][\w-]*)/g)) {
    const [article, word] = [m[1]!.toLowerCase(), m[2]!];
    // A letter said by its name: "an L", "a U", "an L-shaped pen".
    const letter = /^([A-Z])(?:-|$)/.exec(word)?.[1];
    const vowelSound = letter ? 'AEFHILMNORSX'.includes(letter) : /^[aeiou]/i.test(word) ? !/^(one|once|uni|use|usu|euro)/i.test(word) : /^(hour|honest|honou?r|heir)/i.test(word);
    if ((article === 'an') !== vowelSound) out.push(`"${m[0]}": "${vowelSound ? 'an' : 'a'}" before "${word}"`);
  }
  for (const m of line.matchAll(/\b([a-z]+) \1\b/gi)) if (!/^(ha|no)$/i.test(m[1] ?? '')) out.push(`"${m[0]}": a word twice`);
  const name = NAMES.join('|');
  for (const m of line.matchAll(new RegExp(`\\b(?:${name})(?:, (?:${name}))* and (?:${name}) (wins|leads|skips|scores|has|is|goes|takes|plays|shares)\\b`, 'g'))) out.push(`"${m[0]}": several players take the plural verb`);
  if (/\b(undefined|NaN|null)\b|\[object /.test(line)) out.push('a value leaked into the words');
  return out;
}


describe('the agreement checker', () => {
  it('finds the slips players reported and lets good lines pass', () => {
    expect(agreementSlips('Ann scores 1 points.')).toHaveLength(1);
    expect(agreementSlips('Bob +1 points for the animals')).toHaveLength(1);
    expect(agreementSlips('Ann has 1 tiles left and 2 breads.')).toHaveLength(2);
    expect(agreementSlips('Bob captures 2 duck box and re-rolls dice 1 and 2 and 3.')).toHaveLength(2);
    expect(agreementSlips('Ann draws a egg; the 2 ducks is out.')).toHaveLength(2);
    expect(agreementSlips('Farm 1 is closed: 1 animal, 3 sheep, 2 points each; Bob places B17 at 1,2 and re-rolls dice 1, 2 and 3; Cyd +1 for bales, 0 points.')).toEqual([]);
    expect(agreementSlips('Ann fills 2 re-roll spaces and captures 3 duck boxes; an L pen, a U pen, an L-shaped pen, a U-shaped pen, an hour, a unit.')).toEqual([]);
    expect(agreementSlips('an undefined tile')).toHaveLength(1);
    expect(agreementSlips('Ann and Bob wins. Cyd, Dee and Eve leads and skips.')).toHaveLength(2);
    expect(agreementSlips('Ann and Bob share the win. Ann wins.')).toEqual([]);
  });
});

describe('every game\'s event and status lines agree in number', () => {
  const runs = allGames().flatMap((g) => [[g, {}, 'default options'], [g, everyOptionOn(g), 'every option on']] as [AnyGame, Record<string, unknown>, string][]);
  for (const [game, options, which] of runs) {
    it(`${game.title} (${which}): ${GAMES} random games, computers playing, some timing out or resigning`, () => {
      const seatCount = (n: number) => Math.min(game.seats.max, game.seats.min + (n % 3));
      const slips = new Map<string, string>();
      let lines = 0;
      for (let g = 0; g < GAMES; g++) {
        playRandomGame({
          game,
          players: (n) => ({ seats: NAMES.slice(0, seatCount(n)).map((name) => ({ name, computer: true })), bots: [] }),
          options: () => options,
          maxActions: 20_000,
          system: { timeout: 0.01, resign: 0.001 },
          check: (state, events, _before, _g, step) => {
            const said = events.map((e) => game.words.event(state, e)).filter((l): l is string => l !== null);
            // Every few actions, what /status says too.
            if (step % 5 === 0) said.push(...game.words.status(state), game.words.phase(state));
            for (const line of said) {
              lines++;
              for (const slip of agreementSlips(line)) if (!slips.has(slip)) slips.set(slip, line);
            }
            return [];
          },
        }, g);
      }
      expect(lines).toBeGreaterThan(GAMES * 5);
      expect([...slips].map(([slip, line]) => `${slip} in: ${line}`)).toEqual([]);
    }, 180_000);
  }
});
