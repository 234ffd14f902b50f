/**
 * Refusals: a machine code for the bot and a sentence for the player that says what was
 * wrong and what would be legal instead. Built only after the engine has decided an action
 * is not legal, so the wording can never allow something the rules forbid.
 */
import type { Action, Actor, Refusal, RefusalCode } from './actions.ts';
import type { BuildProblem } from './building.ts';
import { removeCards } from './cards.ts';
import { cardsText, coordName, listOr, nbName, seatName, tileName } from './names.ts';
import { actionLabel } from './words.ts';
import type { NbId } from './geometry.ts';
import { coordsOfKey, inPlay, inPlayAt, isJailed, targetCoords, tileKeyOf } from './rules.ts';
import type { FenceState } from './state.ts';

export type RefusalReason =
  | { kind: 'invalid'; detail: string }
  | { kind: 'notSeated' }
  | { kind: 'gameOver' }
  | { kind: 'notInGame' }
  | { kind: 'notYourTurn' }
  | { kind: 'wrongPhase' }
  | { kind: 'pendingFirst' }
  | { kind: 'placement'; problem: BuildProblem }
  | { kind: 'illegal'; legal: Action[] };

const refuse = (code: RefusalCode, message: string, legal: string[] = []): Refusal => ({ ok: false, code, message, legal });

export function explainRefusal(s: FenceState, actor: Actor, input: unknown, reason: RefusalReason): Refusal {
  switch (reason.kind) {
    case 'invalid':
      return refuse('INVALID_REQUEST', `That request is not understood: ${reason.detail}.`);
    case 'notSeated':
      return refuse('NOT_SEATED', 'You are not a player in this game.');
    case 'gameOver':
      return refuse('GAME_OVER', 'This game is over.');
    case 'notInGame':
      return refuse('NOT_IN_GAME', 'You have left this game.');
    case 'notYourTurn': {
      const waiting = s.pending ? s.pending.seat : s.current;
      const what = s.pending ? 'a choice' : 'their turn';
      return refuse(s.pending && s.pending.seat !== actor ? 'CHOICE_PENDING' : 'NOT_YOUR_TURN', `It is not your turn: the game waits for ${seatName(s, waiting)} (${what}).`);
    }
    case 'wrongPhase':
      return refuse('WRONG_PHASE', s.phase === 'building' ? 'The map is still being built: place or swap a tile.' : 'Map building is over.');
    case 'pendingFirst':
      return refuse('CHOICE_PENDING', 'Answer the choice in front of you first.');
    case 'placement':
      return placementRefusal(s, actor as number, input as Action, reason.problem);
    case 'illegal':
      return illegalRefusal(s, actor as number, input as Action, reason.legal);
  }
}

const SIDE_WORD = ['north', 'east', 'south', 'west'];

function placementRefusal(s: FenceState, seat: number, a: Action, p: BuildProblem): Refusal {
  if (a.type !== 'place' && a.type !== 'swap') return refuse('ILLEGAL', 'That is not a tile placement.');
  const hand = s.tileHands[seat] ?? [];
  const t = tileName(s, a.tile);
  switch (p.kind) {
    case 'notInHand':
      return refuse('TILE_NOT_IN_HAND', `${t} is not in your hand; you hold ${listOr(hand.map((k) => tileName(s, k)))}.`);
    case 'occupied':
      return refuse('CELL_OCCUPIED', 'That cell already has a tile (to replace it, swap instead).');
    case 'notTouching':
      return refuse('NOT_TOUCHING', 'A tile must touch the map on at least one side.');
    case 'mismatch': {
      const what = p.what === 'road'
        ? `the roads do not match on its ${SIDE_WORD[p.side]} side`
        : `the water at its ${SIDE_WORD[p.side]} corners does not match`;
      return refuse('DOES_NOT_FIT', `${t} does not fit there: ${what} (next to ${tileName(s, p.neighbor)}). Try another rotation or cell.`);
    }
    case 'unreachable':
      return refuse('UNREACHABLE', `${t} does not connect there: ${listOr(p.neighborhoods)} could not be reached from Old Town and back (mind the One Way signs).`);
    case 'emptyCell':
      return refuse('CELL_EMPTY', 'There is no tile there to swap with (to put a tile on an empty cell, place it).');
    case 'oldTown':
      return refuse('OLD_TOWN', 'Old Town can never be swapped out.');
    case 'locked':
      return refuse('TILE_LOCKED', `${tileName(s, p.tile)} entered the map by a swap and is locked.`);
  }
}

function illegalRefusal(s: FenceState, seat: number, a: Action, legal: Action[]): Refusal {
  // Moves of the kind asked for first: what the player was trying to do.
  const offer = [...legal.filter((l) => l.type === a.type), ...legal.filter((l) => l.type !== a.type)].slice(0, 6).map((l) => actionLabel(s, l));
  const r = (code: RefusalCode, message: string) => refuse(code, message, offer);
  const options = (type: Action['type']) => legal.filter((l) => l.type === type);
  const hand = s.hands[seat] ?? [];
  if (s.pending && (a.type === 'chooseColour' || a.type === 'chooseNeighborhood')) {
    if (a.type === 'chooseColour') return r('PILE_EMPTY', `The ${a.colour} pile is empty; draw ${a.colour === 'red' ? 'blue' : 'red'}.`);
    return r('NOT_AN_OPTION', `${nbName(s, a.nb)} is not one of the choices: ${listOr('options' in s.pending ? s.pending.options.map((n) => nbName(s, n)) : [])}.`);
  }
  if (s.pending) return r('CHOICE_PENDING', 'Answer the choice in front of you first.');
  if (a.type === 'chooseColour' || a.type === 'chooseNeighborhood') return r('NOT_AN_OPTION', 'There is no choice to answer right now.');
  if (s.phase !== 'main') return r('WRONG_PHASE', 'That move belongs to the main phase, which has not started.');
  if ((a.type === 'moveSelf' || a.type === 'tipOff') && !removeCards(hand, a.cards)) {
    return r('CARDS_NOT_IN_HAND', `You do not hold ${cardsText(a.cards)}; your hand is ${hand.length ? cardsText(hand) : 'empty'}.`);
  }
  const live = inPlay(s);
  const destinationWords = (moves: Action[]) => listOr([...new Set(moves.map((m) => ('to' in m ? nbName(s, m.to) : '')))]);
  // B17: a jailed player with a pair that leads somewhere free must use it.
  if (a.type !== 'moveSelf' && isJailed(s, seat) && options('moveSelf').length > 0) {
    return r('MUST_LEAVE_JAIL', `You are in Jail and hold a red/blue pair that gets you out: you must Move Yourself to ${destinationWords(options('moveSelf'))}.`);
  }
  switch (a.type) {
    case 'moveSelf': {
      if (s.turn.pushed || s.turn.cops) return r('ALREADY_DONE', 'You are Moving Others this turn; finish that instead.');
      const jailed = isJailed(s, seat);
      if (a.cards.length === 1 && jailed) return r('MUST_LEAVE_JAIL', 'From Jail you need one red and one blue card to Move Yourself.');
      const pawn = s.pawns[seat];
      const from = jailed || !pawn ? null : coordsOfKey(s, tileKeyOf(pawn));
      if (a.cards.length === 1 && !from) return r('NO_COORDINATES', 'Your tile has no coordinates: one card cannot move you from here; play a red/blue pair.');
      const target = targetCoords(from, a.cards);
      if (!target) return r('ILLEGAL', 'Two cards must be one red and one blue.');
      return destinationRefusal(s, a.to, target, pawn ?? null, r, options('moveSelf'));
    }
    case 'push': {
      if (s.turn.pushed) return r('ALREADY_DONE', 'You have already moved another pawn this turn.');
      if (a.target === seat) return r('CANNOT_PUSH', 'Move Others moves another player’s pawn, not yours.');
      const p = s.pawns[a.target];
      if (!p || p === 'jail' || s.out[a.target]) return r('CANNOT_PUSH', `${seatName(s, a.target)} is not on the map${p === 'jail' ? ' (in Jail)' : ''}.`);
      const alternatives = options('push').filter((m) => m.type === 'push' && m.target === a.target);
      return r(alternatives.length ? 'NOT_ADJACENT' : 'CANNOT_PUSH',
        `${seatName(s, a.target)} cannot be pushed from ${nbName(s, p)} to ${nbName(s, a.to)}: a push is one road step, with the One Way signs. ${alternatives.length ? `They can go to ${destinationWords(alternatives)}.` : 'They have no road out.'}`);
    }
    case 'copsRoad': {
      if (s.turn.cops) return r('ALREADY_DONE', 'You have already moved the Cops this turn.');
      if (!live.has(a.to)) return r('OFF_LIMITS', `${nbName(s, a.to)} is off limits.`);
      return r('NOT_ADJACENT', `The Cops move one road step by road: from ${nbName(s, s.cops as NbId)} they can go to ${destinationWords(options('copsRoad'))}.`);
    }
    case 'tipOff': {
      if (s.turn.cops) return r('ALREADY_DONE', 'You have already moved the Cops this turn.');
      const from = s.cops ? coordsOfKey(s, tileKeyOf(s.cops)) : null;
      if (a.cards.length === 1 && !from) return r('NO_COORDINATES', 'The Cops’ tile has no coordinates: tip them off with a red/blue pair.');
      const target = targetCoords(from, a.cards);
      if (!target) return r('ILLEGAL', 'Two cards must be one red and one blue.');
      const fits = options('tipOff').filter((m) => m.type === 'tipOff' && removeCards(m.cards, a.cards)?.length === 0);
      if (a.to === s.cops) return r('WRONG_DESTINATION', `The Cops are already in ${nbName(s, a.to)}.`);
      const lead = `${cardsText(a.cards)} sends the Cops to ${coordName(s, target.red, target.blue)}`;
      return r('WRONG_DESTINATION', fits.length ? `${lead}: ${destinationWords(fits)}, not ${nbName(s, a.to)}.` : `${lead}: ${nowhere(s, target)}.`);
    }
    case 'place':
    case 'swap':
      return r('WRONG_PHASE', 'Map building is over.');
  }
  return r('ILLEGAL', 'That move is not allowed now.');
}

function destinationRefusal(
  s: FenceState, to: NbId, target: { red: number; blue: number }, pawn: NbId | 'jail' | null,
  r: (code: RefusalCode, message: string) => Refusal, moves: Action[],
): Refusal {
  const there = inPlayAt(s, target.red, target.blue);
  const names = (nbs: readonly NbId[]) => listOr([...new Set(nbs.map((n) => nbName(s, n)))]);
  const fitting = moves.flatMap((m) => (m.type === 'moveSelf' && there.includes(m.to) ? [m.to] : []));
  const elsewhere = moves.flatMap((m) => (m.type === 'moveSelf' ? [m.to] : []));
  const alternatives = fitting.length ? `You can go to ${names(fitting)}.`
    : elsewhere.length ? `Elsewhere you can go to ${names(elsewhere)}.` : 'You cannot Move Yourself this turn.';
  if (!there.includes(to)) {
    const lead = `Those cards lead to ${coordName(s, target.red, target.blue)}`;
    if (there.length === 0) return r('WRONG_DESTINATION', `${lead}: ${nowhere(s, target)}. ${alternatives}`);
    const atTarget = there.some((n) => tileKeyOf(n) === tileKeyOf(to));
    return r('WRONG_DESTINATION', atTarget ? `${nbName(s, to)} is off limits. ${alternatives}` : `${lead}, not to ${nbName(s, to)}. ${alternatives}`);
  }
  if (to === pawn) return r('WRONG_DESTINATION', `You are already in ${nbName(s, to)}. ${alternatives}`);
  if (to === s.cops) return r('NEIGHBORHOOD_OCCUPIED', `The Cops are in ${nbName(s, to)}. ${alternatives}`);
  const holder = s.pawns.findIndex((p) => p === to);
  if (holder >= 0) return r('NEIGHBORHOOD_OCCUPIED', `${nbName(s, to)} is occupied by ${seatName(s, holder)}. ${alternatives}`);
  return r('ILLEGAL', `You cannot move to ${nbName(s, to)} now. ${alternatives}`);
}

/** Why a coordinate has no neighborhood in play (B9): its tile is off limits, or not on the map. */
function nowhere(s: FenceState, at: { red: number; blue: number }): string {
  const onMap = s.map.some((p) => {
    const c = coordsOfKey(s, p.key);
    return c?.red === at.red && c.blue === at.blue;
  });
  return `no neighborhood in play there (${onMap ? 'that tile is off limits' : 'that tile is not on the map'})`;
}
