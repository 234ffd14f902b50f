/**
 * A FENCE! turn as a few taps (src/platform/choices.ts), each level about places labelled on
 * its picture (pictures.ts's scenePicture: a close-up when the places fit in two panes, else
 * the whole city's overview):
 * - on the turn post, words only: **Move Yourself**, **Move Others**. Hands are secret, and
 *   where a seat's cards lead would tell them: nothing on the post depends on a hand (what the
 *   Move Others level marks, pushes and the Cops by road, needs no card);
 * - Move Yourself, to the seat alone: every neighborhood its cards lead to, lettered on the
 *   map; a letter more than one play of cards reaches asks which (Red 4, or Red 4 + Blue 3);
 * - Move Others, to the seat alone: every pawn's road step and the Cops' road steps, lettered,
 *   one tap each (two pieces that may go to one place: which); **Tip off the Cops** opens the
 *   places the seat's cards send the Cops to, lettered like Move Yourself's; a Hunch's die and
 *   a boat are words. The other part follows in the private answer (the turn is held).
 * - a move that sends the Cops onto the seat's own pawn asks once more (B15);
 * - choices the rules give (H1): a colour to draw, a neighborhood (lettered), the Trading Post.
 * So a turn is Move Yourself and a letter (a third tap when two plays reach one place), or
 * Move Others and a letter for each part.
 */
import { choiceOfButtons, LABEL_MAX, type Choice, type ChoiceOption } from '../../platform/choices.ts';
import type { ChoiceButton, Picture, Prompt } from '../../platform/game.ts';
import type { Action } from './actions.ts';
import { cardName, colourOf } from './cards.ts';
import { parseNbId, type NbId } from './geometry.ts';
import { letters } from './grid.ts';
import { legalActions } from './legal.ts';
import { cardsText, placeName, seatName } from './names.ts';
import { moverFocus, scenePicture, selfJailPicture } from './pictures.ts';
import { isJailed, jailsMover, movingOthers } from './rules.ts';
import type { FenceState } from './state.ts';
import { placesAtOnce } from './variants/index.ts';
import { freeForAllPrompt } from './variants/free-for-all.ts';
import { tradePrompt } from './variants/trading-cards.ts';
import type { ChoiceMark } from './views.ts';
import { view } from './visible.ts';
import { actionLabel, playersOrder } from './words.ts';

type Level = Choice<Action, Picture>;
type Option = ChoiceOption<Action, Picture>;

/** The words on the buttons that are not places (every other label of a level with a picture is drawn on it). */
export const VERBS = {
  self: 'Move Yourself',
  others: 'Move Others',
  tipOff: 'Tip off the Cops',
  trade: 'Trade a card',
  noTrade: 'No trade',
} as const;

/** What `seat` must do now, in words, and the choice as taps (H1 choices included). */
export function prompt(s: FenceState, seat: number): Prompt<Action> {
  const p = s.pending;
  if (p?.kind === 'drawColour') {
    const why = p.reason === 'hotGoods' ? 'Hot Goods' : p.reason === 'evidence' ? 'State’s Evidence' : 'a tile well placed';
    const more = p.count > 1 ? ` (${p.count} cards to draw)` : '';
    const question = `choose the colour of the card you draw (${why})${more}`;
    return { text: `${question} with the buttons below.`, buttons: [], choice: choiceOfButtons(question, colourButtons(s, seat, (c) => `Draw ${c}`)) };
  }
  if (p?.kind === 'discardColour') {
    const question = 'nobody won those Hot Goods: choose the Stash pile that loses its top card';
    return { text: `${question} with the buttons below.`, buttons: [], choice: choiceOfButtons(question, colourButtons(s, seat, (_, a) => actionLabel(s, a))) };
  }
  if (p?.kind === 'tradingPost') {
    const question = 'you ended your turn on the Trading Post: trade a card with another player (you take one of theirs at random), or pass';
    return { text: `${question}: the buttons below, or \`/fence trade\`.`, buttons: [], choice: tradingPostChoice(s, seat, question) };
  }
  if (p) {
    const what = p.kind === 'pawnNeighborhood' ? 'the neighborhood where your pawn starts'
      : p.kind === 'copsNeighborhood' ? 'where the Cops start'
      : p.what === 'tradingPost' ? 'where the Trading Post goes'
      : p.what === 'tunnel' ? 'the neighborhood at this end of the Tunnel'
      : 'where the Cops go on your Hunch';
    const piece = p.kind === 'pawnNeighborhood' ? seat : p.kind === 'copsNeighborhood' || (p.kind === 'marker' && p.what === 'hunch') ? 'cops' : null;
    const question = `choose ${what}: press its letter`;
    const choices = playersOrder(s, seat, p.options.map((nb): Action => ({ type: 'chooseNeighborhood', nb })));
    return { text: `${question} (lettered on the map), or \`/fence pick\` it.`, buttons: [], choice: placesLevel(s, seat, question, choices.map((a) => ({ action: a, nb: (a as { nb: NbId }).nb, piece })), []) };
  }
  const answer = tradePrompt(s, seat);
  if (answer) return answer;
  if (s.phase === 'building' && placesAtOnce(s.options)) return { text: freeForAllPrompt(s, seat), buttons: [] };
  if (s.phase === 'building') return { text: 'your turn to build: `/fence place` a tile from your hand, or `/fence swap` one in.', buttons: [] };
  return turnPrompt(s, seat);
}

/** The colours a seat may choose, as buttons. */
function colourButtons(s: FenceState, seat: number, label: (colour: string, a: Action) => string): ChoiceButton<Action>[] {
  return legalActions(s, seat).flatMap((a): ChoiceButton<Action>[] => (a.type === 'chooseColour' ? [{ label: label(a.colour, a), action: a, style: a.colour === 'red' ? 'danger' : 'primary' }] : []));
}

// ---- A turn of the main phase ---------------------------------------------------------------

function turnPrompt(s: FenceState, seat: number): Prompt<Action> {
  const legal = playersOrder(s, seat, legalActions(s, seat));
  const self = legal.filter((a) => a.type === 'moveSelf');
  const others = legal.filter((a) => a.type === 'push' || a.type === 'copsRoad' || a.type === 'tipOff' || a.type === 'hunch' || a.type === 'playBoat');
  const commands = [self.length ? '`/fence move`' : '', legal.some((a) => a.type === 'push') ? '`/fence push`' : '', legal.some((a) => a.type === 'copsRoad' || a.type === 'tipOff') ? '`/fence cops`' : ''].filter(Boolean);
  const extras = [legal.some((a) => a.type === 'hunch') ? '`/fence hunch`' : '', legal.some((a) => a.type === 'playBoat') ? '`/fence boat`' : '', legal.some((a) => a.type === 'offerTrade') ? '`/fence trade` (offer a trade first)' : ''].filter(Boolean);
  const typed = [...commands, ...extras];
  const orType = typed.length ? `, or type it: ${typed.join(', ')}` : '';
  const jail = isJailed(s, seat) ? 'you are in Jail — ' : '';
  if (movingOthers(s)) {
    const level = othersLevel(s, seat, others);
    return { text: `${jail}finish Moving Others: ${level.question}${orType}.`, buttons: [], choice: level };
  }
  const options: Option[] = [];
  if (self.length) options.push({ label: VERBS.self, says: '', then: () => selfLevel(s, seat, self) });
  if (others.some((a) => a.type !== 'playBoat')) options.push({ label: VERBS.others, says: '', then: () => othersLevel(s, seat, others), style: 'secondary' });
  const ask = options.length === 0 ? 'nothing is possible' : options.length === 1 ? (self.length ? 'Move Yourself' : 'Move Others') : 'Move Yourself or Move Others';
  return { text: `${jail}your turn: ${ask}${orType}.`, buttons: [], choice: { question: `${ask}?`, options } };
}

/** Move Yourself: each place the seat's cards lead to, lettered; which cards when several plays reach it. */
function selfLevel(s: FenceState, seat: number, moves: readonly Action[]): Level {
  const question = isJailed(s, seat) ? 'out of Jail: where do you go? Press its letter' : 'where do you go? Press its letter';
  const pawn = s.pawns[seat];
  const context = pawn && pawn !== 'jail' ? [pawn] : [];
  return placesLevel(s, seat, question, moves.map((a) => ({ action: a, nb: (a as { to: NbId }).to, piece: seat })), context);
}

/**
 * Move Others (or what is left of it): every road step of another pawn and of the Cops,
 * lettered; the Cops tipped off with cards, a Hunch, a boat: words.
 */
function othersLevel(s: FenceState, seat: number, moves: readonly Action[]): Level {
  const steps = moves.filter((a) => a.type === 'push' || a.type === 'copsRoad');
  const pieces = steps.map((a) => (a.type === 'push' ? a.target : 'cops' as const));
  const context = [...new Set(pieces)].flatMap((p) => {
    const at = p === 'cops' ? s.cops : s.pawns[p];
    return at && at !== 'jail' ? [at] : [];
  });
  const parts = [steps.some((a) => a.type === 'push') ? 'push a pawn one road' : '', moves.some((a) => a.type !== 'push' && a.type !== 'playBoat') ? 'move the Cops' : ''].filter(Boolean);
  const question = `${parts.join(' and ') || 'play a boat'}: press a letter`;
  const level = placesLevel(s, seat, question, steps.map((a, k) => ({ action: a, nb: (a as { to: NbId }).to, piece: pieces[k]! })), context);
  const tips = moves.filter((a) => a.type === 'tipOff');
  if (tips.length) {
    const from = s.cops ? [s.cops] : [];
    level.options.push({ label: VERBS.tipOff, says: 'play one or two cards: the Cops go where they point', style: 'secondary', then: () => placesLevel(s, seat, 'where do you send the Cops? Press its letter', tips.map((a) => ({ action: a, nb: (a as { to: NbId }).to, piece: 'cops' as const })), from) });
  }
  for (const a of moves) {
    if (a.type === 'hunch') level.options.push({ label: `Hunch: the ${a.colour} die`, says: actionLabel(s, a), action: a, style: 'secondary' });
    if (a.type === 'playBoat') level.options.push({ label: `Play a ${colourOf(a.card)} boat`, says: actionLabel(s, a), action: a, style: 'secondary' });
  }
  return level;
}

/**
 * How an action is told apart from the others that reach the same place, on a button (short:
 * it may open the confirmation of B15): the cards it plays, or the piece it moves.
 */
function whichLabel(s: FenceState, a: Action): string {
  if ('cards' in a) return cardsText(a.cards);
  if (a.type === 'push') return `Push ${seatName(s, a.target)}`.slice(0, LABEL_MAX);
  if (a.type === 'copsRoad') return 'The Cops';
  return actionLabel(s, a, LABEL_MAX);
}

interface Place {
  action: Action;
  nb: NbId;
  piece: number | 'cops' | null;
}

/**
 * A level about places: one letter per place, in reading order on the map (by row, then
 * column), drawn where the place is. A place several actions reach opens a level of words that
 * says which (the cards played, or the piece moved: whichLabel).
 */
function placesLevel(s: FenceState, seat: number, question: string, places: readonly Place[], context: readonly NbId[]): Level {
  const cell = (nb: NbId) => s.map.find((p) => p.key === parseNbId(nb).key);
  const order = (nb: NbId) => {
    const c = cell(nb);
    return c ? c.y * 10_000 + c.x * 10 + parseNbId(nb).index : Number.MAX_SAFE_INTEGER;
  };
  const byPlace = new Map<NbId, Place[]>();
  for (const p of [...places].sort((a, b) => order(a.nb) - order(b.nb))) byPlace.set(p.nb, [...(byPlace.get(p.nb) ?? []), p]);
  const marks: ChoiceMark[] = [];
  const options: Option[] = [...byPlace].map(([nb, here], k): Option => {
    const label = letters(k);
    const pieces = new Set(here.map((p) => p.piece));
    marks.push({ label, nb, piece: pieces.size === 1 ? here[0]!.piece : null });
    if (here.length === 1) return optionFor(s, seat, label, here[0]!.action);
    const name = placeName(s, nb);
    const labels = unique(here.map((p) => whichLabel(s, p.action)));
    return {
      label,
      says: `${name}: ${labels.join(', or ')}`,
      then: () => ({ question: `${name}: which?`, options: here.map((p, i) => optionFor(s, seat, labels[i]!, p.action)) }),
    };
  });
  const v = { ...view(s, 'channel'), hotGoods: null };
  const at = (nb: NbId) => {
    const c = cell(nb);
    return c ? [{ x: c.x, y: c.y }] : [];
  };
  const focus = [
    ...[...byPlace.keys()].flatMap((nb) => at(nb).map((c) => ({ ...c, primary: true }))),
    ...context.flatMap((nb) => at(nb).map((c) => ({ ...c, primary: false }))),
    ...moverFocus(v, seat).map((c) => ({ ...c, primary: false })),
  ];
  return { question, picture: scenePicture(v, focus, { marks, toPlay: seat }, 'a choice'), options };
}

/**
 * One action offered under `label`. A move that sends the Cops onto the seat's own pawn is
 * asked once more before it is played (B15: the bot says so before you confirm).
 */
function optionFor(s: FenceState, seat: number, label: string, action: Action, says = actionLabel(s, action)): Option {
  if (!jailsMover(s, seat, action)) return { label, says, action };
  return {
    label,
    says,
    style: 'danger',
    then: () => {
      const picture = selfJailPicture(s, seat, action);
      return { question: `${actionLabel(s, action)}: the Cops catch you too. Sure?`, ...(picture ? { picture } : {}), options: [{ label: 'Confirm: I go to Jail', says: '', action, style: 'danger' }] };
    },
  };
}

/** Labels made unique in their level: a second "Push Computer" becomes "Push Computer (2)". */
function unique(labels: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((l) => {
    const n = (seen.get(l) ?? 0) + 1;
    seen.set(l, n);
    return n === 1 ? l : `${l.slice(0, LABEL_MAX - 4)} (${n})`;
  });
}

// ---- The Trading Post (E12) ----------------------------------------------------------------------

function tradingPostChoice(s: FenceState, seat: number, question: string): Level {
  const legal = legalActions(s, seat);
  const trades = legal.filter((a) => a.type === 'postTrade');
  const options: Option[] = [];
  if (trades.length) {
    options.push({
      label: VERBS.trade,
      says: '',
      then: () => ({
        question: 'which card do you give, and to whom? You take one of theirs at random',
        options: trades.map((a) => ({ label: a.type === 'postTrade' ? `${cardName(a.card)} to ${seatName(s, a.target)}`.slice(0, 80) : '', says: '', action: a })),
      }),
    });
  }
  const pass = legal.find((a) => a.type === 'postPass');
  if (pass) options.push({ label: VERBS.noTrade, says: '', action: pass, style: 'secondary' });
  return { question, options };
}
