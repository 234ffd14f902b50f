/** What players read: action labels, one line per event, prompts, status, rules and help. Plain words, no ruling ids. */
import type { RulesTopic } from '../../platform/game.ts';
import { count, listAnd } from '../grammar.ts';
import { a } from './grammar.ts';
import { endingOf, shapesPicture, type Ending } from './views.ts';
import { COMPONENTS } from './components.ts';
import { colourOf, fenceLength, keepingSkips, actionPath, turnSkips } from './engine.ts';
import { dotName, spaceName, spaceXY, type Colour } from './grid.ts';
import { ducksOn, fullSections, breadUnlocked, eggUnlocked, isSpecialty, REROLL_SPACES, scoreOf } from './rules.ts';
import type { Action, DucksEvent, DucksState, EndReason, FenceAction, Pen } from './state.ts';

export const seatName = (s: DucksState, seat: number): string => s.seats[seat]?.name ?? `player ${seat + 1}`;
const Cap = (t: string): string => t.charAt(0).toUpperCase() + t.slice(1);
/** Who owns a colour: a player's name, or the Automa. */
export const colourName = (s: DucksState, c: Colour): string => {
  const seat = s.colours.indexOf(c);
  return seat >= 0 ? seatName(s, seat) : 'the Automa';
};
/** "P pen", "bent 3-space pen": every shape by its own name. */
export const shapeName = (id: string): string => `${COMPONENTS.shapes.get(id)?.name ?? id} pen`;
/** What a set of spaces holds, as counted things: "3 ducks, 1 bread and 2 eggs". */
export function contentsOf(cells: readonly number[]): { text: string; one: boolean } {
  let bread = 0;
  let eggs = 0;
  for (const c of cells) {
    const k = COMPONENTS.contents[c]?.kind;
    if (k === 'bread') bread++;
    else if (k === 'egg') eggs++;
  }
  const ducks = ducksIn(cells);
  const parts = [ducks && count(ducks, 'duck'), bread && count(bread, 'bread', 'bread'), eggs && count(eggs, 'egg')].filter((x): x is string => Boolean(x));
  return { text: listAnd(parts), one: parts.length === 1 && ducks + bread + eggs === 1 };
}
export const diceText = (dice: readonly Colour[]): string => dice.map(Cap).join(' · ');

/** A fence as a board player says it: "C4 → C7", "C4 → C6 → E6". */
export const pathText = (a: FenceAction): string => actionPath(a).map(dotName).join(' → ');
/** Spaces as typed (`/ducks place`, scenario files): each by the dot at its lower left, "C5 D5 E5". */
export const cellsText = (cells: readonly number[]): string => cells.map(spaceName).join(' ');
/**
 * Where a set of spaces lies, by the dots the board names: "between dots C4 and E6", the
 * corners of the smallest rectangle holding them. The channel's words name spaces only this
 * way: a space called "C4" would be the dot C4 on the picture.
 */
export function whereText(cells: readonly number[]): string {
  const xy = cells.map(spaceXY);
  const xs = xy.map((c) => c[0]);
  const ys = xy.map((c) => c[1]);
  return `between dots ${dotName([Math.min(...xs) - 1, Math.min(...ys) - 1])} and ${dotName([Math.max(...xs), Math.max(...ys)])}`;
}
const ducksIn = (cells: readonly number[]): number => cells.reduce((n, c) => n + ducksOn(c), 0);

/** A pen as players tell it apart: "a P pen", "a 3-space pen". */
export const penKind = (pen: Pick<Pen, 'cells' | 'shape'>): string => (isSpecialty(pen.shape) ? a(shapeName(pen.shape!)) : a(`${pen.cells.length}-space pen`));

/**
 * What pens closing means for `seat`, in words: "closes a 3-space pen: you capture 2 ducks",
 * "closes a P pen for Bo (more of its sides are blue): Bo captures 1 egg"; '' when none closes.
 */
export function closesText(s: DucksState, seat: number, pens: readonly Pen[]): string {
  const each = pens.map((pen) => {
    const inside = contentsOf(pen.cells).text;
    const owner = s.colours.indexOf(pen.owner);
    if (owner === seat) {
      const outline = isSpecialty(pen.shape) && !s.areas[seat]?.outlined.includes(pen.shape!) ? ` and outline the ${shapeName(pen.shape!)}` : '';
      return { kind: penKind(pen), what: `you capture ${inside || 'nothing (it is empty)'}${outline}` };
    }
    const who = colourName(s, pen.owner);
    const kind = `${penKind(pen)} for ${who} (more of its sides are ${pen.owner})`;
    if (owner >= 0) return { kind, what: `${who} captures ${inside || 'nothing (it is empty)'}` };
    return { kind, what: inside ? `nobody captures its ${inside}` : 'it is empty' };
  });
  if (each.length === 0) return '';
  if (each.length === 1) return `closes ${each[0]!.kind}: ${each[0]!.what}`;
  return `closes ${each.length} pens: ${listAnd(each.map((e) => `${e.kind} (${e.what})`))}`;
}

export function actionLabel(s: DucksState, a: Action): string {
  switch (a.type) {
    case 'roll': return 'Roll the dice';
    case 'keep': return keepingSkips(s) ? 'Keep these dice and skip the turn' : 'Keep these dice';
    case 'reroll':
      if (a.dice.length === 3) return 'Re-roll all three dice';
      return `Re-roll ${a.dice.length === 1 ? 'die' : 'dice'} ${listAnd(a.dice.map((i) => `${i + 1} (${s.turn.dice[i] ?? '?'})`))}`;
    case 'fence': return a.via ? `${pathText(a)} (bent, egg)` : pathText(a);
    case 'bread': return `Bread: ${pathText(a)}`;
    case 'done': {
      const end = s.turn.fenced || fenceLength(s) === 0 ? 'End my turn' : 'End my turn without a fence';
      return s.turn.stage === 'act' && turnSkips(s) ? `${end} (a skip)` : end;
    }
    case 'box': return `Duck box in the ${COMPONENTS.shapes.get(a.shape)?.name ?? a.shape} row`;
    case 'place': {
      const d = ducksIn(a.cells);
      return `${cellsText(a.cells)} · ${d ? count(d, 'duck') : 'no ducks'}`;
    }
  }
}

function turnDoneText(s: DucksState, e: Extract<DucksEvent, { type: 'turnEnded' }>): string | null {
  return e.skip ? `${seatName(s, e.seat)} skips this turn (no fence, no re-roll space).` : null;
}

export function eventText(s: DucksState, e: DucksEvent): string | null {
  switch (e.type) {
    case 'started':
      return e.solo
        ? `${seatName(s, 0)} plays ${e.colours[0]} against the Automa (${colourName(s, e.colours[0] === 'red' ? 'blue' : 'red')} plays ${e.colours[0] === 'red' ? 'blue' : 'red'}). Score ${COMPONENTS.soloTarget} or more to win.`
        : `${e.colours.map((c, i) => `${seatName(s, i)} plays ${c}`).join(', ')}. ${seatName(s, e.first)} starts.`;
    case 'rolled': return `${seatName(s, e.seat)} rolls ${diceText(e.dice)}.`;
    case 'rerolled': return `${seatName(s, e.seat)} re-rolls ${e.which.length === 3 ? 'all three dice' : `${e.which.length === 1 ? 'die' : 'dice'} ${listAnd(e.which.map((i) => String(i + 1)))}`}: now ${diceText(e.dice)}.`;
    case 'fenced': return `${seatName(s, e.seat)} draws ${e.action.type === 'bread' ? 'the bread fence' : e.action.via ? 'a bent fence' : 'a fence'} ${pathText(e.action)}.`;
    case 'penFormed': {
      const pen = s.pens[e.pen];
      if (!pen) return null;
      const what = pen.shape && COMPONENTS.specialty.some((x) => x.id === pen.shape) ? a(shapeName(pen.shape)) : a(`${pen.cells.length}-space pen`);
      const tie = pen.red === pen.blue ? ': a tie, so whoever closed it' : '';
      return `${Cap(what)} closes ${whereText(pen.cells)}: ${colourName(s, pen.owner)}'s (sides: red ${pen.red}, blue ${pen.blue}${tie}).`;
    }
    case 'rerollSpaces': return `${seatName(s, e.seat)} fills ${count(e.filled, 're-roll space')}${e.unlocked ? ' and unlocks a re-roll for every turn from the next one' : ''}.`;
    case 'captured': {
      // Ducks as the choice counted them ("you capture 3 ducks"), and the boxes they give (one per space with ducks).
      const pen = s.pens[e.pen];
      const ducks = pen ? ducksIn(pen.cells) : 0;
      const boxes = ducks === e.duckSpaces ? '' : ` (${count(e.duckSpaces, 'duck box', 'duck boxes')})`;
      const caught = !e.duckSpaces ? '' : ducks ? `${count(ducks, 'duck')}${boxes}` : count(e.duckSpaces, 'duck space');
      const got = listAnd([caught, e.bread && count(e.bread, 'bread', 'bread'), e.eggs && count(e.eggs, 'egg')].filter((x): x is string => Boolean(x)));
      const out = e.outlined ? `outlines the ${shapeName(e.outlined)}` : '';
      const parts = [out, got ? `captures ${got}` : ''].filter(Boolean).join(' and ');
      return parts ? `${seatName(s, e.seat)} ${parts}${e.lost ? ` (${count(e.lost, 'box', 'boxes')} beyond a full row lost)` : ''}.` : null;
    }
    case 'unlocked': return e.what === 'bread'
      ? `${seatName(s, e.seat)} unlocks the bread: from the next turn, one extra one-space fence per turn.`
      : `${seatName(s, e.seat)} unlocks the egg: from the next turn, the fence may bend once.`;
    case 'box': return e.auto ? null : `${seatName(s, e.seat)} crosses off a duck box in the ${COMPONENTS.shapes.get(e.shape)?.name ?? e.shape} row.`;
    case 'boxesLost': return `${seatName(s, e.seat)}'s duck rows are full: ${count(e.n, 'duck box', 'duck boxes')} lost.`;
    case 'turnEnded': return turnDoneText(s, e);
    case 'card': {
      const card = COMPONENTS.cards[e.card];
      return card ? `The Automa turns a card: ${a(shapeName(card.shape))} on dot ${dotName(card.dot)} (${count(e.left, 'card')} left).` : null;
    }
    case 'automaPlaced': {
      const card = COMPONENTS.cards[e.card];
      const via = e.dots?.length ? `: it goes through ${listAnd(e.dots.map(dotName))}, the nearest dot that could be used` : ': it goes through the nearest dot that could be used';
      const near = e.nearest && card ? ` (dot ${dotName(card.dot)} was not free${via})` : '';
      const gone = contentsOf(e.cells);
      return `The Automa's pen goes ${whereText(e.cells)}${near}${gone.text ? `; ${gone.text} ${gone.one ? 'leaves' : 'leave'} play with it` : ''}.`;
    }
    case 'automaSkipped': return 'The Automa\'s pen fits nowhere: the card is discarded and the Automa skips.';
    case 'timedOut': return `${seatName(s, e.seat)} ran out of time: the bot plays that part for them${e.inARow >= 3 ? ` (${e.inARow} times in a row)` : ''}.`;
    case 'left': return `${seatName(s, e.seat)} ${e.reason === 'resigned' ? 'resigns' : e.reason === 'timeouts' ? 'leaves the game after three turns timed out in a row' : 'leaves the game'}.`;
    case 'tookOver': return `The computer plays on in ${seatName(s, e.seat)}'s seat.`;
    case 'ending': return `${ENDED[e.reason]} Before the score, ${listAnd(e.owed.map((x) => `${seatName(s, x.seat)} places ${count(x.boxes, 'duck box', 'duck boxes')}`))}.`;
    case 'over': return overText(s, e);
  }
}

/** Why a scored game ended (D20, A9): the first line of its end. */
const ENDED: Record<EndReason, string> = {
  skips: 'Two turns in a row were skipped (no fence drawn, no re-roll space filled): the game is over.',
  deck: 'The Automa\'s last card is played: the game is over.',
};

/** The end as its last turn's post tells it: why it ended (its score comes in the end's table and summary). */
function overText(s: DucksState, e: Extract<DucksEvent, { type: 'over' }>): string {
  if (e.end.kind === 'aborted') return 'The game was called off.';
  if (e.end.kind === 'resigned') {
    if (s.seats.length === 1) return 'The game ends unscored.';
    return `${e.end.winners.map((w) => seatName(s, w)).join(' and ')} wins.`;
  }
  return e.end.reason ? ENDED[e.end.reason] : 'The game is over.';
}

/** One player's score by its parts (D21): "Ana: 12 points = 5 for the largest group of 5 pens + 4 for 2 shapes outlined + 3 for ducks in full rows (P 3); 17 ducks penned." */
export function scoreLine(row: Ending['rows'][number]): string {
  const group = row.group ? `${row.group} for the largest group of ${count(row.group, 'pen')}` : '0 for pens (none)';
  const shapes = row.outlined ? `${row.shapePoints} for ${count(row.outlined, 'shape')} outlined` : '0 for shapes (none outlined)';
  const rows = row.fullRows.length ? `${row.duckPoints} for ducks in pens of full rows (${row.fullRows.map((r) => `${r.name} ${r.ducks}`).join(', ')})` : '0 for ducks (no duck row full)';
  return `${row.name}: ${count(row.total, 'point')} = ${group} + ${shapes} + ${rows}; ${count(row.ducks, 'duck')} penned.`;
}

/** The end of a scored game, after the platform's line naming the winners: each score by its parts, and who won how. */
export function summary(s: DucksState): string[] {
  const ending = endingOf(s);
  if (!ending) return [];
  return [...ending.rows.map(scoreLine), `${ending.verdict}.`];
}

/**
 * Why a move subcommand offers `seat` nothing on their turn, and what to do instead: "Roll
 * first", "place your duck boxes first", "no fence fits these dice"…
 */
export function unavailableText(s: DucksState, seat: number, command: string): string {
  const area = s.areas[seat];
  if (area && area.pending > 0 && command !== 'box') return `Place your ${count(area.pending, 'duck box', 'duck boxes')} first: press a row (on your turn's post or your last private answer), or use \`/ducks box\`.`;
  const stage = s.turn.stage;
  if (seat !== s.turn.seat || stage === 'final') return command === 'box' ? 'You have no duck boxes to place.' : 'It is not your turn: wait for yours.';
  if (command === 'box') return 'You have no duck boxes to place.';
  if (stage === 'roll') return 'Roll first: press **Roll** on your turn\'s post.';
  if (command === 'fence') return stage === 'automa' ? 'Your fence is drawn: now place the Automa\'s pen.' : `No fence fits these dice${fenceLength(s) ? '' : ` (no ${colourOf(s, seat)} die)`}: re-roll, keep them, or end your turn.`;
  if (command === 'reroll') return 'Your dice stand: re-rolls come right after the roll, one per full re-roll section.';
  if (command === 'place') return s.automa ? 'The Automa\'s card comes once your turn is over.' : 'There is no Automa in a two-player game.';
  return 'You cannot do that right now.';
}

export function phaseText(s: DucksState): string {
  if (s.end) return 'game over';
  if (s.turn.stage === 'final') return 'game over: the last duck boxes are placed, then the score';
  const cards = s.automa ? ` · ${count(s.automa.deck.length, 'Automa card')} left` : '';
  return `turn ${s.turn.number}${cards}`;
}

export function statusLines(s: DucksState): string[] {
  const lines = s.seats.map((_, seat) => {
    const a = s.areas[seat]!;
    const sc = scoreOf(s, seat);
    const unlocks = [breadUnlocked(a) && 'bread', eggUnlocked(a) && 'egg'].filter(Boolean).join(' and ');
    const rows = COMPONENTS.specialty.map((sh) => `${sh.name} ${a.ducks[sh.id] ?? 0}/${sh.duckBoxes}`).join(', ');
    return `${seatName(s, seat)} (${colourOf(s, seat)}): ${count(sc.total, 'point')} so far · re-roll spaces ${a.rerolls}/${REROLL_SPACES} (${count(fullSections(a.rerolls), 're-roll')} a turn) · bread ${a.bread}/${COMPONENTS.breadBoxes}, eggs ${a.eggs}/${COMPONENTS.eggBoxes}${unlocks ? ` (${unlocks} unlocked)` : ''} · shapes outlined: ${a.outlined.map((id) => COMPONENTS.shapes.get(id)?.name ?? id).join(', ') || 'none'} · duck rows: ${rows}${a.pending ? ` · ${count(a.pending, 'duck box', 'duck boxes')} to place` : ''}`;
  });
  if (s.automa) lines.push(`The Automa (${s.automa.colour}): ${count(s.automa.deck.length, 'card')} left · target ${COMPONENTS.soloTarget} points`);
  return lines;
}

const shapesList = COMPONENTS.specialty.map((sh) => `${sh.name} (${sh.cells.length} spaces)`).join(', ');
const points = COMPONENTS.shapePoints.map((p, i) => `${i + 1} → ${p}`).join(', ');

export const RULES: RulesTopic[] = [
  {
    name: 'Overview',
    value: 'overview',
    text: `**Duck Pens** Two farmers (or you against the Automa) fence in the ducks that got loose on a 10×10 field. Each turn you roll three red/blue dice and draw a fence as long as the dice showing your colour. Close pens to capture the ducks, bread and eggs inside. Bread and eggs unlock special actions; ducks fill the rows of your five specialty pens. The game ends after two skipped turns in a row (solo: after the Automa's 18th card), then you score.`,
  },
  {
    name: 'Your turn',
    value: 'turn',
    text: `**Your turn** 1) **Roll** the three dice. Each full re-roll section (3, 4 and 5 spaces) lets you re-roll any dice once per turn, before you act. 2) **Fence**: a straight line exactly as long as the dice showing your colour (none: no fence). 3) One **special action** if unlocked. 4) Each die showing the other colour fills a re-roll space (automatically). 5) **Capture** the pens you closed. A turn with no fence and no re-roll space is a skip.`,
  },
  {
    name: 'Fences',
    value: 'fences',
    text: '**Fences** run along the lines between dots (named like "C4 → C7"). A new fence must touch one of your own fences (your printed border counts) anywhere along either, may not go over a drawn fence, may not cross one (going straight through a point where a fence runs across), and may not go inside a finished pen. Ending on a fence, a T or a corner is fine. The fences you drew earlier in the turn count.',
  },
  {
    name: 'Pens',
    value: 'pens',
    picture: shapesPicture(),
    text: `**Pens** An area closed on all sides is a pen when it has 3 or 4 spaces or matches one of the five specialty shapes (turned or flipped): ${shapesList}. Areas of 1 or 2 spaces are never pens; bigger areas stay open and can be split later. The owner is whoever has more of its sides in their colour (your printed border counts for you, the grey side borders for nobody); on a tie, whoever closed it.`,
  },
  {
    name: 'Capture',
    value: 'capture',
    text: `**Capture** The owner shades the pen, outlines its shape in their area the first time, and crosses off a box per captured space: a duck box (in any specialty row with room, your choice) per space with ducks, a bread box per bread, an egg box per egg. A full bread row (${COMPONENTS.breadBoxes}) unlocks an extra one-space fence each turn; a full egg row (${COMPONENTS.eggBoxes}) lets your fence bend once. One special action per turn; unlocks work from your next turn. If you capture on the other player's turn, place your duck boxes before your next roll.`,
  },
  {
    name: 'Scoring',
    value: 'scoring',
    text: `**Scoring** 1 point per pen in your largest group of pens touching along a side; points for specialty shapes outlined (${points}); and for each specialty row you filled completely, 1 point per duck in your pens of that shape. Most points wins; a tie goes to whoever penned more ducks.`,
  },
  {
    name: 'Solo: the Automa',
    value: 'automa',
    text: `**Solo** The Automa plays the other colour. After each of your turns it turns a card: a pen shape and a dot. You place that shape (turned or flipped as you like) on spaces in no pen, with no fence inside it, so that its outline passes through the dot; if it cannot, through the nearest dot it can. Its open sides become Automa fences, the pen is the Automa's and its contents leave play. You cannot connect to Automa fences. After 18 cards (or two skips in a row) you score; ${COMPONENTS.soloTarget} points or more wins.`,
  },
];

export const HELP = [
  '**Duck Pens with the bot**',
  '`/ducks new` opens a game: press **Start** alone to play solo against the Automa, or let a friend **Join** (or `/ducks addbot`) for two players. `colour:` picks your colour.',
  'On your turn press **Roll**. You then see, privately, the board with every fence your dice allow, each with a number: press a number to draw that fence (it keeps your dice). What each fence does is written beside it ("closes a 3-space pen: you capture 2 ducks"), and the pen it would close is shaded with its number. With re-rolls unlocked, press **Re-roll** first to pick dice, or **Keep** to keep them without a fence yet. **End turn** ends it without a fence.',
  'In solo the Automa\'s card follows: its pen\'s places are shown one by one, numbered, the one losing the fewest ducks first: press a number. Captured duck spaces give duck boxes: press the row for each. The channel sees your whole turn in one post once it is over.',
  '`/ducks fence` lists every legal fence for your roll, written from dot to dot ("C4 → C7", "C4 → C6 → E6" with a bend); type to filter, or type one yourself. You first see it drawn on the board, privately: press **Confirm** to draw it for good. Bread fences show as "Bread: …".',
  '`/ducks map` shows the board, `/ducks status` the scores and player areas, `/ducks rules` the rules.'].join('\n');

export const RESIGN_TEXT = 'You leave the game: with two players the other player wins; a solo game ends unscored.';
