/** What players read about Seasons: the moves, the events, the status line and the rules topic. */
import type { RulesTopic } from '../../platform/game.ts';
import { SEASONS, seasonById, type SeasonAction, type SeasonEvent } from './seasons-data.ts';
import type { FarmState } from './state.ts';

const name = (s: FarmState, seat: number): string => s.seats[seat]?.name ?? `Player ${seat + 1}`;
const turnName = (rot: number): string => (rot === 0 ? 'unturned' : `turned ${rot * 90}°`);
const list = (xs: string[]): string => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/** `where` names a henhouse's spot ("B17 at 2,3 (north-west)"); the engine's words lend it. */
export function seasonActionLabel(s: FarmState, a: SeasonAction, where: (region: number) => string): string {
  if (a.type === 'swap') return `Autumn: swap ${a.tile} for the top of the stack (no tile placed this turn)`;
  if (a.type === 'evict') {
    const owner = s.henhouses.find((h) => h.region === a.region)?.seat;
    return `Tornado: send ${owner === undefined ? 'the' : `${name(s, owner)}'s`} henhouse on ${where(a.region)} home`;
  }
  const p = s.placed[a.type === 'lift' ? a.from : a.tile];
  if (a.type === 'turnTile') return `Rainy: turn ${p?.id ?? '?'} at ${p?.x},${p?.y} to ${a.rot * 90}°`;
  return `Flood: move ${p?.id ?? '?'} from ${p?.x},${p?.y} to ${a.x},${a.y}, ${turnName(a.rot)}`;
}

export function seasonEventText(s: FarmState, e: SeasonEvent): string | null {
  switch (e.type) {
    case 'season': {
      const c = seasonById(e.card);
      const skip = e.card === 'drought' ? (e.skip.length ? ` ${list(e.skip.map((x) => name(s, x)))} ${e.skip.length === 1 ? 'leads and skips' : 'lead and skip'} this round.` : ' Nobody leads yet, so nobody skips.') : '';
      return `🍂 Round ${s.round}: **${c.name}** — ${c.text}${skip}`;
    }
    case 'swapped': return `${name(s, e.seat)} swaps a tile for the top of the stack (Autumn) and places none this turn.`;
    case 'lifted': return `🌊 ${name(s, e.seat)} moves ${e.tile} from ${e.fromX},${e.fromY} to ${e.x},${e.y}, ${turnName(e.rot)} (Flood).`;
    case 'turnedTile': return `🌧️ ${name(s, e.seat)} turns ${e.tile} at ${e.x},${e.y} to ${e.rot * 90}° (Rainy).`;
    case 'evicted': return `🌪️ ${name(s, e.seat)} sends ${e.owner === e.seat ? 'their own' : `${name(s, e.owner)}'s`} henhouse on ${e.tile} home (Tornado).`;
    case 'droughtSkip': return `☀️ ${name(s, e.seat)} leads, so the drought skips their turn.`;
    case 'extraTurn': return `🌱 ${name(s, e.seat)} closed a farm they own: Spring gives them an extra turn.`;
  }
}

/** The status line of the season in force. */
export function seasonStatus(s: FarmState): string | null {
  const z = s.seasons;
  if (!z?.up) return null;
  const c = seasonById(z.up);
  return `Season this round: ${c.name} — ${c.text}${z.skip.length ? ` (skipping: ${list(z.skip.map((x) => name(s, x)))})` : ''}`;
}

/** A hint in the turn prompt when the season offers moves instead of placing (a Tornado's is among the claim step's choices). */
export function seasonPromptHint(s: FarmState): string {
  const up = s.seasons?.up;
  if (up === 'autumn' || up === 'flood' || up === 'rainy') return ` Or, this ${seasonById(up).name} round, \`/farm season\`: ${up === 'autumn' ? 'swap a tile for the top of the stack' : up === 'flood' ? 'move a tile of the map to another cell' : 'turn a tile of the map'}.`;
  return '';
}

export const SEASONS_RULES: RulesTopic = {
  name: 'Seasons',
  value: 'seasons',
  text: [
    'With Seasons, a season card is turned at the start of every round and changes one rule until the round ends (after all 9, they are shuffled again). Tiles with a henhouse, the fox, a hay bale or a gate on them never move or turn, nor do tiles of a scored farm.',
    ...SEASONS.map((c) => `**${c.name}**: ${c.text}`),
    'Moving (Flood) must leave the map in one piece; the moved tile then counts as the tile you placed (gates, scoring, henhouse). A turned tile (Rainy) is scored and may take a henhouse, but turns no market card. Swap, move and turn with `/farm season`.',
  ].join('\n'),
};
