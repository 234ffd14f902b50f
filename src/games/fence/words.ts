/** Words for the channel: neighborhoods, tiles, cards, actions and events, as players say them. */
import type { ChoiceButton, Prompt, RulesTopic } from '../../platform/game.ts';
import type { Action } from './actions.ts';
import { legalActions } from './engine.ts';
import { cardName, colourOf, sortCards, type Card } from './cards.ts';
import { movingOthers } from './rules.ts';
import { lastRound, placesAtOnce } from './variants/index.ts';
import { FREE_FOR_ALL_RULES, freeForAllPrompt } from './variants/free-for-all.ts';
import { tradeEventText, tradeLabel, tradePrompt } from './variants/trading-cards.ts';
import { TRADING_RULES } from './variants/trading-cards-rules.ts';
import type { FenceEvent } from './events.ts';
import { parseNbId, tileIdOfKey, type NbId } from './geometry.ts';
import { cellLabel, gridOf } from './grid.ts';
import { tileSetOf } from './rules.ts';
import { optionsSchema, type FenceState } from './state.ts';
import { summaryLine } from '../../platform/options.ts';

const ROTATION = ['', ', rotated 90°', ', rotated 180°', ', rotated 270°'];
/** Choice buttons a turn post can carry (four rows of five). */
const MAX_BUTTONS = 20;

/** Big Map: the second copy of a tile is told apart by "#2". */
export const copyMark = (key: string): string => (key.endsWith('#2') ? ' #2' : '');

export function nbName(s: FenceState, id: NbId): string {
  const { key, index } = parseNbId(id);
  const name = tileSetOf(s).byId.get(tileIdOfKey(key))?.neighborhoods[index]?.name ?? id;
  return `${name}${copyMark(key)}`;
}

export function tileName(s: FenceState, key: string): string {
  const def = tileSetOf(s).byId.get(tileIdOfKey(key));
  if (!def) return key;
  const names = def.neighborhoods.map((n) => `${n.name}${copyMark(key)}`).join(' / ');
  return def.coords ? `${names} (${def.coords.red},${def.coords.blue})` : `${names} (no coordinates)`;
}

export const seatName = (s: FenceState, seat: number): string => s.seats[seat]?.name ?? `seat ${seat + 1}`;
export const cardsText = (cards: readonly Card[]): string => sortCards(cards).map(cardName).join(' + ');

export function listOr(items: readonly string[], max = 8): string {
  if (items.length === 0) return 'nothing';
  const shown = items.slice(0, max);
  const more = items.length > max ? `, or ${items.length - max} more` : '';
  if (shown.length === 1) return shown[0] + more;
  return more ? shown.join(', ') + more : `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
}

/** A short label for a legal action, as offered in autocomplete and on buttons. */
export function actionLabel(s: FenceState, a: Action): string {
  const grid = gridOf(s.map);
  switch (a.type) {
    case 'place':
      return `${tileName(s, a.tile)} at ${cellLabel(grid, a.x, a.y)}${ROTATION[a.rot]}`;
    case 'swap': {
      const old = s.map.find((p) => p.x === a.x && p.y === a.y);
      return `Swap ${tileName(s, a.tile)} for ${old ? tileName(s, old.key) : '?'} at ${cellLabel(grid, a.x, a.y)}${ROTATION[a.rot]}`;
    }
    case 'chooseColour':
      return s.pending?.kind === 'discardColour' ? `Discard ${a.colour}` : `Draw a ${a.colour} card`;
    case 'chooseNeighborhood':
      return nbName(s, a.nb);
    case 'moveSelf':
      return `${cardsText(a.cards)} → ${nbName(s, a.to)}`;
    case 'push':
      return `Push ${seatName(s, a.target)} → ${nbName(s, a.to)}`;
    case 'copsRoad':
      return `Cops by road → ${nbName(s, a.to)}`;
    case 'tipOff':
      return `Tip off the Cops: ${cardsText(a.cards)} → ${nbName(s, a.to)}`;
    case 'resign':
      return 'Resign';
    case 'playBoat':
      return `Play your ${cardName(a.card)}: a ${colourOf(a.card)} boat`;
    case 'hunch':
      return `Roll the ${a.colour} die for the Cops (a Hunch)`;
    case 'postTrade':
      return `Give ${seatName(s, a.target)} your ${cardName(a.card)}, take one of theirs at random`;
    case 'postPass':
      return 'No trade';
    case 'offerTrade':
    case 'acceptTrade':
    case 'declineTrade':
      return tradeLabel(s, a);
  }
}

const where = (s: FenceState, p: NbId | 'jail'): string => (p === 'jail' ? 'Jail' : nbName(s, p));

/** One sentence per event for the channel (or null for bookkeeping events). */
export function eventText(s: FenceState, e: FenceEvent): string | null {
  const who = (seat: number) => seatName(s, seat);
  switch (e.type) {
    case 'tilePlaced':
    case 'tileSwapped': {
      const joined = e.connections.map((c) => `${nbName(s, c.nb)} connects to ${c.to.length ? listAnd(c.to.map((t) => nbName(s, t))) : 'nothing yet'}`);
      const whose = e.owner === undefined ? '' : ` from ${seatName(s, e.owner)}'s hand`;
      const verb = e.type === 'tilePlaced' ? `placed ${tileName(s, e.tile)}${whose}` : `swapped ${tileName(s, e.tile)}${whose} in for ${tileName(s, e.replaced)}`;
      return `${who(e.seat)} ${verb}. ${joined.join('; ')}.`;
    }
    case 'passed':
      return `${who(e.seat)} passes: ${e.phase === 'building' ? 'no tile can be placed or swapped' : 'nothing can be moved'}.`;
    case 'buildingEnded':
      return `The map is built.${e.discardedTiles.length ? ` ${e.discardedTiles.length} tile(s) could not be placed and are discarded.` : ''}${e.offLimits.length ? ` Off limits: ${listAnd(e.offLimits.map((n) => nbName(s, n)))}.` : ''}`;
    case 'startRevealed':
      return `${who(e.seat)} reveals ${cardsText(e.cards)}${e.tile ? ` (${tileName(s, e.tile)})` : ' — that tile is not in play'}.`;
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
      return `${who(e.seat)} plays ${cardsText(e.cards)}: ${where(s, e.from)} → ${nbName(s, e.to)}.`;
    case 'pushed':
      return `${who(e.seat)} pushes ${who(e.target)}: ${nbName(s, e.from)} → ${nbName(s, e.to)}.`;
    case 'copsMoved':
      return e.how === 'road'
        ? `${who(e.seat)} moves the Cops by road: ${nbName(s, e.from)} → ${nbName(s, e.to)}.`
        : `${who(e.seat)} tips off the Cops with ${cardsText(e.cards)}: ${nbName(s, e.from)} → ${nbName(s, e.to)}.`;
    case 'jailed':
      return `${listAnd(e.seats.map(who))} ${e.seats.length > 1 ? 'go' : 'goes'} to Jail (caught in ${nbName(s, e.nb)}).`;
    case 'released':
      return `${who(e.seat)} is out of Jail.`;
    case 'stateEvidence':
      return `${who(e.seat)} turns State's Evidence.`;
    case 'cardDrawn':
      return `${who(e.seat)} draws a ${e.colour ? `${e.colour} ` : ''}card${e.why === 'hotGoods' ? ' (Hot Goods)' : e.why === 'reward' ? ' (a tile well placed)' : ''}.`;
    case 'hotGoods': {
      const r = e.roll;
      const head = `Hot Goods ${e.index}/${e.of}: ${r.cards ? `drawn ${cardsText(r.cards)}` : `red ${r.red}, blue ${r.blue}`}`;
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
      if (o.reason === 'accumulation') return `${names} holds twice as many cards as there are players out of Jail, and the most: ${names} wins!`;
      if (o.reason === 'rolledRounds') return `The last of the rolled rounds is over: ${names} ${o.seats.length > 1 ? 'share the win' : 'wins'} with the most cards.`;
      if (o.reason === 'roundLimit') return `The round limit is reached: ${names} ${o.seats.length > 1 ? 'share the win' : 'wins'} with the most cards.`;
      return `${names} wins!`;
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

/** The Extended Rules a game plays with, in one line ('' for the Basic Rules alone). */
export function variantsLine(s: FenceState): string {
  return summaryLine(optionsSchema, s.options, [], (f) => !BASIC_OPTIONS.has(f.key));
}
const BASIC_OPTIONS = new Set(['autoBuild', 'roundLimit', 'tileSet']);

/** The tile(s) at a coordinate, by name: "Four Points (4,2)". */
export function coordName(s: FenceState, red: number, blue: number): string {
  const keys = s.map.map((p) => p.key).filter((k) => {
    const c = tileSetOf(s).byId.get(tileIdOfKey(k))?.coords;
    return c?.red === red && c.blue === blue;
  });
  return keys.length ? listAnd(keys.map((k) => tileName(s, k))) : `(${red},${blue})`;
}

export function listAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

// ---- Prompts, status, rules and help ------------------------------------------------------------

/** What `seat` must do now, with the commands to use, and the choices answered by buttons (H1). */
export function prompt(s: FenceState, seat: number): Prompt<Action> {
  const p = s.pending;
  if (p?.kind === 'drawColour') {
    const buttons = legalActions(s, seat).flatMap((a): ChoiceButton<Action>[] => (a.type === 'chooseColour' ? [{ label: `Draw ${a.colour}`, action: a, style: a.colour === 'red' ? 'danger' : 'primary' }] : []));
    const why = p.reason === 'hotGoods' ? 'Hot Goods' : p.reason === 'evidence' ? 'State’s Evidence' : 'a tile well placed';
    const more = p.count > 1 ? ` (${p.count} cards to draw)` : '';
    return { text: `choose the colour of the card you draw (${why})${more} with the buttons below.`, buttons };
  }
  if (p?.kind === 'discardColour') {
    const buttons = legalActions(s, seat).flatMap((a): ChoiceButton<Action>[] => (a.type === 'chooseColour' ? [{ label: actionLabel(s, a), action: a, style: a.colour === 'red' ? 'danger' : 'primary' }] : []));
    return { text: 'nobody won those Hot Goods: choose the Stash pile that loses its top card with the buttons below.', buttons };
  }
  if (p?.kind === 'tradingPost') return { text: 'you ended your turn on the Trading Post: `/fence trade` a card with another player (you take one of theirs at random), or pass.', buttons: [{ label: 'No trade', action: { type: 'postPass' }, style: 'secondary' }] };
  if (p) {
    const what = p.kind === 'pawnNeighborhood' ? 'the neighborhood where your pawn starts'
      : p.kind === 'copsNeighborhood' ? 'where the Cops start'
      : p.what === 'tradingPost' ? 'where the Trading Post goes'
      : p.what === 'tunnel' ? 'the neighborhood at this end of the Tunnel'
      : 'where the Cops go on your Hunch';
    // A post holds 20 buttons at most: a longer list (a start picked anywhere) is a command's.
    if (p.options.length > MAX_BUTTONS) return { text: `choose ${what}: \`/fence pick\` lists all ${p.options.length}.`, buttons: [] };
    const buttons = p.options.map((nb): ChoiceButton<Action> => ({ label: nbName(s, nb), action: { type: 'chooseNeighborhood', nb } }));
    return { text: `choose ${what} with the buttons below.`, buttons };
  }
  const answer = tradePrompt(s, seat);
  if (answer) return answer;
  if (s.phase === 'building' && placesAtOnce(s.options)) return { text: freeForAllPrompt(s, seat), buttons: [] };
  if (s.phase === 'building') return { text: 'your turn to build: `/fence place` a tile from your hand, or `/fence swap` one in.', buttons: [] };
  const types = new Set(legalActions(s, seat).map((a) => a.type));
  const parts: string[] = [];
  if (types.has('moveSelf')) parts.push('`/fence move` (Move Yourself)');
  if (types.has('push')) parts.push('`/fence push`');
  if (types.has('copsRoad') || types.has('tipOff')) parts.push('`/fence cops`');
  if (types.has('hunch')) parts.push('`/fence hunch` (the Cops on a Hunch)');
  if (types.has('playBoat')) parts.push('`/fence boat` (play a boat while Moving Others)');
  if (types.has('offerTrade')) parts.push('`/fence trade` (offer another player a trade first)');
  const partial = movingOthers(s);
  const ask = `${partial ? 'finish Moving Others' : 'your turn'}: ${parts.join(' or ') || 'nothing is possible'}.`;
  return { text: s.pawns[seat] === 'jail' ? `you are in Jail — ${ask}` : ask, buttons: [] };
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
    const tiles = s.phase === 'building' ? `, ${s.tileHands[n]?.length ?? 0} tiles` : '';
    lines.push(`${n + 1}. ${seat.name}${seat.computer ? ' (computer)' : ''}${n === s.firstPlayer ? ' — First Player' : ''}: ${s.hands[n]?.length ?? 0} cards${tiles}, ${place}`);
  });
  const stash = s.stash.mixed ? `${s.stash.mixed.length} cards in one pile` : `${s.stash.red.length} red, ${s.stash.blue.length} blue`;
  const variants = variantsLine(s);
  if (variants) lines.push(`Variants: ${variants}`);
  if (s.phase !== 'building') lines.push(`Cops: ${s.cops ? nbName(s, s.cops) : 'not placed yet'} · Stash: ${stash}`);
  return lines;
}

export const RESIGN_TEXT = 'Your pawn leaves the map and your cards go to the discard pile.';

export const RULES: RulesTopic[] = [
  { name: 'Overview', value: 'overview', text: '**FENCE!** Players build a city of tiles, then move their pawns with red and blue cards (a tile’s coordinates are its red and blue numbers). The Cops send whoever they catch to Jail. After each round, Hot Goods go to whoever is nearest the rolled tile: one more card. Be the last one out of Jail.' },
  { name: 'Building the map', value: 'building', text: '**Building the map** (B4–B9). Old Town starts in the centre. In turn, place a tile from your hand so that it touches the map, every shared side fits (roads meet roads, water meets water) and it connects to Old Town and back, respecting One Way signs — or swap a tile from your hand for a placed one. `/fence place` and `/fence swap` list only legal moves. With no legal move you pass automatically.' },
  { name: 'Starting: pawns and Cops', value: 'setup', text: '**Pawns and Cops** (B10–B12). Each player’s secret start cards name their start tile; on a tile with several neighborhoods you choose with buttons. The First Player then rolls the Cops’ tile and chooses their neighborhood. Everyone is dealt 2 red and 2 blue cards.' },
  { name: 'Move Yourself', value: 'move', text: '**Move Yourself** (B14). Play one card to change that coordinate, or a red and a blue card to go straight to that tile. The destination must be free and in play. `/fence move` lists every move your hand allows.' },
  { name: 'Move Others (push, Cops)', value: 'others', text: '**Move Others** (B15). Instead of moving yourself: push another player’s pawn one road step (`/fence push`) and move the Cops (`/fence cops`) — one step by road, or a tip-off with one or two cards to any in-play neighborhood — in either order. A pawn caught with the Cops goes to Jail.' },
  { name: 'Jail and State’s Evidence', value: 'jail', text: '**Jail** (B16–B17). A jailed player with a red/blue pair that leads somewhere free must use it to get out. Otherwise they Move Others, and sending someone else to Jail from Jail is Turning State’s Evidence: draw a card.' },
  { name: 'Hot Goods', value: 'hotgoods', text: '**Hot Goods** (B18). After each round, ceil(N/2) tiles are rolled. The unique nearest player by road wins a card of their chosen colour (buttons); ties, unreachable tiles or nearer Cops waste it.' },
  { name: 'Winning', value: 'winning', text: '**Winning** (B19, H3). You win when you are the only player out of Jail and nobody jailed can get out on their next turn. At the round limit, the un-jailed player with the most cards wins (ties share).' },
  { name: 'Timers, resigning, aborting', value: 'house', text: '**Playing in a channel** (H1–H4). Each player has a turn limit; at half time they get a reminder, at the limit the computer plays their turn, and three timeouts in a row remove them. `/fence resign` leaves a game; the host or a channel admin may `/fence abort` or `/fence kick`.' },
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
  '`/fence new` opens a lobby (options: turn limit, auto-build map, computer players, rounds, thread). Players press **Join**; the host presses **Start** (`/fence addbot` seats a computer).',
  'When it is your turn the bot mentions you in a new post with the map. Use `/fence place` / `/fence swap` while building, then `/fence move`, `/fence push` or `/fence cops` — pick from the list the command offers. Choices (a colour, a neighborhood) come as buttons for you alone.',
  'Variants (chosen in the lobby’s **Options**) add a few commands: `/fence boat` (Boats), `/fence hunch` (a Hunch from Jail), `/fence trade` (Trading Cards and the Trading Post), `/fence pick` (a neighborhood from a long list). `/fence rules` explains each variant.',
  '`/fence hand` (or **Show my hand**) shows your cards privately. `/fence status`, `/fence map`, `/fence history`, `/fence rules` inform; `/fence resign` leaves.',
  'Admins (the host or Manage Channels): `/fence abort`, `/fence kick`. Server defaults (Manage Server): `/fence settings`.',
].join('\n');
