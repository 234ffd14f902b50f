// Which moves each game lets a player take back (issue 16): what a die, a drawn tile or a turned
// card revealed stays; a move that revealed nothing can be undone while nobody else has acted.
import { describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/registry.ts';
import type { AnyGame } from '../../src/platform/game.ts';
import { applyRequest } from '../../src/platform/requests.ts';
import { checkUndo, type InEffect } from '../../src/runtime/replay.ts';

/** Plays `game` with its default bot and sorts each seat action by what undo says of it right after. */
function undoAnswers(game: AnyGame, seats: number, steps: number): { final: Set<string>; undoable: Set<string> } {
  let state = game.setup({ seats: Array.from({ length: seats }, (_, i) => ({ name: `P${i + 1}`, computer: true })), seed: `undo-${game.id}`, options: game.options.parse({}) }).state;
  const final = new Set<string>();
  const undoable = new Set<string>();
  for (let seq = 1; seq <= steps && game.outcome(state) === null; seq++) {
    const seat = game.activeSeats(state)[0]!;
    const action = game.bots[game.defaultBot]!(state, seat);
    const r = applyRequest(game, state, seat, action);
    if (!r.ok) throw new Error(r.message);
    const entry: InEffect = { seq, actor: seat, action, events: r.events, before: state };
    const check = checkUndo(game, [entry], [entry], seat);
    const kind = (action as { type: string }).type;
    if (check.ok) undoable.add(kind);
    else if (check.code === 'FINAL') final.add(kind);
    state = r.state;
  }
  return { final, undoable };
}

describe('undo: what each game lets a player take back', () => {
  it('Game of Fences: a roll stands; the move played with it can be taken back', () => {
    const { final, undoable } = undoAnswers(gameById('kimbo')!, 2, 60);
    expect(final).toContain('roll');
    expect(undoable).toContain('move');
    expect(undoable).not.toContain('roll');
  });

  it('Duck Pens: a roll stands; a fence drawn with it can be taken back', () => {
    const { final, undoable } = undoAnswers(gameById('ducks')!, 2, 60);
    expect(final).toContain('roll');
    expect(undoable).not.toContain('roll');
    expect([...undoable].length).toBeGreaterThan(0);
  });

  it('Fences: a turn that draws a tile stands', () => {
    const game = gameById('farm')!;
    const { final } = undoAnswers(game, 2, 60);
    expect(final.size).toBeGreaterThan(0);
    expect(game.isFinal!({ type: 'drew', seat: 0, count: 1 })).toBe(true);
    expect(game.isFinal!({ type: 'placed', seat: 0, tile: 'B1', x: 0, y: 1, rot: 0 })).toBe(false);
  });
});
