/** Words for the channel: actions, events, status, rules and help, as players say them (names.ts names the things; choices.ts asks for a turn). */
import type { RulesTopic } from '../../platform/game.ts';
import type { Action } from './actions.ts';
import { legalActions, whoMustAct } from './legal.ts';
import { cardName, colourOf } from './cards.ts';
import { count, listAnd } from '../grammar.ts';
import { cardsText, coordName, nbName, placeName, seatName, tileName } from './names.ts';
import { caughtBy, isJailed, jailsMover, movingOthers, turnsEvidence } from './rules.ts';
import { lastRound } from './variants/index.ts';
import { FREE_FOR_ALL_RULES } from './variants/free-for-all.ts';
import { tradeEventText, tradeLabel } from './variants/trading-cards.ts';
import { TRADING_RULES } from './variants/trading-cards-rules.ts';
import type { FenceEvent } from './events.ts';
import type { NbId } from './geometry.ts';
import { cellName, gridOrigin } from './grid.ts';
import { optionsSchema, type FenceState } from './state.ts';
import { summaryLine } from '../../platform/options.ts';

const ROTATION = ['', ', rotated 90°', ', rotated 180°', ', rotated 270°'];
/** Discord shows at most this much of a suggestion (autocomplete). */
const LABEL_MAX = 100;

/**
 * What an action does besides moving a piece, in a few words ('' when nothing): who goes to
 * Jail — the mover first of all — and the card a jailed mover draws for it (State's Evidence).
 */
function consequence(s: FenceState, mover: number, a: Action, name: (seat: number) => string): string {
  const caught = caughtBy(s, a);
  if (caught.length === 0) return '';
  const others = caught.filter((i) => i !== mover).map(name);
  if (caught.includes(mover)) return others.length ? `jails ${listAnd(others)}, and YOU go to Jail` : 'YOU go to Jail';
  return `jails ${listAnd(others)}${turnsEvidence(s, mover, a) ? '; State’s Evidence: you draw' : ''}`;
}

/**
 * A legal action as offered in autocomplete and on buttons: what moves, where to (the
 * neighborhood and its map cell), and what follows — "Push Bo → Goose Green (D2) — jails Bo".
 * Within `max` characters: players' names are shortened first, then the move, so that what
 * happens is never the part cut off.
 */
export function actionLabel(s: FenceState, a: Action, max = LABEL_MAX): string {
  const mover = whoMustAct(s);
  const build = (name: (seat: number) => string): [string, string] => [moveWords(s, a, name), mover === null ? '' : consequence(s, mover, a, name)];
  let [main, tail] = build((i) => seatName(s, i));
  if (main.length + (tail ? tail.length + 3 : 0) > max) [main, tail] = build((i) => shorten(seatName(s, i), 12));
  if (!tail) return shorten(main, max);
  return `${shorten(main, max - tail.length - 3)} — ${tail}`;
}

const shorten = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

function moveWords(s: FenceState, a: Action, name: (seat: number) => string): string {
  switch (a.type) {
    case 'place':
      return `${tileName(s, a.tile)} at ${cellName(s, a.x, a.y)}${ROTATION[a.rot]}`;
    case 'swap': {
      const old = s.map.find((p) => p.x === a.x && p.y === a.y);
      return `Swap ${tileName(s, a.tile)} for ${old ? tileName(s, old.key) : '?'} at ${cellName(s, a.x, a.y)}${ROTATION[a.rot]}`;
    }
    case 'chooseColour':
      return s.pending?.kind === 'discardColour' ? `Discard ${a.colour}` : `Draw a ${a.colour} card`;
    case 'chooseNeighborhood':
      return placeName(s, a.nb);
    case 'moveSelf':
      return `${cardsText(a.cards)} → ${placeName(s, a.to)}${s.pawns[whoMustAct(s) ?? -1] === 'jail' ? ', out of Jail' : ''}`;
    case 'push':
      return `Push ${name(a.target)} → ${placeName(s, a.to)}`;
    case 'copsRoad':
      return `Cops by road → ${placeName(s, a.to)}`;
    case 'tipOff':
      return `Tip off the Cops: ${cardsText(a.cards)} → ${placeName(s, a.to)}`;
    case 'playBoat':
      return `Play your ${cardName(a.card)}: a ${colourOf(a.card)} boat`;
    case 'hunch':
      return `Roll the ${a.colour} die for the Cops (a Hunch)`;
    case 'postTrade':
      return `Give ${name(a.target)} your ${cardName(a.card)}, take one of theirs at random`;
    case 'postPass':
      return 'No trade';
    case 'offerTrade':
    case 'acceptTrade':
    case 'declineTrade':
      return tradeLabel(s, a);
  }
}

/** The order suggestions are offered in: as the engine lists them, moves that jail their own mover last. */
export function playersOrder(s: FenceState, seat: number, actions: readonly Action[]): Action[] {
  const safe = actions.filter((a) => !jailsMover(s, seat, a));
  return safe.length === actions.length ? [...actions] : [...safe, ...actions.filter((a) => jailsMover(s, seat, a))];
}

const where = (s: FenceState, p: NbId | 'jail'): string => (p === 'jail' ? 'Jail' : nbName(s, p));

/** One sentence per event for the channel (or null for bookkeeping events). */
export function eventText(s: FenceState, e: FenceEvent): string | null {
  const who = (seat: number) => seatName(s, seat);
  switch (e.type) {
    case 'tilePlaced':
    case 'tileSwapped': {
      // An auto-built map is summed up once it is built: the picture shows the rest.
      if (s.options.autoBuild) return null;
      const joined = e.connections.map((c) => `${nbName(s, c.nb)} connects to ${c.to.length ? listAnd(c.to.map((t) => nbName(s, t))) : 'nothing yet'}`);
      const whose = e.owner === undefined ? '' : ` from ${seatName(s, e.owner)}'s hand`;
      const verb = e.type === 'tilePlaced' ? `placed ${tileName(s, e.tile)}${whose}` : `swapped ${tileName(s, e.tile)}${whose} in for ${tileName(s, e.replaced)}`;
      return `${who(e.seat)} ${verb}. ${joined.join('; ')}.${e.type === 'tilePlaced' ? namesMoved(s, e) : ''}`;
    }
    case 'passed':
      if (s.options.autoBuild && e.phase === 'building') return null;
      return `${who(e.seat)} passes: ${e.phase === 'building' ? 'no tile can be placed or swapped' : 'nothing can be moved'}.`;
    case 'buildingEnded':
      return `${s.options.autoBuild ? `The bot built the map: ${count(s.map.length, 'tile')} around Old Town (see the picture).` : 'The map is built.'}${e.discardedTiles.length ? ` ${count(e.discardedTiles.length, 'tile')} could not be placed and ${e.discardedTiles.length === 1 ? 'is' : 'are'} discarded.` : ''}${e.offLimits.length ? ` Off limits: ${listAnd(e.offLimits.map((n) => nbName(s, n)))}.` : ''}`;
    case 'startRevealed':
      return `${who(e.seat)} reveals ${cardsText(e.cards)}${e.tile ? `: ${tileName(s, e.tile)}` : ' — that tile is not in play'}.`;
    case 'startRedrawn':
      return `${who(e.seat)} draws a new start pair (${e.why === 'absent' ? 'the tile is not in play' : 'every neighborhood there is taken'}).`;
    case 'pawnPlaced':
      return `${who(e.seat)} starts in ${nbName(s, e.nb)}.`;
    case 'copsRolled':
      return `The Cops roll red ${e.red}, blue ${e.blue}${e.absent ? ': no such tile in play, roll again' : ''}.`;
    case 'copsPlaced':
      return `The Cops start in ${nbName(s, e.nb)}.`;
    case 'dealt':
      return null;
    case 'roundStarted':
      return `Round ${e.round} begins; ${who(e.firstPlayer)} is First Player.`;
    case 'turnStarted':
      return null;
    case 'movedSelf':
      return `${who(e.seat)} plays ${cardsText(e.cards)}: ${where(s, e.from)} → ${placeName(s, e.to)}.`;
    case 'pushed':
      return `${who(e.seat)} pushes ${who(e.target)}: ${nbName(s, e.from)} → ${placeName(s, e.to)}.`;
    case 'copsMoved':
      if (e.how === 'hunch') return `${who(e.seat)}’s Hunch sends the Cops: ${nbName(s, e.from)} → ${placeName(s, e.to)}.`;
      return e.how === 'road'
        ? `${who(e.seat)} moves the Cops by road: ${nbName(s, e.from)} → ${placeName(s, e.to)}.`
        : `${who(e.seat)} tips off the Cops with ${cardsText(e.cards)}: ${nbName(s, e.from)} → ${placeName(s, e.to)}.`;
    case 'jailed':
      return `${listAnd(e.seats.map(who))} ${e.seats.length > 1 ? 'go' : 'goes'} to Jail (caught in ${nbName(s, e.nb)}).`;
    case 'released':
      return `${who(e.seat)} is out of Jail.`;
    case 'stateEvidence':
      return `${who(e.seat)} turns State's Evidence.`;
    case 'cardDrawn':
      return drawnText(s, e);
    case 'hotGoods': {
      const r = e.roll;
      const head = `Hot Goods ${e.index}/${e.of}: ${r.cards ? `drawn ${cardsText(r.cards)}` : `red ${r.red}, blue ${r.blue}`}${r.result === 'absent' ? '' : `, ${coordName(s, r.red, r.blue)}`}`;
      switch (r.result) {
        case 'won': return `${head} — ${who(r.winner as number)} is nearest (${r.distance} tile${r.distance === 1 ? '' : 's'}) and wins.`;
        case 'absent': return `${head} — that tile is not in play; wasted.`;
        case 'tie': return `${head} — a tie at ${r.distance} tile${r.distance === 1 ? '' : 's'}; nobody wins.`;
        case 'unreachable': return `${head} — nobody can be reached; wasted.`;
        case 'cops': return `${head} — the Cops are nearer (${r.copsDistance} vs ${r.distance}); nobody wins.`;
      }
      return head;
    }
    case 'hotGoodsStopped':
      return 'The Stash is empty: no more Hot Goods.';
    case 'firstPlayerMoved':
      return null;
    case 'timedOut':
      return `${who(e.seat)} ran out of time; the computer played for them (${e.inARow} in a row).`;
    case 'removed':
      return `${who(e.seat)} ${e.reason === 'resigned' ? 'resigns' : e.reason === 'timeouts' ? 'is removed after three timed-out turns' : 'is removed from the game'}; their pawn leaves the map.`;
    case 'gameOver': {
      const o = e.outcome;
      if (o.kind === 'aborted') return 'The game was aborted.';
      if (o.kind === 'noWinner') return o.reason === 'allJailed' ? 'Everyone is in Jail for good: the game ends with no winner.' : 'Nobody is left: the game ends with no winner.';
      const names = listAnd(o.seats.map(who));
      const wins = o.seats.length > 1 ? 'share the win' : 'wins';
      const head = o.reason === 'accumulation' ? `${names} holds twice as many cards as there are players out of Jail, and the most: ${names} wins!`
        : o.reason === 'rolledRounds' ? `The last of the rolled rounds is over: ${names} ${wins} with the most cards.`
        : o.reason === 'roundLimit' ? `The round limit is reached: ${names} ${wins} with the most cards.`
        : o.reason === 'lastSeat' ? `${names} ${o.seats.length > 1 ? 'are' : 'is'} the last one left in the game: ${names} ${o.seats.length > 1 ? 'win' : 'wins'}!`
        : `${names} ${o.seats.length > 1 ? 'are' : 'is'} the last player not in Jail: ${names} wins!`;
      return head;
    }
    case 'hunchRolled':
      return `${who(e.seat)} plays a Hunch: the ${e.colour} die rolls ${e.value}${e.landed ? '' : ' — no neighborhood there for the Cops'}.`;
    case 'unreliableWitness':
      return `Nobody was caught: ${who(e.seat)} is an Unreliable Witness and loses their next turn.`;
    case 'credibilityRestored':
      return `${who(e.seat)} spends this turn re-establishing their credibility.`;
    case 'boatPlayed':
      return `${who(e.seat)} has a ${e.colour} boat.`;
    case 'boatLost':
      return `${who(e.seat)}’s ${e.colour} boat goes to the discard pile.`;
    case 'tunnelDrawn':
      return `The Tunnel draw: ${e.cards.length ? cardsText(e.cards) : `red ${e.red}, blue ${e.blue}`}${e.again ? ' — no other tile in play there; draw again' : ''}.`;
    case 'tunnelDug':
      return `The Tunnel joins ${listAnd(e.ends.map((n) => nbName(s, n)))}: a two-way road between them.`;
    case 'tradingPostRolled':
      return `The Trading Post roll: red ${e.red}, blue ${e.blue}${e.absent ? ': no such tile in play, roll again' : ''}.`;
    case 'tradingPostPlaced':
      return `The Trading Post is in ${nbName(s, e.nb)}.`;
    case 'postTraded':
      return `${who(e.seat)} trades a card with ${who(e.target)} at the Trading Post.`;
    case 'postPassed':
      return `${who(e.seat)} makes no trade at the Trading Post.`;
    case 'tradeOffered':
    case 'tradeAccepted':
    case 'tradeDeclined':
    case 'tradeWithdrawn':
      return tradeEventText(s, e);
    case 'playingWith':
      return `Playing with: ${variantsLine(s)}.`;
    case 'tileRewarded':
      return `${who(e.seat)}’s tile joins ${e.joined} tiles by road: ${who(e.seat)} draws a card.`;
    case 'ritzyDrawn':
      return `The Ritzy Tile draw: ${cardsText(e.cards)}${e.absent ? ' — that tile is not in play; draw again' : ` — Hot Goods won on ${coordName(s, e.red, e.blue)} give two cards`}.`;
    case 'roundsRolled':
      return `The rounds are rolled: red ${e.red} + blue ${e.blue} — the game lasts ${e.rounds} rounds.`;
    case 'stashBurned':
      return `Wasted Hot Goods: ${who(e.seat)} discards ${cardName(e.card)} from the Stash.`;
    case 'stashReshuffled':
      return `The ${e.cards} cards drawn for Hot Goods are shuffled back into the Stash.`;
  }
}

/** When a placed tile takes the map past column A or row 1, every name moves on (grid.ts): said once, then. */
function namesMoved(s: FenceState, e: { x: number; y: number }): string {
  const now = gridOrigin(s);
  const before = gridOrigin({ map: s.map.filter((p) => p.x !== e.x || p.y !== e.y), oldTown: s.oldTown });
  const ot = s.map.find((p) => p.key === s.oldTown);
  const where = ot ? ` Old Town is now ${cellName(s, ot.x, ot.y)}.` : '';
  if (now.x !== before.x) return ` The map reaches past column A: every column's name moves on by a whole alphabet (A is now AA).${where}`;
  if (now.y !== before.y) return ` The map reaches past row 1: every row's number grows by 26 (row 1 is now 27).${where}`;
  return '';
}

/**
 * A card drawn: why, and whether its colour was the player's choice. Told from the event alone
 * (history tells old events with today's state): a colour not chosen for Hot Goods or a reward
 * means the other pile was empty; State's Evidence by a tip-off gives the colours a pair lacks.
 */
function drawnText(s: FenceState, e: Extract<FenceEvent, { type: 'cardDrawn' }>): string {
  const why = e.why === 'hotGoods' ? 'for the Hot Goods' : e.why === 'evidence' ? 'for Turning State’s Evidence' : 'for a tile well placed';
  const who = seatName(s, e.seat);
  if (!e.colour) return `${who} draws a card ${why} (from the one Stash pile, colour unseen).`;
  if (e.chosen) return `${who} chooses to draw a ${e.colour} card ${why}.`;
  const other = e.colour === 'red' ? 'blue' : 'red';
  return `${who} draws a ${e.colour} card ${why}${e.why === 'evidence' ? '' : ` (the ${other} pile is empty)`}.`;
}

/**
 * The game's story for its end post, after the platform's line naming the winners: why the
 * game ended, every player's standing (Jail or not, cards held: what the ending weighed) and
 * how the winner was found, a tie included; then how long it lasted and who jailed whom.
 */
export function summaryLines(s: FenceState): string[] {
  const who = (seat: number) => seatName(s, seat);
  const o = s.outcome;
  const lines: string[] = [];
  if (o && o.kind !== 'aborted') lines.push(`**Why it ended:** ${endReason(s)}`);
  lines.push('**Standings:**', ...standings(s).map((l) => `• ${l}`));
  if (o?.kind === 'winner' && (o.reason === 'roundLimit' || o.reason === 'rolledRounds' || o.reason === 'accumulation')) {
    const free = s.seats.flatMap((_, i) => (!s.out[i] && s.pawns[i] !== 'jail' ? [i] : []));
    const cards = (i: number) => s.hands[i]?.length ?? 0;
    const best = o.seats.length ? cards(o.seats[0]!) : 0;
    const next = free.filter((i) => !o.seats.includes(i)).map(cards).sort((a, b) => b - a)[0];
    lines.push(o.seats.length > 1
      ? `**Tie:** ${listAnd(o.seats.map(who))} each hold ${count(best, 'card')}, the most out of Jail. The rules break no tie: they share the win.`
      : `**Most cards:** ${who(o.seats[0]!)} with ${best}${next === undefined ? ', the only player out of Jail' : `, against ${next} for the next player out of Jail`}.`);
  }
  lines.push(s.round > 0 ? `Played ${count(s.round, 'round')}.` : 'The game ended before its first round.');
  const jailings = s.jailings ?? [];
  if (jailings.length) {
    const told = jailings.slice(-12).map((j) => {
      const caught = listAnd(j.seats.map((i) => (i === j.by ? `${who(i)} (their own move)` : who(i))));
      return j.by === null ? `the Cops, placed at the start, caught ${caught}` : `round ${j.round}: ${who(j.by)} jailed ${caught}`;
    });
    const earlier = jailings.length > told.length ? ` (the last ${told.length} of ${jailings.length})` : '';
    lines.push(`Jailings${earlier}: ${told.join('; ')}.`);
  } else lines.push('Nobody went to Jail.');
  return lines;
}

/** Why a game ended, in the rules' terms (B19, H2–H4, E19, E20). */
function endReason(s: FenceState): string {
  const o = s.outcome;
  if (!o || o.kind === 'aborted') return 'it was aborted.';
  const who = (seat: number) => seatName(s, seat);
  const jailed = s.seats.flatMap((_, i) => (!s.out[i] && s.pawns[i] === 'jail' ? [who(i)] : []));
  if (o.kind === 'noWinner') {
    return o.reason === 'allJailed'
      ? 'everyone is in Jail and nobody can get out on their next turn (no red/blue pair that leads to a free neighborhood), so nobody can gain a card any more: nobody wins.'
      : 'nobody is left in the game: nobody wins.';
  }
  const names = listAnd(o.seats.map(who));
  switch (o.reason) {
    case 'lastFree':
      return `${names} is the only player out of Jail, and nobody in Jail (${listAnd(jailed)}) can get out on their next turn (no red/blue pair that leads to a free neighborhood).`;
    case 'lastSeat':
      return `everyone else left the game: ${names} is the last player in it.`;
    case 'roundLimit':
      return `the round limit (${count(s.options.roundLimit, 'round')}) is reached: the player out of Jail with the most cards wins.`;
    case 'rolledRounds':
      return `the rounds rolled at the start (${count(s.extended?.rounds ?? s.round, 'round')}) are played: the player out of Jail with the most cards wins.`;
    case 'accumulation': {
      const free = s.seats.filter((_, i) => !s.out[i] && s.pawns[i] !== 'jail').length;
      return `${names} holds at least twice as many cards as there are players out of Jail (${free}), and the most of them (Victory by Accumulation).`;
    }
  }
}

/** Each player at the end: winners first, then those out of Jail, in Jail, gone; with their cards. */
function standings(s: FenceState): string[] {
  const o = s.outcome;
  const winners = o?.kind === 'winner' ? o.seats : [];
  const rank = (i: number) => (winners.includes(i) ? 0 : s.out[i] ? 3 : s.pawns[i] === 'jail' ? 2 : 1);
  const jailedSince = (i: number) => [...(s.jailings ?? [])].reverse().find((j) => j.seats.includes(i))?.round;
  return s.seats.map((_, i) => i).sort((a, b) => rank(a) - rank(b) || (s.hands[b]?.length ?? 0) - (s.hands[a]?.length ?? 0) || a - b).map((i) => {
    const cards = count(s.hands[i]?.length ?? 0, 'card');
    const since = jailedSince(i);
    const where = s.out[i] ? 'left the game' : s.pawns[i] === 'jail' ? `in Jail${since ? ` since round ${since}` : ''}, ${cards}` : `out of Jail${s.pawns[i] ? ` in ${nbName(s, s.pawns[i] as NbId)}` : ''}, ${cards}`;
    const result = winners.includes(i) ? (winners.length > 1 ? ': shares the win' : ': wins') : '';
    return `${seatName(s, i)}: ${where}${result}`;
  });
}

/** The Extended Rules a game plays with, in one line ('' for the Basic Rules alone). */
export function variantsLine(s: FenceState): string {
  return summaryLine(optionsSchema, s.options, [], (f) => !BASIC_OPTIONS.has(f.key));
}
const BASIC_OPTIONS = new Set(['autoBuild', 'roundLimit', 'tileSet']);

// ---- Prompts, status, rules and help ------------------------------------------------------------

/**
 * Why a move command offers `seat` nothing on their turn, and what they can do instead: the
 * phase, the part of Move Others already done, Jail.
 */
export function unavailableText(s: FenceState, seat: number, command: string): string {
  if (s.phase === 'building') {
    return command === 'place' || command === 'swap' ? `No tile in your hand can be ${command === 'place' ? 'placed' : 'swapped in'} anywhere right now.` : 'The map is still being built: `/fence place` a tile or `/fence swap` one in.';
  }
  if (s.phase === 'pawns') return 'The pawns and the Cops are still being placed.';
  if (s.phase === 'over') return 'The game is over.';
  if (command === 'place' || command === 'swap') return 'Map building is over: move with `/fence move`, `/fence push` or `/fence cops`.';
  const legal = legalActions(s, seat);
  const can = (...types: Action['type'][]) => legal.some((a) => types.includes(a.type));
  const jailed = isJailed(s, seat);
  if (jailed && can('moveSelf')) return 'You are in Jail and hold a red/blue pair that gets you out: you must use it, with `/fence move`.';
  const next = [can('push') ? '`/fence push`' : '', can('copsRoad', 'tipOff') ? '`/fence cops`' : ''].filter(Boolean).join(' or ');
  switch (command) {
    case 'move':
      if (movingOthers(s)) return `You have started Moving Others this turn, so you cannot Move Yourself: finish with ${next || 'what is left'}.`;
      if (jailed) return `You are in Jail with no red/blue pair that leads to a free neighborhood: Move Others instead (${next}).`;
      return `${(s.hands[seat] ?? []).length ? 'None of your cards leads to a free neighborhood' : 'You have no cards'}: Move Others instead (${next}).`;
    case 'push':
      if (s.turn.pushed) return `You have already pushed a pawn this turn${next ? `: now ${next}` : ''}.`;
      return `No other pawn can be pushed: every other player is in Jail or has no road out${next ? `. You can still ${next}` : ''}.`;
    case 'cops':
      if (s.turn.cops) return `You have already moved the Cops this turn${next ? `: now ${next}` : ''}.`;
      return `The Cops cannot be moved right now${next ? `: ${next}` : ''}.`;
    case 'boat':
      return 'A boat is played while Moving Others, with a face card from your hand, once per turn.';
    case 'hunch':
      return 'A Hunch is for a player in Jail who is Moving Others and has not moved the Cops yet this turn.';
    case 'trade':
      return 'You can trade only when your own turn ends on the Trading Post.';
    case 'pick':
      return 'There is no neighborhood to choose right now.';
  }
  return 'That is not possible right now.';
}

/** The headline of `/fence status`. */
export function phaseText(s: FenceState): string {
  if (s.phase === 'building') return 'map building';
  if (s.phase === 'pawns') return 'setting up pawns and Cops';
  return `round ${s.round} of at most ${lastRound(s)}`;
}

/** The body of `/fence status`: public facts only (card counts, never cards). */
export function statusLines(s: FenceState): string[] {
  const lines = ['Players:'];
  s.seats.forEach((seat, n) => {
    const pawn = s.pawns[n];
    const place = s.out[n] ? 'out of the game' : pawn === 'jail' ? 'in Jail' : pawn ? `in ${nbName(s, pawn)}` : 'not placed yet';
    const tiles = s.phase === 'building' ? `, ${count(s.tileHands[n]?.length ?? 0, 'tile')}` : '';
    lines.push(`${n + 1}. ${seat.name}${seat.computer ? ' (computer)' : ''}${n === s.firstPlayer ? ' — First Player' : ''}: ${count(s.hands[n]?.length ?? 0, 'card')}${tiles}, ${place}`);
  });
  const stash = s.stash.mixed ? `${count(s.stash.mixed.length, 'card')} in one pile` : `${s.stash.red.length} red, ${s.stash.blue.length} blue`;
  const variants = variantsLine(s);
  if (variants) lines.push(`Variants: ${variants}`);
  if (s.phase !== 'building') lines.push(`Cops: ${s.cops ? nbName(s, s.cops) : 'not placed yet'} · Stash: ${stash}`);
  return lines;
}

export const RESIGN_TEXT = 'Your pawn leaves the map and your cards go to the discard pile.';

export const RULES: RulesTopic[] = [
  { name: 'Overview', value: 'overview', text: '**FENCE!** First the players build a city from square tiles. Then everyone moves their pawn around it with red and blue cards: every tile has a red number and a blue number, its coordinates. Whoever the Cops catch goes to Jail. After each round the Hot Goods are rolled, and the player nearest that tile wins a card.\n**The goal:** be the last player *not* in Jail.' },
  { name: 'Building the map', value: 'building', text: '**Building the map.** Old Town goes in the middle first. Then, in turn, each player places one tile from their hand next to the map: every side it shares must match (road to road, water to water), and you must be able to drive from Old Town to the new tile and back, obeying the One Way signs. Instead of placing, you may swap a tile from your hand for one on the map (never Old Town, and never a tile that came in by a swap).\n`/fence place` and `/fence swap` list only the moves that fit. You can also type one, like `four points at C3 rotated 90`. When nothing fits, you pass by yourself. Building ends when the tiles run out or everyone passes in a row. Neighborhoods you cannot drive to from Old Town and back are off limits for the rest of the game.' },
  { name: 'Starting: pawns and Cops', value: 'setup', text: '**Pawns and Cops.** Each player secretly holds a red and a blue card: the coordinates of the tile where their pawn starts (when that tile is missing or full, they draw again). The First Player then rolls two dice for the Cops’ tile. On a tile with several neighborhoods, you choose which with the buttons. Then everyone gets 2 red and 2 blue cards.' },
  { name: 'Move Yourself', value: 'move', text: '**Move Yourself.** Play one card to change one of your coordinates (a red 4 on a (2,3) tile takes you to (4,3)), or one red and one blue card to go straight to that tile. You must land on a free neighborhood: not another pawn’s, not the Cops’. `/fence move` lists every move your cards allow, or type one: `r4 b2`, `red 4 blue 2 four points`.' },
  { name: 'Move Others (push, Cops)', value: 'others', text: '**Move Others** (instead of moving yourself). Do both, in either order:\n• push another player’s pawn one step along a road, obeying the One Way signs (`/fence push`, or type `push bob to the yards`);\n• move the Cops, either one step along any road (the signs do not stop the Cops) or to where one or two of your cards point from the Cops’ tile (a tip-off; `/fence cops`, or type `cops to downtown`).\nEveryone the Cops catch goes to Jail — you too, if you send them onto your own pawn: the bot shows you that move and asks you to confirm it first. If one part is impossible, you do the other.' },
  { name: 'Jail and State’s Evidence', value: 'jail', text: '**Jail.** Your pawn leaves the map, but you still take your turns. If you hold a red and a blue card that lead to a free neighborhood, you must use them to get out. Otherwise you Move Others — and if that sends someone to Jail, you are Turning State’s Evidence: you draw a card of the colour you choose (after a push or the Cops by road), or the cards you need to hold one red and one blue (after a tip-off).' },
  { name: 'Hot Goods', value: 'hotgoods', text: '**Hot Goods.** After every round the dice are rolled for Hot Goods: once for every two players still in the game, rounding up (once for 2 players, twice for 3 or 4, three times for 5 or 6, four times for 7 or 8). The player nearest the rolled tile by road (counting the tiles crossed, obeying the signs) wins a card of the colour they choose. Nobody wins when players tie for nearest, when nobody can drive there, when that tile is not in play, or when the Cops are nearer than the nearest player. Once the Stash is empty there are no more Hot Goods.' },
  { name: 'Winning', value: 'winning', text: '**Winning.** You win when you are the only player not in Jail and nobody in Jail could get out on their next turn. If everyone is in Jail for good, nobody wins. At the round limit (200 rounds unless the game chose fewer), the player not in Jail with the most cards wins; a tie shares the win.' },
  { name: 'Timers, resigning, aborting', value: 'house', text: '**Playing in a channel.** Each turn has a time limit, chosen for the game. Halfway through, you get a reminder; when the time is up, the computer plays your turn, and after three such turns in a row you are removed from the game. `/fence resign` leaves a game: your pawn leaves the map and your cards are discarded. The host or a channel admin can `/fence abort` the game or `/fence kick` a player.' },
  { name: 'Variants: setup', value: 'v-setup', text: '**Setup variants.**\n• *Turn-Taking for Pawn Placement*: no secret start cards; from the First Player, each player in turn picks any free neighborhood to start in.\n• *Rewarded Tile Placement*: a tile whose roads join two placed tiles (or three, as chosen) earns its placer a card of the colour they choose. Optionally everyone is then dealt only one red and one blue card.\n• *Missing Tiles*: as soon as one player has placed all their tiles, building stops and every other tile is discarded.\n• *Placing Multi-Neighborhood Tiles*: every neighborhood of a new tile must connect to Old Town both ways, not only the ones with a road into the map.\n• *Tunnel*: once the map is built, the First Player draws two red/blue pairs and picks a neighborhood on each of the two tiles: a tunnel joins them, a two-way road one tile long for pawns, the Cops and Hot Goods alike.\n• *The Trading Post*: the First Player rolls where it goes. End your own turn there and you may give another player a card of your choice and take one of theirs at random (`/fence trade`); only the two of you see the cards.' },
  FREE_FOR_ALL_RULES,
  { name: 'Variants: Big Map', value: 'v-bigmap', text: '**Big Map.** Two sets of tiles are shuffled together for a huge city (80 tiles). The second copy of each tile is marked “#2” (a small 2 on the map). A coordinate names every tile bearing it: a card or a roll that points to (4,2) offers the neighborhoods of both (4,2) tiles, and Hot Goods there are measured from the nearer one. The map picture is large: open it and zoom in on a phone.' },
  { name: 'Variants: Jail', value: 'v-jail', text: '**State’s Evidence on a Hunch.** In Jail and Moving Others, you may send the Cops with a die instead (`/fence hunch`): pick red or blue and roll it, as if you had played one card of that colour and value. Catch someone and you draw as for a tip-off. Catch nobody and you are an Unreliable Witness: you lose your whole next turn.' },
  { name: 'Variants: cards', value: 'v-cards', text: '**Card variants.**\n• *Color Swap with Joker*: the Stash holds Jokers (a red and a blue one for every two players). Play a Joker alone to Move Yourself or to tip off the Cops: the red and blue numbers of the pawn’s tile swap, so a pawn on (3,2) goes to (2,3). A Joker never counts as half of a red/blue pair.\n• *Boats*: the Stash holds face cards. When you Move Others you may also play one (`/fence boat`): you now have a boat of its colour, until Jail or someone else’s boat of that colour sends it to the discard pile. With a boat, from a waterfront neighborhood, Hot Goods on a waterfront tile may be reached by water, where each tile crossed counts half.\n• *Mixed Stash*: once everyone is dealt their cards, the Stash becomes one shuffled pile. Whoever draws takes the top card, without choosing a colour, and only they see it.\n• *Mixed, Blind Stash*: one four-suit deck for every two players, all in one pile from the start (hearts and diamonds are red, spades and clubs are blue). When a red/blue pair must be drawn straight from the Stash, cards are drawn until one of each colour has come; the last of each colour counts and the rest are discarded.' },
  TRADING_RULES,
  { name: 'Variants: Hot Goods', value: 'v-hotgoods', text: '**Hot Goods variants** (chosen in the lobby’s Options).\n• *Ritzy Tile*: after the Cops are placed, a red/blue pair picks a tile, marked on the map. Hot Goods won there give two cards.\n• *Hot Goods by Cards*: the Hot Goods tile is a red/blue pair drawn from the Stash instead of a roll; the cards are discarded, or put back and shuffled in at the end of the round.\n• *More Hot Goods*: one Hot Goods per player each round, or one fewer.\n• *Wasted Hot Goods*: when nobody wins a Hot Goods, the First Player throws away the top card of a Stash pile of their choice.' },
  { name: 'Variants: winning', value: 'v-victory', text: '**Victory variants.**\n• *Victory by Accumulation*: at the end of a round, once a player out of Jail holds at least twice as many cards as there are players out of Jail, the player out of Jail with the most cards wins (a tie for the most: play on).\n• *Round-limited Game*: two dice rolled at setup give the number of rounds; after the last one, the player out of Jail with the most cards wins (ties share the win).' },
];

export const HELP = [
  '**How to play FENCE! here**',
  '`/fence new` opens a lobby: others press **Join**, the host presses **Start** (`/fence addbot` seats a computer player). The lobby’s **Options** set the turn time, who builds the map, the rounds and the variants.',
  'On your turn the bot mentions you. While the map is built, use `/fence place` or `/fence swap`. Then press **Move Yourself** or **Move Others** on the turn post: the bot shows you alone a map with a letter on every place your cards reach. Press a letter (if two plays of cards lead there, say which); Move Others then offers the Cops or a push. **Tip off the Cops** letters where your cards send them.',
  'Or use `/fence move`, `/fence push` and `/fence cops`: each lists your legal moves (where each goes, like M14, and who would go to Jail), or takes your own words: `r4 b2`, `push bob to the yards`, `cops to downtown`.',
  'Choices the rules give you (a colour to draw, a neighborhood) come as buttons for you alone. A move that would send you to Jail asks once more.',
  '`/fence hand` (or **Show my hand**) shows your cards privately; `/fence map`, `/fence status`, `/fence history` and `/fence rules` show the rest; `/fence resign` leaves the game.',
  'Variants add `/fence boat`, `/fence hunch`, `/fence trade` and `/fence pick`; `/fence rules` explains each.',
  'Admins (the host, or Manage Channels): `/fence abort`, `/fence kick`. Server defaults (Manage Server): `/fence settings`.',
].join('\n');
