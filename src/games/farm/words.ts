/** Everything players read, in plain words: actions, events, status, rules and help (the prompts: choices.ts). */
import type { RulesTopic } from '../../platform/game.ts';
import { tileOfKey } from './board.ts';
import { henhousesLeft } from './engine.ts';
import { count, listAnd } from '../grammar.ts';
import { seatsInGame } from '../../platform/seats.ts';
import { actionLabel, cellName, regionPlace, seatName, tileAt, turnName } from './labels.ts';
import type { FarmEvent } from './events.ts';
import type { Award, FarmState } from './state.ts';
import { farmerText } from './views.ts';
import { marketById, marketText } from './market.ts';
import { seasonEventText, SEASONS_RULES, seasonStatus } from './seasons-words.ts';

const KIND_PLURAL = { cow: 'cows', pig: 'pigs', sheep: 'sheep', chicken: 'chickens' } as const;
/** A male and the females it scores for (R3). */
const MALE_OF = { cow: ['bull', 'cow'], sheep: ['ram', 'ewe'], pig: ['boar', 'sow'] } as const;

const AWARD_WHY: Record<Award['why'], string> = {
  animals: 'for the animals',
  card: 'from their farmer card',
  market: 'from the fair',
  bales: 'for bales',
  horse: 'for the horse',
  storage: 'for storage',
  winter: 'for the animals (Winter: the closer of a farm nobody owns scores them)',
};

/**
 * What a scored farm's animals are worth, as the owners' points were counted: one kind doubles
 * (never a male, R3), a demand or glut of the market card changes a kind (R6).
 */
function farmAnimals(e: Extract<FarmEvent, { type: 'scored' }>): string {
  if (e.animals === 0) return 'no animals';
  const card = e.market ? marketById(e.market) : null;
  const demand = card?.effect === 'demand' ? card.kind : null;
  const glut = card?.effect === 'glut' ? card.kind : null;
  const what = [count(e.animals, 'animal')];
  if (e.single && e.kind) {
    const k = e.kind;
    const each = glut === k ? `worth nothing in a ${k} glut` : demand === k ? `3 points each (${KIND_PLURAL[k]} in demand)` : '2 points each';
    const male = e.males && k !== 'chicken' ? MALE_OF[k] : null;
    what.push(`all ${KIND_PLURAL[k]}: ${each}${male ? `; ${e.males === 1 ? `the ${male[0]} scores` : `each ${male[0]} scores`} 1 per ${male[1]}, never doubled` : ''}`);
  } else {
    what.push('mixed: 1 point each');
    if (demand) what.push(`${KIND_PLURAL[demand]} in demand: 2 points each`);
    if (glut) what.push(`a ${glut} glut: ${KIND_PLURAL[glut]} score nothing`);
    if (e.males) what.push(e.males === 1 ? 'the male scores 1 per female of its kind' : 'males score 1 per female of their kind');
  }
  return what.join(', ');
}

export { actionLabel, regionPlace, seatName };

export function eventText(s: FarmState, e: FarmEvent): string | null {
  switch (e.type) {
    case 'started': return `${seatName(s, e.first)} goes first. Everyone has 2 tiles (see them with **Show my hand**) and a farmer card, face up.`;
    case 'turn': return null;
    case 'dead': return `${seatName(s, e.seat)}'s tile ${e.tile} fits nowhere on the map: it is shown and leaves the game.`;
    case 'placed': return `${seatName(s, e.seat)} places ${e.extra ? 'one more tile, ' : ''}${e.tile}${e.fromRow ? ' from their row' : ''} at ${cellName(e.x, e.y)}, ${turnName(e.rot)}.`;
    case 'scored': {
      const parts = e.awards.map((a) => `${seatName(s, a.seat)} +${a.points} ${AWARD_WHY[a.why]}`);
      const owners = e.owners.length ? `owned by ${listAnd(e.owners.map((o) => seatName(s, o)))}` : 'with no owner';
      return `🏁 Farm ${e.farm + 1} is closed (${owners}): ${farmAnimals(e)}. ${parts.length ? parts.join(', ') : 'Nobody scores'}.`;
    }
    case 'claimed': return `${seatName(s, e.seat)} puts a henhouse on ${e.tile} (${regionPlace(s, e.region)}).`;
    case 'passed': return null;
    case 'gate': return `${seatName(s, e.seat)} ${e.open ? 'opens' : 'closes'} the gate on ${s.placed[e.tile]?.id ?? '?'} at ${cellName(s.placed[e.tile]?.x ?? 0, s.placed[e.tile]?.y ?? 0)}.`;
    case 'foxAte': return `🦊 The fox eats ${e.chickens} chicken${e.chickens === 1 ? '' : 's'} in farm ${e.farm + 1}: they score nothing.`;
    case 'fox': return e.region === null ? '🦊 No other open field is left: the fox leaves the map until the next farm with chickens is scored.' : `🦊 ${seatName(s, e.seat ?? 0)} puts the fox on ${s.placed[tileOfKey(e.region)]?.id ?? '?'} at ${cellName(s.placed[tileOfKey(e.region)]?.x ?? 0, s.placed[tileOfKey(e.region)]?.y ?? 0)} (${regionPlace(s, e.region)}).`;
    case 'balesTaken': return `${seatName(s, e.seat)} collects ${e.count} hay bale${e.count === 1 ? '' : 's'}.`;
    case 'bale': return `${seatName(s, e.seat)} drops a hay bale on ${s.placed[tileOfKey(e.region)]?.id ?? '?'} at ${cellName(s.placed[tileOfKey(e.region)]?.x ?? 0, s.placed[tileOfKey(e.region)]?.y ?? 0)} (${regionPlace(s, e.region)}).`;
    case 'market': return `📈 New market card: ${marketText(e.card)}.`;
    case 'final': {
      const bales = e.awards.filter((a) => a.why === 'bales').map((a) => `${seatName(s, a.seat)} +${a.points}`);
      const stored = e.awards.filter((a) => a.why === 'storage').map((a) => `${seatName(s, a.seat)} ${a.points}`);
      return [stored.length ? `Animals left in storage cost: ${stored.join(', ')}.` : '', bales.length ? `Hay bales at the end (bales × bales): ${bales.join(', ')}.` : ''].filter(Boolean).join(' ');
    }
    case 'tractor': return `🚜 ${seatName(s, e.seat)} puts a tractor on ${tileAt(s, e.region)}: whoever extends that field may place a second tile.`;
    case 'tractorBack': return `🚜 ${e.count === 1 ? 'A tractor goes' : `${e.count} tractors go`} back to the supply${e.why === 'scored' ? ' (its farm is scored)' : " (its owner's turn is over)"}.`;
    case 'extraTile': return `🚜 ${seatName(s, e.seat)}'s tile reached a tractor's field: they may place one more tile (no henhouse on it).`;
    case 'horse': return e.why === 'trapped' ? '🐎 The horse has nowhere to jump: it goes back to the supply and enters the next farm scored.' : e.why === 'enters' ? `🐎 The horse enters the farm just scored, on ${tileAt(s, e.region ?? 0)}.` : `🐎 ${seatName(s, e.seat ?? 0)} ${e.why === 'jumps' ? 'makes the horse jump out of its closed farm' : 'moves the horse'} to ${tileAt(s, e.region ?? 0)}.`;
    case 'stored': return e.op === 'remove' ? `📦 ${seatName(s, e.seat)} takes a ${e.kind === 'sheep' ? 'sheep' : e.kind} out of the farm into storage.` : `📦 ${seatName(s, e.seat)} adds a stored ${e.kind === 'sheep' ? 'sheep' : e.kind} to the farm.`;
    case 'shared': return `${seatName(s, e.seat)} uses a sharecropper token to put a henhouse on ${e.tile} (${regionPlace(s, e.region)}).`;
    case 'sharesTaken': return `${seatName(s, e.seat)} takes ${e.count === 1 ? 'a sharecropper token' : `${e.count} sharecropper tokens`}.`;
    case 'took': return `🌪️ ${seatName(s, e.seat)} takes ${e.tile} from ${seatName(s, e.from)}'s ${e.source === 'hand' ? 'hand' : 'row'}: it lies face up in front of ${seatName(s, e.seat)}.`;
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
      return `${why} Open farms score nothing. Final scores: ${scores}. ${e.winners.length === 1 ? `**${seatName(s, e.winners[0] as number)} wins!**` : `**${listAnd(e.winners.map((w) => seatName(s, w)))} share the win!**`}`;
    }
  }
}

/** R21: what the closer owed the Dust Bowl's choice sees, privately: the owners' hands. */
export function dustPeek(s: FarmState, seat: number): string {
  const owed = s.pending[0];
  if (owed?.kind !== 'dust' || owed.seat !== seat) return '';
  const lines = owed.from.map((o) => {
    const hand = (s.hands[o] ?? []).map((id, i) => `tile ${i + 1}: ${id}`).join(', ');
    const row = s.rows?.[o] ?? [];
    return `${seatName(s, o)}'s hand: ${hand || 'empty'}${row.length ? `; row: ${row.join(', ')}` : ''}.`;
  });
  return `**Dust Bowl** — you may take one of these tiles into your row:\n${lines.join('\n')}`;
}

/**
 * The end post's story under its winners: the margin, or a tie (F14: a tie shares the win, the
 * rules break none), and where each player's points came from (the end's picture shows the same).
 */
export function summaryLines(s: FarmState): string[] {
  if (!s.outcome || s.outcome.kind !== 'finished') return [];
  const inGame = seatsInGame(s).sort((a, b) => (s.scores[b] ?? 0) - (s.scores[a] ?? 0));
  const winners = s.outcome.winners;
  const best = s.scores[winners[0] ?? 0] ?? 0;
  const next = inGame.find((i) => !winners.includes(i));
  const verdict = winners.length > 1
    ? `${listAnd(winners.map((w) => seatName(s, w)))} tie on ${count(best, 'point')} and share the win: the rules break no tie.`
    : next === undefined ? '' : `${seatName(s, winners[0]!)} wins by ${count(best - (s.scores[next] ?? 0), 'point')} over ${seatName(s, next)}.`;
  return verdict ? [verdict] : [];
}

export function phaseText(s: FarmState): string {
  return s.outcome ? 'game over' : `round ${s.round} · ${count(s.stack.length, 'tile')} in the stack`;
}

export function statusLines(s: FarmState): string[] {
  const lines = s.seats.map((x, i) => {
    const stored = s.storage?.held[i];
    const parts = [
      `${x.name}: ${count(s.scores[i] ?? 0, 'point')}`,
      `${count(henhousesLeft(s, i), 'henhouse')} at home`,
      `${count((s.hands[i] ?? []).length, 'tile')} in hand`,
      s.rows?.[i]?.length ? `row: ${s.rows[i]?.join(', ')}` : '',
      s.bales ? count(s.bales.held[i] ?? 0, 'bale') : '',
      s.shares ? count(s.shares.held[i] ?? 0, 'sharecropper token') : '',
      stored ? `stored: ${count(stored.cow, 'cow')}, ${count(stored.pig, 'pig')}, ${stored.sheep} sheep` : '',
      `card: ${farmerText(s.farmers[i] as string)}${s.out[i] ? ' (left)' : ''}`,
    ];
    return parts.filter(Boolean).join(' · ');
  });
  const ranch = [s.options.males && 'Males', s.options.chickens && 'Chickens', s.options.market && 'Market', s.options.gates && 'Gates', s.options.bales && 'Hay Bales', s.options.tractor && 'Tractor', s.options.horse && 'Horse', s.options.storage && 'Storage', s.options.sharecroppers && 'Sharecroppers', s.options.dustBowl && 'Dust Bowl'].filter(Boolean);
  lines.push(ranch.length ? `The Ranch: ${ranch.join(', ')}.` : 'The base game, no Ranch expansions.');
  const season = seasonStatus(s);
  if (season) lines.push(season);
  if (s.market) lines.push(`Market: ${marketText(s.market.up)}.`);
  if (s.bales) lines.push(`Hay bales: ${s.bales.supply} in the supply, ${s.bales.on.length} on the map.`);
  if (s.options.chickens) lines.push(s.fox === null ? 'The fox is off the map.' : `The fox is on ${s.placed[tileOfKey(s.fox)]?.id ?? '?'}.`);
  if (s.tractors) lines.push(`Tractors: ${s.tractors.supply} in the supply${s.tractors.on.length ? `, on ${s.tractors.on.map((t) => tileAt(s, t.region)).join(' and ')}` : ''}.`);
  if (s.horse) lines.push(s.horse.region === null ? 'The horse waits in the supply for the next farm scored.' : `The horse is on ${tileAt(s, s.horse.region)}.`);
  if (s.storage) lines.push(`Storage supply: ${count(s.storage.supply.cow, 'cow')}, ${count(s.storage.supply.pig, 'pig')}, ${s.storage.supply.sheep} sheep.`);
  if (s.shares) lines.push(`Sharecropper tokens in the supply: ${s.shares.supply}.`);
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
  { name: 'Ranch: Tractor', value: 'tractor', text: 'Instead of a henhouse you may put a tractor from the supply (1 tractor with 2–3 players, 2 with more) on the tile you just placed, in an open field you own. Whoever places a tile that reaches a field with a tractor may then place one more tile (from hand or row, no henhouse on it), and again if that one reaches a tractor too. A tractor goes back to the supply when its farm is scored, or at the end of its owner\'s next turn.' },
  { name: 'Ranch: Horse', value: 'horse', text: 'The horse enters the first farm scored. At the start of every turn, if the horse stands in a closed farm, the player whose turn it is makes it jump one fence into an open field next to it — never straight back to the field it just left (nowhere to go: it waits in the supply for the next farm scored). Instead of a henhouse you may move it the same way. When the horse\'s farm is scored, each owner and the player who closed it score 5 points (5 once if that is the same player).' },
  { name: 'Ranch: Storage', value: 'storage', text: 'The supply holds 4 cows, 4 pigs and 4 sheep. Before a farm is scored, each owner (in turn from the closer\'s left, one action per henhouse there) may take a cow, pig or sheep out of it into their storage, while the supply has one. Then the closer, if not an owner, may add one stored animal to the farm; if nobody did, an owner with actions left may add. Males and chickens are never stored. At the end stored animals cost 1, 2, 3… points each (3 animals cost 6).' },
  { name: 'Ranch: Sharecroppers', value: 'sharecroppers', text: 'Everyone starts with a sharecropper token. Instead of a plain henhouse you may put a henhouse with a token on the tile you just placed in an open field someone else owns: you share it. Whoever closes a farm takes its tokens (from a farm nobody owned, one from the supply) and may use them at once. If the fox must move, the owners who were there first choose.' },
  { name: 'Ranch: Dust Bowl', value: 'dust', text: 'When you close a farm that others own, you may look at their hands (only you see them) and take one tile from a hand or from their face-up row into your own row. On a turn you may place a row tile instead of a hand tile; it is not replaced. A robbed player draws back up to 2 at the end of their next turn.' },
  SEASONS_RULES,
];

export const HELP = '**How to play Fences here**: `/farm new` opens a lobby (**Join**, **Options**, **Start**). On your turn press **Place a tile** on the turn post: only you then see your tiles above the map, each cell where one fits numbered (a big map comes in parts: a letter shows another part). Press a number: where a tile fits one way only it is drawn there and placed at once; else each tile and turn that fits is drawn in place with what it would score, and you press one. Then put a henhouse on a lettered part of your tile, or **No henhouse**. The fox, hay bales and the horse go on numbered fields. The channel sees your turn once it is over; **Undo** takes back a placement until then. You can also type moves: `/farm place` (every cell and turn, previewed before you confirm), `/farm season` for the season\'s special move. `/farm map` shows the whole farmland; `/farm status` the scores, cards and season.';
