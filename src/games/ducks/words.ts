/** What players read: action labels, one line per event, prompts, status, rules and help. Plain words, no ruling ids. */
import type { Prompt, RulesTopic } from '../../platform/game.ts';
import { a, listText, plural } from './grammar.ts';
import { shapesPicture } from './views.ts';
import { COMPONENTS } from './components.ts';
import { colourOf, currentCard, fenceLength, keepingSkips, openRows, simpleChoice, legalActions, actionPath, turnSkips } from './engine.ts';
import { dotName, spaceName, type Colour } from './grid.ts';
import { ducksOn, fullSections, breadUnlocked, eggUnlocked, REROLL_SPACES, scoreOf } from './rules.ts';
import type { Action, DucksEvent, DucksState, EndReason, FenceAction, Score } from './state.ts';

export const seatName = (s: DucksState, seat: number): string => s.seats[seat]?.name ?? `player ${seat + 1}`;
const Cap = (t: string): string => t.charAt(0).toUpperCase() + t.slice(1);
/** Who owns a colour: a player's name, or the Automa. */
export const colourName = (s: DucksState, c: Colour): string => {
  const seat = s.colours.indexOf(c);
  return seat >= 0 ? seatName(s, seat) : 'the Automa';
};
/** "P pen", "bent 3-space pen": every shape by its own name. */
const shapeName = (id: string): string => `${COMPONENTS.shapes.get(id)?.name ?? id} pen`;
/** What a set of spaces holds, as counted things: "3 ducks, 1 bread and 2 eggs". */
function contentsOf(cells: readonly number[]): { text: string; one: boolean } {
  let bread = 0;
  let eggs = 0;
  for (const c of cells) {
    const k = COMPONENTS.contents[c]?.kind;
    if (k === 'bread') bread++;
    else if (k === 'egg') eggs++;
  }
  const ducks = ducksIn(cells);
  const parts = [ducks && plural(ducks, 'duck'), bread && plural(bread, 'bread', 'bread'), eggs && plural(eggs, 'egg')].filter((x): x is string => Boolean(x));
  return { text: listText(parts), one: parts.length === 1 && ducks + bread + eggs === 1 };
}
const diceText = (dice: readonly Colour[]): string => dice.map(Cap).join(' · ');

/** A fence as a board player says it: "C4 → C7", "C4 → C6 → E6". */
export const pathText = (a: FenceAction): string => actionPath(a).map(dotName).join(' → ');
export const cellsText = (cells: readonly number[]): string => cells.map(spaceName).join(' ');
const ducksIn = (cells: readonly number[]): number => cells.reduce((n, c) => n + ducksOn(c), 0);

export function actionLabel(s: DucksState, a: Action): string {
  switch (a.type) {
    case 'roll': return 'Roll the dice';
    case 'keep': return keepingSkips(s) ? 'Keep these dice and skip the turn' : 'Keep these dice';
    case 'reroll':
      if (a.dice.length === 3) return 'Re-roll all three dice';
      return `Re-roll ${a.dice.length === 1 ? 'die' : 'dice'} ${listText(a.dice.map((i) => `${i + 1} (${s.turn.dice[i] ?? '?'})`))}`;
    case 'fence': return a.via ? `${pathText(a)} (bent, egg)` : pathText(a);
    case 'bread': return `Bread: ${pathText(a)}`;
    case 'done': {
      const end = s.turn.fenced || fenceLength(s) === 0 ? 'End my turn' : 'End my turn without a fence';
      return s.turn.stage === 'act' && turnSkips(s) ? `${end} (a skip)` : end;
    }
    case 'box': return `Duck box in the ${COMPONENTS.shapes.get(a.shape)?.name ?? a.shape} row`;
    case 'place': {
      const d = ducksIn(a.cells);
      return `${cellsText(a.cells)} · ${d ? plural(d, 'duck') : 'no ducks'}`;
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
    case 'rerolled': return `${seatName(s, e.seat)} re-rolls ${e.which.length === 3 ? 'all three dice' : `${e.which.length === 1 ? 'die' : 'dice'} ${listText(e.which.map((i) => String(i + 1)))}`}: now ${diceText(e.dice)}.`;
    case 'fenced': return `${seatName(s, e.seat)} draws ${e.action.type === 'bread' ? 'the bread fence' : e.action.via ? 'a bent fence' : 'a fence'} ${pathText(e.action)}.`;
    case 'penFormed': {
      const pen = s.pens[e.pen];
      if (!pen) return null;
      const what = pen.shape && COMPONENTS.specialty.some((x) => x.id === pen.shape) ? a(shapeName(pen.shape)) : a(`${pen.cells.length}-space pen`);
      const tie = pen.red === pen.blue ? ': a tie, so whoever closed it' : '';
      return `${Cap(what)} closes at ${cellsText(pen.cells)}: ${colourName(s, pen.owner)}'s (sides: red ${pen.red}, blue ${pen.blue}${tie}).`;
    }
    case 'rerollSpaces': return `${seatName(s, e.seat)} fills ${plural(e.filled, 're-roll space')}${e.unlocked ? ' and unlocks a re-roll for every turn from the next one' : ''}.`;
    case 'captured': {
      const got = listText([e.duckSpaces && plural(e.duckSpaces, 'duck space'), e.bread && plural(e.bread, 'bread', 'bread'), e.eggs && plural(e.eggs, 'egg')].filter((x): x is string => Boolean(x)));
      const out = e.outlined ? `outlines the ${shapeName(e.outlined)}` : '';
      const parts = [out, got ? `captures ${got}` : ''].filter(Boolean).join(' and ');
      return parts ? `${seatName(s, e.seat)} ${parts}${e.lost ? ` (${plural(e.lost, 'box', 'boxes')} beyond a full row lost)` : ''}.` : null;
    }
    case 'unlocked': return e.what === 'bread'
      ? `${seatName(s, e.seat)} unlocks the bread: from the next turn, one extra one-space fence per turn.`
      : `${seatName(s, e.seat)} unlocks the egg: from the next turn, the fence may bend once.`;
    case 'box': return e.auto ? null : `${seatName(s, e.seat)} crosses off a duck box in the ${COMPONENTS.shapes.get(e.shape)?.name ?? e.shape} row.`;
    case 'boxesLost': return `${seatName(s, e.seat)}'s duck rows are full: ${plural(e.n, 'duck box', 'duck boxes')} lost.`;
    case 'turnEnded': return turnDoneText(s, e);
    case 'card': {
      const card = COMPONENTS.cards[e.card];
      return card ? `The Automa turns a card: ${a(shapeName(card.shape))} on dot ${dotName(card.dot)} (${plural(e.left, 'card')} left).` : null;
    }
    case 'automaPlaced': {
      const card = COMPONENTS.cards[e.card];
      const via = e.dots?.length ? `: it goes through ${listText(e.dots.map(dotName))}, the nearest dot that could be used` : ': it goes through the nearest dot that could be used';
      const near = e.nearest && card ? ` (dot ${dotName(card.dot)} was not free${via})` : '';
      const gone = contentsOf(e.cells);
      return `The Automa's pen goes on ${cellsText(e.cells)}${near}${gone.text ? `; ${gone.text} ${gone.one ? 'leaves' : 'leave'} play with it` : ''}.`;
    }
    case 'automaSkipped': return 'The Automa\'s pen fits nowhere: the card is discarded and the Automa skips.';
    case 'timedOut': return `${seatName(s, e.seat)} ran out of time: the bot plays that part for them${e.inARow >= 3 ? ` (${e.inARow} times in a row)` : ''}.`;
    case 'left': return `${seatName(s, e.seat)} ${e.reason === 'resigned' ? 'resigns' : e.reason === 'timeouts' ? 'leaves the game after three turns timed out in a row' : 'leaves the game'}.`;
    case 'tookOver': return `The computer plays on in ${seatName(s, e.seat)}'s seat.`;
    case 'ending': return `${ENDED[e.reason]} Before the score, ${listText(e.owed.map((x) => `${seatName(s, x.seat)} places ${plural(x.boxes, 'duck box', 'duck boxes')}`))}.`;
    case 'over': return overText(s, e);
  }
}

/** Why a scored game ended (D20, A9): the end post's first line. */
const ENDED: Record<EndReason, string> = {
  skips: 'Two turns in a row were skipped: the game is over.',
  deck: 'The Automa\'s last card is played: the game is over.',
};

function overText(s: DucksState, e: Extract<DucksEvent, { type: 'over' }>): string {
  if (e.end.kind === 'aborted') return 'The game was called off.';
  const lines = e.scores.map((x, i) => `${seatName(s, i)}: ${plural(x.total, 'point')} (largest group ${x.group}, ${x.outlined ? `${plural(x.outlined, 'shape')} outlined ${x.shapePoints}` : 'no shape outlined'}, ducks in full rows ${x.duckPoints}; ${plural(x.ducks, 'duck')} penned).`);
  if (e.end.kind === 'resigned') {
    if (s.seats.length === 1) return `The game ends unscored.`;
    return `${e.end.winners.map((w) => seatName(s, w)).join(' and ')} wins.`;
  }
  const why = e.end.reason ? [ENDED[e.end.reason]] : [];
  if (s.automa) {
    const won = e.end.winners.length > 0;
    return [...why, ...lines, `${won ? `${seatName(s, 0)} beats the Automa` : `${seatName(s, 0)} falls short of the Automa`} (target ${COMPONENTS.soloTarget}).`].join('\n');
  }
  return [...why, ...lines, winnersText(s, e.end.winners, e.scores)].join('\n');
}

/** Who won and, when points were tied, how the tie-break (most ducks penned, D22) settled it. */
function winnersText(s: DucksState, winners: readonly number[], scores: readonly Score[]): string {
  const names = listText(winners.map((x) => seatName(s, x)));
  const top = scores[winners[0] as number];
  const tiedOnPoints = scores.filter((x) => x.total === top?.total).length > 1;
  if (winners.length > 1) return `${names} share the win: ${plural(top?.total ?? 0, 'point')} and ${plural(top?.ducks ?? 0, 'duck')} penned each!`;
  if (!tiedOnPoints || !top) return `${names} wins!`;
  const others = scores.filter((x, i) => x.total === top.total && i !== winners[0]).map((x) => x.ducks);
  return `${names} wins on the tie-break: ${plural(top.total, 'point')} each, and ${names} penned more ducks (${top.ducks} to ${others.join(', ')}).`;
}

export function prompt(s: DucksState, seat: number): Prompt<Action> {
  const legal = legalActions(s, seat);
  const area = s.areas[seat];
  if (legal.some((a) => a.type === 'box') && area) {
    return {
      text: `place ${plural(area.pending, 'duck box', 'duck boxes')}: pick a row for each (any row with a free box).`,
      buttons: openRows(area).map((shape) => {
        const sh = COMPONENTS.shapes.get(shape);
        return { label: `${sh?.name ?? shape} row (${area.ducks[shape] ?? 0}/${sh?.duckBoxes ?? 0} crossed)`, action: { type: 'box', shape }, style: 'primary' };
      }),
    };
  }
  const stage = s.turn.stage;
  if (stage === 'roll') return { text: 'your turn: roll the dice.', buttons: [{ label: 'Roll', action: { type: 'roll' }, style: 'primary' }] };
  if (stage === 'reroll') {
    const mine = colourOf(s, seat);
    const theirs = s.turn.dice.map((d, i) => (d === mine ? -1 : i)).filter((i) => i >= 0);
    const buttons: Prompt<Action>['buttons'] = [0, 1, 2].map((i) => ({ label: `Re-roll die ${i + 1} (${s.turn.dice[i]})`, action: { type: 'reroll', dice: [i] }, style: 'secondary' }));
    if (theirs.length > 1) buttons.push({ label: `Re-roll the ${theirs.length} ${mine === 'red' ? 'blue' : 'red'} dice`, action: { type: 'reroll', dice: theirs }, style: 'secondary' });
    buttons.push({ label: actionLabel(s, { type: 'keep' }), action: { type: 'keep' }, style: keepingSkips(s) ? 'danger' : 'success' });
    // Keeping dice that give nothing to do loses the turn: say so before the button is pressed.
    const warning = keepingSkips(s)
      ? ` Careful: with these dice you can draw no fence and no die fills a re-roll space, so keeping them skips your turn${s.skips > 0 ? ' and, after the skip before it, ends the game' : ''}.`
      : '';
    return { text: `you rolled ${diceText(s.turn.dice)}. Re-roll any dice (${plural(s.turn.rerollsLeft, 're-roll')} left this turn; \`/ducks reroll\` for several), or keep them.${warning}`, buttons };
  }
  if (stage === 'act') {
    const n = fenceLength(s);
    const parts: string[] = [];
    const fences = legal.filter((a) => a.type === 'fence');
    const bread = legal.some((a) => a.type === 'bread');
    if (fences.length) parts.push(`draw your fence of ${plural(n, 'space')} with \`/ducks fence\` (the list has every legal one${fences.some((a) => a.type === 'fence' && a.via) ? ', bent ones too' : ''})`);
    if (bread) parts.push('use the bread for a one-space fence (`/ducks fence`, "Bread: …")');
    // Fences go through `/ducks fence`, whose answer previews them to the player alone first.
    return { text: `${parts.join('; ')}. Then end your turn.`, buttons: [{ label: actionLabel(s, { type: 'done' }), action: { type: 'done' }, style: 'secondary' }] };
  }
  if (stage === 'automa') {
    const card = currentCard(s);
    const c = card === null ? null : COMPONENTS.cards[card];
    const bot = simpleChoice(s, seat);
    return {
      text: `place the Automa's ${c ? shapeName(c.shape) : 'pen'} through dot ${c ? dotName(c.dot) : '?'} with \`/ducks place\`, or let the bot place it (fewest ducks).`,
      buttons: bot && bot.type === 'place' ? [{ label: 'Let the bot place it', action: bot, style: 'primary' }] : [],
    };
  }
  return { text: 'wait for the others.', buttons: [] };
}

export function phaseText(s: DucksState): string {
  if (s.end) return 'game over';
  if (s.turn.stage === 'final') return 'game over: the last duck boxes are placed, then the score';
  const cards = s.automa ? ` · ${plural(s.automa.deck.length, 'Automa card')} left` : '';
  return `turn ${s.turn.number}${cards}`;
}

export function statusLines(s: DucksState): string[] {
  const lines = s.seats.map((_, seat) => {
    const a = s.areas[seat]!;
    const sc = scoreOf(s, seat);
    const unlocks = [breadUnlocked(a) && 'bread', eggUnlocked(a) && 'egg'].filter(Boolean).join(' and ');
    const rows = COMPONENTS.specialty.map((sh) => `${sh.name} ${a.ducks[sh.id] ?? 0}/${sh.duckBoxes}`).join(', ');
    return `${seatName(s, seat)} (${colourOf(s, seat)}): ${plural(sc.total, 'point')} so far · re-roll spaces ${a.rerolls}/${REROLL_SPACES} (${plural(fullSections(a.rerolls), 're-roll')} a turn) · bread ${a.bread}/${COMPONENTS.breadBoxes}, eggs ${a.eggs}/${COMPONENTS.eggBoxes}${unlocks ? ` (${unlocks} unlocked)` : ''} · shapes outlined: ${a.outlined.map((id) => COMPONENTS.shapes.get(id)?.name ?? id).join(', ') || 'none'} · duck rows: ${rows}${a.pending ? ` · ${plural(a.pending, 'duck box', 'duck boxes')} to place` : ''}`;
  });
  if (s.automa) lines.push(`The Automa (${s.automa.colour}): ${plural(s.automa.deck.length, 'card')} left · target ${COMPONENTS.soloTarget} points`);
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
  'On your turn press **Roll**; with re-rolls unlocked, press a die\'s button to re-roll it or **Keep these dice** (`/ducks reroll` re-rolls several at once).',
  '`/ducks fence` lists every legal fence for your roll, written from dot to dot ("C4 → C7", "C4 → C6 → E6" with a bend); type to filter, or type one yourself. You first see it drawn on the board, privately: press **Confirm** to draw it for good. Bread fences show as "Bread: …". Press **End my turn** when you are done.',
  'Captured duck spaces give duck boxes: press the row to cross off. In solo, place the Automa\'s pen with `/ducks place` or press **Let the bot place it**.',
  '`/ducks map` shows the board, `/ducks status` the scores and player areas, `/ducks rules` the rules.',
].join('\n');

export const RESIGN_TEXT = 'You leave the game: with two players the other player wins; a solo game ends unscored.';
