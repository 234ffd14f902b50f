/** Refusals: what was wrong, in a sentence, and what would be legal. The state is never changed. */
import type { Refusal } from '../../platform/game.ts';
import { COMPONENTS } from './components.ts';
import { actionPath, activeSeats, colourOf, fenceLength, legalActions } from './engine.ts';
import { dotName } from './grid.ts';
import { breadUnlocked, crossingAt, eggUnlocked, fenceProblem, pathEdges, penOf } from './rules.ts';
import type { Action, DucksState } from './state.ts';
import { actionLabel, pathText, seatName } from './words.ts';

export const refuse = (code: string, message: string, legal: string[] = []): Refusal => ({ ok: false, code, message, legal });

/** At most this many legal actions are named in a refusal. */
const SHOWN = 10;

/** Why `action` (or unreadable input, null) is refused for `seat`, with what would be legal. */
export function refusalFor(s: DucksState, seat: number, action: Action | null): Refusal {
  const legal = legalActions(s, seat);
  const labels = legal.map((a) => actionLabel(s, a)).slice(0, SHOWN);
  if (!activeSeats(s).includes(seat)) return refuse('NOT_YOUR_TURN', `It is ${seatName(s, s.turn.seat)}'s turn: wait for yours.`);
  if (action === null) return refuse('INVALID', 'That is not a move of this game.', labels);
  const stage = s.turn.stage;
  const mine = seat === s.turn.seat;
  if (action.type === 'box') {
    if ((s.areas[seat]?.pending ?? 0) === 0) return refuse('NO_BOXES', 'You have no duck boxes to place.', labels);
    return refuse('ROW_FULL', `The ${COMPONENTS.shapes.get(action.shape)?.name ?? action.shape} row has no free box (or is not a row).`, labels);
  }
  if (stage === 'final') return refuse('GAME_ENDING', 'The game is over: only the duck boxes still owed are placed, then it is scored.', labels);
  if (!mine) return refuse('NOT_YOUR_TURN', `It is ${seatName(s, s.turn.seat)}'s turn: you may only place your duck boxes.`, labels);
  if (legal.some((a) => a.type === 'box') && stage === 'roll') return refuse('BOXES_FIRST', 'Place your duck boxes before you roll.', labels);
  switch (action.type) {
    case 'roll': return refuse('ROLLED', 'You have already rolled this turn.', labels);
    case 'reroll':
    case 'keep': return refuse('NO_REROLL', stage === 'roll' ? 'Roll first.' : 'Your dice stand: re-rolls come right after the roll, one per full re-roll section.', labels);
    case 'done': return refuse('NOT_NOW', stage === 'roll' ? 'Roll first.' : 'There is no turn action to end right now.', labels);
    case 'place': return refuse(stage === 'automa' ? 'BAD_PLACEMENT' : 'NOT_NOW', stage === 'automa'
      ? 'The Automa\'s pen cannot go there: it must cover spaces in no pen, with no fence inside it, and its outline must pass through the card\'s dot (or the nearest one it can).'
      : 'There is no Automa card to place right now.', labels);
    case 'fence':
    case 'bread': return fenceRefusal(s, seat, action, labels);
  }
}

function fenceRefusal(s: DucksState, seat: number, a: Extract<Action, { type: 'fence' | 'bread' }>, labels: string[]): Refusal {
  if (s.turn.stage !== 'act') return refuse('NOT_NOW', s.turn.stage === 'roll' ? 'Roll first.' : 'You cannot draw a fence right now.', labels);
  const area = s.areas[seat]!;
  const path = actionPath(a);
  const edges = pathEdges(path);
  if (a.type === 'fence' && a.bends) return refuse('BENDS', `${pathText(a)} bends ${a.bends.length === 1 ? 'twice' : `${a.bends.length + 1} times`}: a fence is a straight line, or bent once with a full egg row.`, labels);
  const said = !edges ? 'That fence' : a.type === 'bread' ? `The bread fence ${pathText(a)}` : pathText(a);
  if (!edges || edges.length === 0) return refuse('SHAPE', 'A fence runs along the lines between dots, straight from one dot to another (or bent once with the egg).', labels);
  if (a.type === 'bread') {
    if (!breadUnlocked(area)) return refuse('NO_BREAD', 'The bread fence needs a full bread row.', labels);
    if (s.turn.special) return refuse('SPECIAL_USED', 'You have used your special action this turn.', labels);
    if (edges.length !== 1) return refuse('LENGTH', 'The bread fence is one space long.', labels);
  } else {
    const n = fenceLength(s);
    if (s.turn.fenced) return refuse('FENCED', 'You have drawn your fence this turn.', labels);
    if (n === 0) return refuse('NO_DICE', `No die shows ${colourOf(s, seat)}: no fence this turn.`, labels);
    if (edges.length !== n) return refuse('LENGTH', `Your fence must be exactly ${n} space${n === 1 ? '' : 's'} long (the dice showing ${colourOf(s, seat)}).`, labels);
    if (a.via) {
      if (!eggUnlocked(area)) return refuse('NO_EGG', 'Only a full egg row lets a fence bend.', labels);
      if (s.turn.special) return refuse('SPECIAL_USED', 'You have used your special action this turn.', labels);
    }
  }
  const problem = fenceProblem(s.fences, penOf(s.pens), colourOf(s, seat), path);
  switch (problem) {
    case 'taken': return refuse('TAKEN', `${said} runs over a fence already drawn.`, labels);
    case 'pen': return refuse('IN_PEN', `${said} would go inside a finished pen.`, labels);
    case 'crossing': {
      const at = crossingAt(s.fences, path);
      return refuse('CROSSING', `${said} would cross a fence${at ? ` at ${dotName(at)}` : ''}.`, labels);
    }
    case 'touch': return refuse('TOUCH', `${said} must touch one of your ${colourOf(s, seat)} fences (your border counts).`, labels);
    default: return refuse('ILLEGAL', `${said} is not a legal fence now.`, labels);
  }
}
