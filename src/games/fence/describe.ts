/** Words for the channel: neighborhoods, tiles, cards, actions and events, as players say them. */
import type { Action } from './actions.ts';
import { cardName, sortCards, type Card } from './cards.ts';
import type { FenceEvent } from './events.ts';
import { parseNbId, tileIdOfKey, type NbId } from './geometry.ts';
import { cellLabel, gridOf } from './grid.ts';
import { tileSetOf } from './rules.ts';
import type { FenceState } from './state.ts';

const ROTATION = ['', ', rotated 90°', ', rotated 180°', ', rotated 270°'];

export function nbName(s: FenceState, id: NbId): string {
  const { key, index } = parseNbId(id);
  return tileSetOf(s).byId.get(tileIdOfKey(key))?.neighborhoods[index]?.name ?? id;
}

export function tileName(s: FenceState, key: string): string {
  const def = tileSetOf(s).byId.get(tileIdOfKey(key));
  if (!def) return key;
  const names = def.neighborhoods.map((n) => n.name).join(' / ');
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
      return `Draw a ${a.colour} card`;
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
      const verb = e.type === 'tilePlaced' ? `placed ${tileName(s, e.tile)}` : `swapped ${tileName(s, e.tile)} in for ${tileName(s, e.replaced)}`;
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
      return `${who(e.seat)} draws a ${e.colour} card${e.why === 'hotGoods' ? ' (Hot Goods)' : ''}.`;
    case 'hotGoods': {
      const r = e.roll;
      const head = `Hot Goods ${e.index}/${e.of}: red ${r.red}, blue ${r.blue}`;
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
      if (o.reason === 'roundLimit') return `The round limit is reached: ${names} ${o.seats.length > 1 ? 'share the win' : 'wins'} with the most cards.`;
      return `${names} wins!`;
    }
  }
}

export function listAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
