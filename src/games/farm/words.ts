/** Everything players read, in plain words: actions, events, prompts, status, rules and help. */
import type { Prompt, RulesTopic } from '../../platform/game.ts';
import type { Action } from './actions.ts';
import { Board, regionOfKey, tileOfKey } from './board.ts';
import { claimOptions, henhousesLeft, legalActions } from './engine.ts';
import type { FarmEvent } from './events.ts';
import type { FarmState } from './state.ts';
import { regionAt } from './tiles.ts';
import { farmerText } from './views.ts';
import { marketText } from './market.ts';
import { isSeasonAction } from './seasons-data.ts';
import { seasonActionLabel, seasonEventText, seasonPromptHint, SEASONS_RULES, seasonStatus } from './seasons-words.ts';

export const seatName = (s: FarmState, seat: number): string => s.seats[seat]?.name ?? `Player ${seat + 1}`;
export const cellName = (x: number, y: number): string => `${x},${y}`;
const turnName = (rot: number): string => (rot === 0 ? 'unturned' : `turned ${rot * 90}°`);

const HALF_CENTRE: readonly [number, number][] = [[0.25, 0], [0.75, 0], [1, 0.25], [1, 0.75], [0.75, 1], [0.25, 1], [0, 0.75], [0, 0.25]];
const COMPASS = ['east', 'south-east', 'south', 'south-west', 'west', 'north-west', 'north', 'north-east'];

/** Where a region lies on its tile as placed: "north-west", or "whole tile". */
export function regionPlace(s: FarmState, key: number): string {
  const p = s.placed[tileOfKey(key)];
  if (!p) return 'somewhere';
  const board = new Board(s.placed);
  const regs = regionAt(board.def(tileOfKey(key)), p.rot);
  const hs = [0, 1, 2, 3, 4, 5, 6, 7].filter((h) => regs[h] === regionOfKey(key));
  if (hs.length === 8) return 'whole tile';
  const dx = hs.reduce((a, h) => a + (HALF_CENTRE[h] as [number, number])[0] - 0.5, 0);
  const dy = hs.reduce((a, h) => a + (HALF_CENTRE[h] as [number, number])[1] - 0.5, 0);
  if (Math.abs(dx) < 1e-9 && Math.abs(dy) < 1e-9) return 'middle';
  const angle = Math.atan2(dy, dx);
  return COMPASS[(Math.round(angle / (Math.PI / 4)) + 8) % 8] as string;
}

function fieldAnimals(board: Board, key: number): number {
  return board.fieldOf(key).regions.reduce((n, k) => n + (board.def(tileOfKey(k)).regions[regionOfKey(k)]?.animals.length ?? 0), 0);
}

/** A field as players find it: a tile and a part of it, its owners and animals. */
function fieldName(s: FarmState, board: Board, key: number): string {
  const p = s.placed[tileOfKey(key)];
  const field = board.fieldOf(key);
  const owners = [...new Set(s.henhouses.filter((h) => field.regions.includes(h.region)).map((h) => seatName(s, h.seat)))];
  const chickens = field.regions.reduce((n, k) => n + (board.def(tileOfKey(k)).regions[regionOfKey(k)]?.animals.filter((a) => a === 'chicken').length ?? 0), 0);
  return `${p?.id ?? '?'} at ${cellName(p?.x ?? 0, p?.y ?? 0)} (${regionPlace(s, key)})${owners.length ? `, ${owners.join(' & ')}'s` : ', unowned'}${chickens ? `, ${chickens} chickens` : ''}`;
}

export function actionLabel(s: FarmState, a: Action): string {
  if (a.type === 'place') return `${a.tile} at ${cellName(a.x, a.y)}, ${turnName(a.rot)}`;
  if (isSeasonAction(a)) return seasonActionLabel(s, a, (region) => fieldName(s, new Board(s.placed), region));
  if (a.type === 'pass') return 'No henhouse';
  if (a.type === 'keepGates') return 'Leave the gates';
  if (a.type === 'gate') {
    const p = s.placed[a.tile];
    return `${p?.gateOpen ? 'Close' : 'Open'} the gate on ${p?.id ?? '?'} at ${cellName(p?.x ?? 0, p?.y ?? 0)}`;
  }
  const board = new Board(s.placed);
  if (a.type === 'fox' || a.type === 'bale') return `${a.type === 'fox' ? 'Fox' : 'Bale'} to ${fieldName(s, board, a.region)}`;
  const t = board.def(tileOfKey(a.region)).regions[regionOfKey(a.region)];
  const n = fieldAnimals(board, a.region);
  return `Henhouse: ${t?.terrain ?? 'field'} (${regionPlace(s, a.region)}), ${n} animal${n === 1 ? '' : 's'} so far`;
}

const list = (xs: string[]): string => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

export function eventText(s: FarmState, e: FarmEvent): string | null {
  switch (e.type) {
    case 'started': return `${seatName(s, e.first)} goes first. Everyone has 2 tiles (see them with **Show my hand**) and a farmer card, face up.`;
    case 'turn': return null;
    case 'dead': return `${seatName(s, e.seat)}'s tile ${e.tile} fits nowhere on the map: it is shown and leaves the game.`;
    case 'placed': return `${seatName(s, e.seat)} places ${e.tile} at ${cellName(e.x, e.y)}, ${turnName(e.rot)}.`;
    case 'scored': {
      const WHY = { animals: 'for the animals', card: 'from their farmer card', market: 'from the fair', bales: 'for bales' };
      const parts = e.awards.map((a) => `${seatName(s, a.seat)} +${a.points} ${WHY[a.why]}`);
      const what = `${e.animals} animal${e.animals === 1 ? '' : 's'}${e.single && e.animals > 0 ? ', all one kind (double points)' : ''}`;
      const owners = e.owners.length ? `owned by ${list(e.owners.map((o) => seatName(s, o)))}` : 'with no owner';
      return `🏁 Farm ${e.farm + 1} is closed (${what}, ${owners}): ${parts.length ? parts.join(', ') : 'nobody scores'}.`;
    }
    case 'claimed': return `${seatName(s, e.seat)} puts a henhouse on ${e.tile} (${regionPlace(s, e.region)}).`;
    case 'passed': return null;
    case 'gate': return `${seatName(s, e.seat)} ${e.open ? 'opens' : 'closes'} the gate on ${s.placed[e.tile]?.id ?? '?'} at ${cellName(s.placed[e.tile]?.x ?? 0, s.placed[e.tile]?.y ?? 0)}.`;
    case 'foxAte': return `🦊 The fox eats ${e.chickens} chicken${e.chickens === 1 ? '' : 's'} in farm ${e.farm + 1}: they score nothing.`;
    case 'fox': return e.region === null ? '🦊 No open field is left: the fox leaves the map until the next farm with chickens is scored.' : `🦊 ${seatName(s, e.seat ?? 0)} puts the fox on ${s.placed[tileOfKey(e.region)]?.id ?? '?'} at ${cellName(s.placed[tileOfKey(e.region)]?.x ?? 0, s.placed[tileOfKey(e.region)]?.y ?? 0)} (${regionPlace(s, e.region)}).`;
    case 'balesTaken': return `${seatName(s, e.seat)} collects ${e.count} hay bale${e.count === 1 ? '' : 's'}.`;
    case 'bale': return `${seatName(s, e.seat)} drops a hay bale on ${s.placed[tileOfKey(e.region)]?.id ?? '?'} at ${cellName(s.placed[tileOfKey(e.region)]?.x ?? 0, s.placed[tileOfKey(e.region)]?.y ?? 0)} (${regionPlace(s, e.region)}).`;
    case 'market': return `📈 New market card: ${marketText(e.card)}.`;
    case 'final': return `Hay bales at the end (bales × bales): ${e.awards.map((a) => `${seatName(s, a.seat)} +${a.points}`).join(', ')}.`;
    case 'drew': return null;
    case 'skipped': return `${seatName(s, e.seat)} has no tile to place and passes.`;
    case 'timedOut': return `${seatName(s, e.seat)} ran out of time: the bot played for them${e.inARow >= 2 ? ` (${e.inARow} times in a row; 3 removes a player)` : ''}.`;
    case 'removed': return `${seatName(s, e.seat)} leaves the game (${e.reason === 'resigned' ? 'resigned' : e.reason === 'timeouts' ? 'ran out of time 3 turns in a row' : e.reason}): their henhouses leave the map and their tiles leave play.`;
    case 'season': case 'swapped': case 'lifted': case 'turnedTile': case 'evicted': case 'droughtSkip': case 'extraTurn':
      return seasonEventText(s, e);
    case 'ended': {
      if (e.reason === 'aborted') return 'The game was aborted.';
      const why = e.reason === 'tiles' ? 'All tiles are placed.' : e.reason === 'rounds' ? 'The round limit is reached.' : 'Only one player is left.';
      const scores = s.seats.map((x, i) => `${x.name} ${s.scores[i]}${s.out[i] ? ' (left)' : ''}`).join(', ');
      return `${why} Open farms score nothing. Final scores: ${scores}. ${e.winners.length === 1 ? `**${seatName(s, e.winners[0] as number)} wins!**` : `**${list(e.winners.map((w) => seatName(s, w)))} share the win!**`}`;
    }
  }
}

export function prompt(s: FarmState, seat: number): Prompt<Action> {
  const owed = s.pending[0];
  if (owed) {
    const actions: Action[] = owed.options.map((region) => ({ type: owed.kind, region }));
    return {
      text: owed.kind === 'fox' ? 'choose the open field the fox moves to (it eats the chickens of the farm it is in when that farm is scored).' : 'drop a hay bale on an open field next to the farm just scored (whoever closes that field collects it).',
      buttons: actions.slice(0, 24).map((action) => ({ label: actionLabel(s, action).slice(0, 80), action, style: 'primary' as const })),
    };
  }
  if (s.stage.kind === 'gate') {
    const actions = legalActions(s, seat);
    return {
      text: 'you may open or close one gate next to a field of the tile you just placed (an open gate joins the fields on both sides), or leave them.',
      buttons: actions.slice(0, 24).map((action) => ({ label: actionLabel(s, action).slice(0, 80), action, style: action.type === 'gate' ? ('primary' as const) : ('secondary' as const) })),
    };
  }
  if (s.stage.kind === 'claim') {
    const board = new Board(s.placed);
    const options = claimOptions(s, board, s.stage.tile, seat);
    return {
      text: `place a henhouse on the tile you just placed (you have ${henhousesLeft(s, seat)} left), or none.${seasonPromptHint(s, 'claim')}`,
      buttons: [
        ...options.map((region) => ({ label: actionLabel(s, { type: 'claim', region }).slice(0, 80), action: { type: 'claim' as const, region }, style: 'primary' as const })),
        ...legalActions(s, seat).filter((a) => a.type === 'evict').slice(0, Math.max(0, 24 - options.length)).map((action) => ({ label: actionLabel(s, action).slice(0, 80), action, style: 'danger' as const })),
        { label: 'No henhouse', action: { type: 'pass' }, style: 'secondary' },
      ],
    };
  }
  return { text: `your turn: place one of your tiles with \`/farm place\` (the list offers every cell and turn that fits).${seasonPromptHint(s, 'place')}`, buttons: [] };
}

export function phaseText(s: FarmState): string {
  return s.outcome ? 'game over' : `round ${s.round} · ${s.stack.length} tiles in the stack`;
}

export function statusLines(s: FarmState): string[] {
  const lines = s.seats.map((x, i) => `${x.name}: ${s.scores[i]} points · ${henhousesLeft(s, i)} henhouses at home · ${(s.hands[i] ?? []).length} tiles in hand${s.bales ? ` · ${s.bales.held[i]} bales` : ''} · card: ${farmerText(s.farmers[i] as string)}${s.out[i] ? ' (left)' : ''}`);
  const ranch = [s.options.males && 'Males', s.options.chickens && 'Chickens', s.options.market && 'Market', s.options.gates && 'Gates', s.options.bales && 'Hay Bales'].filter(Boolean);
  lines.push(ranch.length ? `The Ranch: ${ranch.join(', ')}.` : 'The base game, no Ranch expansions.');
  const season = seasonStatus(s);
  if (season) lines.push(season);
  if (s.market) lines.push(`Market: ${marketText(s.market.up)}.`);
  if (s.bales) lines.push(`Hay bales: ${s.bales.supply} in the supply, ${s.bales.on.length} on the map.`);
  if (s.options.chickens) lines.push(s.fox === null ? 'The fox is off the map.' : `The fox is on ${s.placed[tileOfKey(s.fox)]?.id ?? '?'}.`);
  return lines;
}

export const RESIGN_TEXT = 'Your henhouses leave the map and your tiles leave play; your points stay on the track but you cannot win.';

export const RULES: RulesTopic[] = [
  { name: 'Overview', value: 'overview', text: '**Fences** — build one shared farmland from square tiles. Fences on the tiles enclose fields; a field with no gap left is a closed farm and scores: its animals for the players with a henhouse in it, and a bonus for whoever closed it if their farmer card likes it. When every tile is placed, most points wins.' },
  { name: 'Placing tiles', value: 'tiles', text: 'On your turn place one of your 2 tiles on an empty cell beside the map, in any of its 4 turns. Each side has two halves, fenced or open; every half must match the tile next to it (fence against fence, open against open). A tile that fits nowhere is shown and leaves the game. Then draw back up to 2.' },
  { name: 'Fields and farms', value: 'fields', text: 'Fences inside a tile split it into up to 4 parts. Parts joined through open halves form a field. A field is closed when none of its open halves faces an empty cell: it is a farm, scored at once and finished for good.' },
  { name: 'Henhouses', value: 'henhouses', text: 'After placing, you may put one of your 4 henhouses on a part of the tile you just placed, if its field is still open and has no henhouse yet. Fields can grow together, so a farm can have several owners. Henhouses come home when their farm is scored.' },
  { name: 'Scoring', value: 'scoring', text: 'Each animal in a closed farm scores 1 point, or 2 if the farm holds only one kind. The owners share the total equally (rounded down). A farm without henhouses scores its animals for nobody. Then whoever closed it scores each line of their farmer card that the farm meets (a farm with no animals meets none). Open farms at the end score nothing.' },
  { name: 'Farmer cards', value: 'cards', text: 'Every card has two lines, e.g. "no cows 3 · 6+ animals 5": when you close any farm (yours or not) that has no cows you score 3, and if it has 6 animals or more, 5 more. "Fence on the map edge" means the farm has a fence facing an empty cell.' },
  { name: 'Ranch: Males', value: 'males', text: 'Bulls, rams and boars join the tiles. A male counts as a cow, sheep or pig for "one kind", farmer cards and the market, but scores 1 point for each female of its kind in the farm (0 if none), never doubled. A ram with 4 ewes and nothing else: 4 + 4×2 = 12.' },
  { name: 'Ranch: Chickens', value: 'chickens', text: 'Chickens are a kind of their own: 1 point each, 2 if the farm holds only chickens. After the first farm with chickens is scored, its owner (the one with fewest points if several; the closer if nobody owns it) puts the fox on an open field; after every later farm with chickens or the fox, the fox moves to another open field. Chickens in the fox\'s farm when it is scored are eaten and count for nothing.' },
  { name: 'Ranch: Market', value: 'market', text: 'A market card is face up. "In demand": each cow, sheep or pig of that kind (not males) scores 1 more. "Glut": they score 0 (still a kind). "Fair": each owner of a farm holding that kind gets 3 more, not split. Only owners\' animal points change, never farmer cards. After a turn in which a market tile ($) was placed, the next card is turned.' },
  { name: 'Ranch: Gates', value: 'gates', text: 'Some tiles have a gate in an inner fence; it starts closed. After placing a tile, before farms are scored, you may open or close one gate next to a field that holds part of your tile (fields joined by open gates count as one). An open gate joins the fields on both sides into one field; a closed gate is a fence. A gate next to a scored farm is locked.' },
  { name: 'Ranch: Hay Bales', value: 'bales', text: 'When a farm is scored, whoever closed it collects its hay bales; then each owner drops a bale from the supply on an open field next to it. At the end each player scores their bales squared: 1, 4, 9, 16…' },
  SEASONS_RULES,
];

export const HELP = '**How to play Fences here**: `/farm new` opens a lobby (**Join**, **Options**, **Start**). On your turn, **Show my hand** shows your two tiles in all four turns (only to you); then `/farm place` lists every cell and turn where one fits — cells are named column,row as on the map. You see your placement first, privately: press **Confirm** to play it. After placing, answer the henhouse question with the buttons. With Seasons, `/farm season` makes the special move of the season in force (swap, move or turn a tile). `/farm map` shows the whole farmland; `/farm status` the scores, cards and season.';
