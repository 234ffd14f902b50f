/** Moves typed by hand (`/kimbo fence`, `/kimbo move`): read against the legal actions' labels. */
import { parseEdge } from './board.ts';
import { legalActions, NO_RESULT, type Action } from './engine.ts';
import type { KimboState } from './state.ts';
import { actionLabel } from './words.ts';

/** Words of a typed move, for matching against the labels of the legal moves ("4+3" stays one word: the sum). */
const words = (text: string): string[] => text.toLowerCase().replace(/\s*\+\s*/g, '+').replace(/→|->|,|\(|\)/g, ' ').split(/\s+/).filter((w) => w && w !== 'to');

/** A typed move: the one legal move whose label has every word typed ("B3 east 4", "piece 2 H6 HOME"). */
export function parseTyped(s: KimboState, seat: number, command: string, typed: string): Action | null {
  if (command === 'fence') {
    const edges = typed.trim().split(/\s+(?:to|→|->)?\s*|\s*(?:→|->)\s*/).filter(Boolean).map(parseEdge);
    if (edges.length === 2 && edges[0] !== null && edges[1] !== null) return { type: 'fence', from: edges[0]!, to: edges[1]! };
    return null;
  }
  // Before the roll (or while a captured piece waits for its start square) no move can be
  // played: a move that matches no result reaches the engine, whose refusal says what comes first.
  if (s.stage !== 'play') return { type: 'move', key: NO_RESULT };
  const want = words(typed);
  if (want.length === 0) return null;
  const matching = legalActions(s, seat).filter((a) => a.type === 'move').filter((a) => {
    const have = new Set(words(actionLabel(s, a)));
    return want.every((w) => have.has(w));
  });
  return matching.length === 1 ? matching[0]! : null;
}

