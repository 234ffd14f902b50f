// The words players read: rules and help in plain words, plurals, why a card was drawn, the
// auto-built map summed up, and a game's end with its summary.
import { describe, expect, it } from 'vitest';
import { play, setup, eventText, fence, type FenceEvent, type FenceState } from '../../src/games/fence/index.ts';
import { loadScenario } from '../../src/games/fence/scenario.ts';
import { onTestMap } from './test-map.ts';

const seats = (names: string[]) => names.map((name) => ({ name, computer: false }));

describe('words players read', () => {
  it('the rules and the help speak in players’ words: no ruling ids, no formulas; the goal is to stay out of Jail', () => {
    const texts = [...fence.words.rules.map((t) => t.text), fence.words.help];
    for (const text of texts) {
      expect(text, text).not.toMatch(/\b[BHTE]\d{1,2}\b/);
      expect(text, text).not.toMatch(/ceil|floor|\bN\b|\/2\b|[<>=]/);
    }
    const overview = fence.words.rules[0]!.text;
    expect(overview).toContain('be the last player *not* in Jail');
    expect(overview).not.toMatch(/last one out of Jail/);
    expect(fence.words.help).toContain('`push bob to the yards`');
  });

  it('counts are said with their plurals: 1 card, 2 cards', () => {
    const s = loadScenario(onTestMap({ pawns: { ana: 'Old Town', bo: 'Four Points', cy: 'Venice' }, cops: 'Goose Green', hands: { ana: ['R4'], bo: ['R1', 'B1'] } }));
    const lines = fence.words.status(s).join('\n');
    expect(lines).toMatch(/ana\b.*: 1 card, in Old Town/);
    expect(lines).toMatch(/bo\b.*: 2 cards, in Four Points/);
    expect(lines).toMatch(/cy\b.*: 0 cards, in Venice/);
  });

  it('B15 E18 moves name the destination’s map cell; a Hunch names no cards', () => {
    const s = loadScenario(onTestMap({ pawns: { ana: 'jail', bo: 'Four Points', cy: 'Venice' }, cops: 'Old Town' }));
    const cell = /\(([A-Z]+\d+)\)$/.exec(fence.words.action(s, { type: 'chooseNeighborhood', nb: '4-2/0' }))![1];
    expect(eventText(s, { type: 'copsMoved', seat: 0, how: 'hunch', cards: [], from: '1-3/0', to: '4-2/0' })).toBe(`ana’s Hunch sends the Cops: Old Town → Four Points (${cell}).`);
    expect(eventText(s, { type: 'pushed', seat: 0, target: 1, from: '4-2/0', to: '1-3/0' })).toMatch(/^ana pushes bo: Four Points → Old Town \([A-Z]+\d+\)\.$/);
  });

  it('H1 B17 a card drawn says why, and that its colour was chosen, naming the colour once', () => {
    // ana in Jail moves the Cops by road onto bo: State's Evidence, a card of her choice.
    const s = loadScenario(onTestMap({ pawns: { ana: 'jail', bo: 'Four Points', cy: 'Venice' }, cops: 'Old Town', hands: { ana: ['R6'] }, turn: { pushed: true, cops: false } }));
    const moved = play(s, 0, { type: 'copsRoad', to: '4-2/0' });
    if (!moved.ok) throw new Error(moved.message);
    expect(moved.state.pending).toMatchObject({ kind: 'drawColour', seat: 0 });
    const drawn = play(moved.state, 0, { type: 'chooseColour', colour: 'blue' });
    if (!drawn.ok) throw new Error(drawn.message);
    const texts = drawn.events.map((e) => eventText(drawn.state, e));
    expect(texts).toContain('ana chooses to draw a blue card for Turning State’s Evidence.');
    expect(texts.join(' ')).not.toMatch(/over red|chose blue/);
  });

  it('B8 an auto-built map is told in one line, not tile by tile', () => {
    const created = setup({ seats: seats(['Ana', 'Bo', 'Cy']), seed: 'auto-words', options: { autoBuild: true } });
    const texts = created.events.map((e) => eventText(created.state, e)).filter((t): t is string => t !== null);
    expect(texts.filter((t) => / placed /.test(t))).toEqual([]);
    const built = texts.filter((t) => t.startsWith('The bot built the map: '));
    expect(built).toHaveLength(1);
    expect(built[0]).toMatch(new RegExp(`^The bot built the map: ${created.state.map.length} tiles around Old Town \\(see the picture\\)\\.`));
    expect(texts.length).toBeLessThan(20);
  });

  it('B19 H3 the game’s end names the winner and explains it: why it ended, each player’s standing and cards, how the winner was found; rounds, who jailed whom', () => {
    const reasons = new Set<string>();
    for (const [n, seed] of ['end-1', 'end-2', 'end-3', 'end-4', 'end-5', 'end-6'].entries()) {
      let s: FenceState = setup({ seats: seats(['Ana', 'Bo', 'Cy']), seed, options: { autoBuild: true, roundLimit: n % 2 ? 4 : 200 } }).state;
      const jailings: string[] = [];
      let last: readonly FenceEvent[] = [];
      for (let k = 0; k < 3000 && !s.outcome; k++) {
        const seat = fence.activeSeats(s)[0]!;
        const step = play(s, seat, fence.bots.simple!(s, seat));
        if (!step.ok) throw new Error(step.message);
        for (const e of step.events) if (e.type === 'jailed') jailings.push(...e.seats.map((i) => s.seats[i]!.name));
        s = step.state;
        last = step.events;
      }
      expect(s.outcome, seed).not.toBeNull();
      const over = last.find((e) => e.type === 'gameOver')!;
      // The end's line, then the story the end post tells after it.
      const text = [eventText(s, over)!, ...fence.words.summary!(s)].join('\n');
      const lines = text.split('\n');
      if (s.outcome!.kind === 'winner') expect(lines[0]).toMatch(new RegExp(`${s.seats[s.outcome!.seats[0]!]!.name}( and \\w+)* (wins|share the win)`));
      expect(text).toContain(`Played ${s.round} round${s.round === 1 ? '' : 's'}.`);
      expect(text).toMatch(/^\*\*Why it ended:\*\* /m);
      // Every player's standing: in Jail or not, and the cards held.
      for (const [i, p] of s.seats.entries()) {
        const free = s.pawns[i] !== 'jail';
        expect(text).toMatch(new RegExp(`^• ${p.name}: ${free ? 'out of Jail' : 'in Jail'}[^\n]*, ${s.hands[i]!.length} cards?`, 'm'));
      }
      const o = s.outcome!;
      if (o.kind === 'winner') {
        reasons.add(o.reason);
        for (const w of o.seats) expect(text).toMatch(new RegExp(`^• ${s.seats[w]!.name}: [^\n]*: (wins|shares the win)$`, 'm'));
        if (o.reason === 'lastFree') expect(text).toMatch(/is the only player out of Jail, and nobody in Jail \(.+\) can get out on their next turn/);
        // Ended on cards: the most, and a tie shared.
        if (o.reason === 'roundLimit') expect(text).toMatch(o.seats.length > 1 ? /\*\*Tie:\*\* .* share the win\./ : /\*\*Most cards:\*\* \w+ with \d+/);
      }
      // Every jailing of the game is told (the last twelve at most), with whose move it was.
      const told = /Jailings[^:]*: (.*)\.$/m.exec(text)?.[1] ?? '';
      if (jailings.length === 0) expect(text).toContain('Nobody went to Jail.');
      else expect(told.split('; ')).toHaveLength(Math.min(12, s.jailings!.length));
      if (jailings.length) expect(told).toMatch(/round \d+: \w+ jailed \w+/);
    }
    expect(reasons).toEqual(new Set(['lastFree', 'roundLimit']));
  });
});
