/** Duck Pens' invariants after an action, in words (empty when all is well). */
import { COMPONENTS } from '../../src/games/ducks/components.ts';
import { edgeSpaces, outline } from '../../src/games/ducks/grid.ts';
import { actionPath } from '../../src/games/ducks/engine.ts';
import { crossingAt, penOf, REROLL_SPACES } from '../../src/games/ducks/rules.ts';
import type { DucksEvent, DucksState } from '../../src/games/ducks/state.ts';

export function checkDucks(s: DucksState, events: readonly DucksEvent[], before: DucksState): string[] {
  const problems: string[] = [];
  const pensBefore = penOf(before.pens);
  for (let e = 0; e < s.fences.length; e++) {
    if (before.fences[e] !== '.' && s.fences[e] !== before.fences[e]) problems.push(`edge ${e} was fenced twice`);
    if (before.fences[e] === '.' && s.fences[e] !== '.') {
      const [a, b] = edgeSpaces(e);
      if (a !== undefined && b !== undefined && pensBefore[a] !== -1 && pensBefore[a] === pensBefore[b]) problems.push(`edge ${e} was drawn inside a completed pen`);
    }
  }
  // Each fence is checked against the board as it was when it was drawn, within the step.
  let fences = before.fences;
  for (const ev of events) {
    if (ev.type === 'fenced') {
      if (crossingAt(fences, actionPath(ev.action))) problems.push(`a fence crosses another: ${JSON.stringify(ev.action)}`);
      fences = [...fences].map((c, i) => (ev.edges.includes(i) ? 'x' : c)).join('');
    }
    if (ev.type === 'automaPlaced') fences = [...fences].map((c, i) => (ev.edges.includes(i) ? 'x' : c)).join('');
  }
  const seen = new Set<number>();
  for (const p of s.pens) {
    for (const c of p.cells) {
      if (seen.has(c)) problems.push(`space ${c} is in two pens`);
      seen.add(c);
    }
    if (outline(p.cells).some((e) => s.fences[e] === '.')) problems.push(`a pen is not closed: ${p.cells.join(',')}`);
  }
  s.areas.forEach((a, i) => {
    if (a.rerolls > REROLL_SPACES) problems.push(`seat ${i} has ${a.rerolls} re-roll spaces`);
    if (a.bread > COMPONENTS.breadBoxes || a.eggs > COMPONENTS.eggBoxes) problems.push(`seat ${i}'s bread or egg row overflows`);
    for (const sh of COMPONENTS.specialty) if ((a.ducks[sh.id] ?? 0) > sh.duckBoxes) problems.push(`seat ${i}'s ${sh.id} row overflows`);
    if (new Set(a.outlined).size !== a.outlined.length) problems.push(`seat ${i} outlined a shape twice`);
  });
  if (events.filter((e) => e.type === 'over').length > 1) problems.push('the game ended twice in one step');
  if (s.automa && s.automa.deck.length + s.automa.turned.length !== COMPONENTS.cards.length) problems.push('Automa cards were lost or made');
  return problems;
}
