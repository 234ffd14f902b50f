/**
 * A game's record: the file `/games export` gives and `npm run replay` rebuilds the game from.
 * It holds what the store keeps to rebuild a started game (the seed, the options, the seats in
 * order, the actions still in effect, each with who made it), and what the game came to (its
 * outcome, and a digest of its final state), so a rebuild can show it arrived at the same place.
 * The seed decides every hidden and random thing of a game, so a record is only made of a game
 * that is over (recordOf refuses the others).
 *
 * Rebuilding goes through one function, the log replay the runtime uses itself (`replayLog`):
 * the same rules, applied to the same requests, from the same first state.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { gameById } from '../games/registry.ts';
import { checkOptions } from '../platform/options.ts';
import type { Actor, AnyGame, Outcome, SeatInfo } from '../platform/game.ts';
import { inEffectOf, type LoadedGame, type LogEntry } from '../store/index.ts';
import { replayLog } from '../runtime/replay.ts';

export const RECORD_FORMAT = 'fence-bot game record';

const actorSchema = z.union([z.number().int().min(0), z.literal('system')]);

export const recordSchema = z.object({
  format: z.literal(RECORD_FORMAT),
  version: z.literal(1),
  /** The game's id in the registry (its command). */
  game: z.string(),
  title: z.string(),
  /** The game's number on the bot (#12). */
  id: z.number().int(),
  status: z.enum(['finished', 'aborted']),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** The state version the game was played at (a later bot may read the rules differently). */
  stateVersion: z.number().int(),
  options: z.unknown(),
  seats: z.array(z.object({ name: z.string(), computer: z.boolean() })).min(1),
  seed: z.string().min(1),
  actions: z.array(z.object({ by: actorSchema, action: z.unknown() })),
  outcome: z.object({ status: z.enum(['finished', 'aborted']), winners: z.array(z.number().int()), detail: z.unknown() }).nullable(),
  /** sha256 of the final state as canonical JSON (keys sorted). */
  finalState: z.string(),
});

export type GameRecordFile = z.infer<typeof recordSchema>;

/** An invalid record file: the message says what is wrong with it. */
export class RecordError extends Error {
  override name = 'RecordError';
}

/** JSON with every object's keys sorted: the same state gives the same text however it was built. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : v));
}

export const stateDigest = (state: unknown): string => createHash('sha256').update(canonicalJson(state)).digest('hex');

/**
 * The record of an ended game, from what the store holds: the game as loaded (its state is the
 * final one) and its action log (undos and the moves they took back are left out: replaying
 * the moves in effect gives the same state).
 */
export function recordOf(loaded: LoadedGame, log: readonly LogEntry[]): GameRecordFile {
  const { record: game } = loaded;
  const def = gameById(game.kind);
  if (!def) throw new RecordError(`game #${game.id} is of kind '${game.kind}', which this bot does not run`);
  if (game.status !== 'finished' && game.status !== 'aborted') throw new RecordError(`game #${game.id} is ${game.status}: only an ended game has a record`);
  if (game.seed === null || loaded.state === null) throw new RecordError(`game #${game.id} never started`);
  const outcome = def.outcome(loaded.state);
  return {
    format: RECORD_FORMAT,
    version: 1,
    game: def.id,
    title: def.title,
    id: game.id,
    status: game.status,
    startedAt: game.startedAt?.toISOString() ?? null,
    endedAt: game.endedAt?.toISOString() ?? null,
    stateVersion: def.state.version,
    options: game.options,
    seats: [...loaded.seats].sort((a, b) => a.seat - b.seat).map((s) => ({ name: s.name, computer: s.computer })),
    seed: game.seed,
    actions: inEffectOf(log).map((e) => ({ by: e.actor, action: e.action })),
    outcome: outcome ? { status: outcome.status, winners: outcome.winners, detail: outcome.detail } : null,
    finalState: stateDigest(loaded.state),
  };
}

/** A record as a file: one line per move, so it reads (and diffs) move by move. */
export function recordText(record: GameRecordFile): string {
  const { actions, ...head } = record;
  const top = JSON.stringify(head, null, 2);
  const moves = actions.map((a) => `    ${JSON.stringify(a)}`).join(',\n');
  return `${top.slice(0, -2)},\n  "actions": [${moves ? `\n${moves}\n  ` : ''}]\n}\n`;
}

/** A record file's text, read and checked. */
export function parseRecord(text: string): GameRecordFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new RecordError(`not valid JSON: ${(e as Error).message}`);
  }
  const r = recordSchema.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new RecordError(`not a game record of this bot: "${issue.path.join('.') || '(file)'}": ${issue.message}`);
  }
  return r.data;
}

/** One action of a rebuilt game: who made it, the request, what it caused, and the state after it. */
export interface RebuiltStep {
  by: Actor;
  action: unknown;
  events: readonly unknown[];
  state: unknown;
}

export interface Rebuilt {
  def: AnyGame;
  /** The first state and the events of the start (the deal, the first turn). */
  start: { state: unknown; events: readonly unknown[] };
  steps: RebuiltStep[];
  final: unknown;
  outcome: Outcome | null;
  /** Whether the rebuilt game ends as the record says (final state digest and outcome). */
  same: boolean;
}

/** Plays a record's game again from its seed: throws RecordError when the file cannot be played. */
export function rebuild(record: GameRecordFile): Rebuilt {
  const def = gameById(record.game);
  if (!def) throw new RecordError(`"game": this bot runs no game '${record.game}'`);
  const options = checkOptions(def.options, record.options ?? {});
  if (!options.ok) throw new RecordError(`"options": ${options.problems.join(' ')}`);
  const seats: SeatInfo[] = record.seats;
  const start = def.setup({ seats, seed: record.seed, options: options.options });
  const log = record.actions.map((a, k) => ({ seq: k + 1, actor: a.by, action: a.action, events: [] }));
  let replayed: ReturnType<typeof replayLog>;
  try {
    replayed = replayLog(def, start.state, log, record.id);
  } catch (e) {
    throw new RecordError(`the actions do not replay: ${(e as Error).message}`);
  }
  const { state: final, inEffect } = replayed;
  const steps = inEffect.map((e, k): RebuiltStep => ({ by: e.actor, action: e.action, events: e.events, state: inEffect[k + 1]?.before ?? final }));
  const outcome = def.outcome(final);
  const same = stateDigest(final) === record.finalState
    && canonicalJson(outcome ? { status: outcome.status, winners: outcome.winners, detail: outcome.detail } : null) === canonicalJson(record.outcome);
  return { def, start: { state: start.state, events: start.events }, steps, final, outcome, same };
}
