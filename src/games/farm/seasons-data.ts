/**
 * The Seasons module's data (S1): its 9 cards (assets/farm/seasons.json, validated at load), its
 * part of the game state and its four moves. Kept apart from seasons.ts (the rules) so that the
 * state and action schemas can include them without importing the rules.
 */
import { z } from 'zod';
import seasonData from '../../../assets/farm/seasons.json' with { type: 'json' };

export const SEASON_IDS = ['autumn', 'drought', 'flood', 'harvest', 'rainy', 'spring', 'summer', 'tornado', 'winter'] as const;
export type SeasonId = (typeof SEASON_IDS)[number];
const seasonId = z.enum(SEASON_IDS);

export const seasonCardSchema = z.object({ id: seasonId, name: z.string().min(1).max(20), text: z.string().min(1).max(120) });
export type SeasonCard = z.output<typeof seasonCardSchema>;

/** Parses the season cards; throws naming the problem: each of the 9 seasons exactly once. */
export function loadSeasons(data: unknown): SeasonCard[] {
  const parsed = z.array(seasonCardSchema).length(SEASON_IDS.length).safeParse(data);
  if (!parsed.success) throw new Error(`farm season cards: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const missing = SEASON_IDS.filter((id) => !parsed.data.some((c) => c.id === id));
  if (missing.length) throw new Error(`farm season cards: repeated cards, missing ${missing.join(', ')}`);
  return parsed.data;
}

export const SEASONS: readonly SeasonCard[] = loadSeasons(seasonData);
export const seasonById = (id: SeasonId): SeasonCard => SEASONS.find((c) => c.id === id) as SeasonCard;

const seat = z.number().int().min(0).max(5);

export const seasonStateSchema = z.object({
  /** The card ruling this round (S1); null only before the first round. */
  up: seasonId.nullable(),
  /** Top first; turned one per round, reshuffled from the discards when empty. */
  deck: z.array(seasonId),
  discards: z.array(seasonId),
  /** Drought (S3): the seats that skip their turn this round. */
  skip: z.array(seat),
  /** Spring (S7): the turn being played is an extra one (it earns none). */
  extra: z.boolean(),
  /** Farms scored before this turn began: the ones after it were closed this turn (S7). */
  farmsBefore: z.number().int().min(0),
  /** The map tile a Flood or Rainy move moved last (shown like a tile just placed); null after a placement. */
  moved: z.number().int().min(0).nullable(),
});
export type SeasonState = z.output<typeof seasonStateSchema>;

const cell = z.number().int().min(-200).max(200);
/** Autumn (S2): a hand tile swapped for the stack's top. */
export const swapSchema = z.object({ type: z.literal('swap'), tile: z.string().max(8) });
/** Flood (S4): the map tile (its index) lifted and placed on another cell. */
export const liftSchema = z.object({ type: z.literal('lift'), from: z.number().int().min(0), x: cell, y: cell, rot: z.number().int().min(0).max(3) });
/** Rainy (S6): the map tile (its index) turned in place. */
export const turnTileSchema = z.object({ type: z.literal('turnTile'), tile: z.number().int().min(0), rot: z.number().int().min(0).max(3) });
/** Tornado (S9): the henhouse on this region goes home. */
export const evictSchema = z.object({ type: z.literal('evict'), region: z.number().int().min(0) });
export const SEASON_ACTIONS = [swapSchema, liftSchema, turnTileSchema, evictSchema] as const;
export type SeasonAction = z.output<typeof swapSchema> | z.output<typeof liftSchema> | z.output<typeof turnTileSchema> | z.output<typeof evictSchema>;
export const SEASON_ACTION_TYPES: ReadonlySet<string> = new Set(['swap', 'lift', 'turnTile', 'evict']);
export const isSeasonAction = (a: { type: string }): a is SeasonAction => SEASON_ACTION_TYPES.has(a.type);

/** What the Seasons module adds to the channel's story (tiles named are on the map, never in a hand). */
export type SeasonEvent =
  /** S1: a season card is turned for the round; Drought names who skips (S3). */
  | { type: 'season'; card: SeasonId; skip: number[] }
  /** S2: a hand tile went to the bottom of the stack for its top tile (which tiles stays private). */
  | { type: 'swapped'; seat: number }
  /** S4: a map tile lifted and placed on another cell. */
  | { type: 'lifted'; seat: number; tile: string; fromX: number; fromY: number; x: number; y: number; rot: number }
  /** S6: a map tile turned in place. */
  | { type: 'turnedTile'; seat: number; tile: string; x: number; y: number; rot: number }
  /** S9: a henhouse sent home. */
  | { type: 'evicted'; seat: number; owner: number; region: number; tile: string }
  /** S3: a leader's turn skipped; S7: an extra turn begins. */
  | { type: 'droughtSkip'; seat: number }
  | { type: 'extraTurn'; seat: number };
