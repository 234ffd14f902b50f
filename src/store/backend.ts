/**
 * What the store needs of a database beyond Prisma's model API, written once per provider: the
 * hot path of applyAction (one read, then one guarded write) in the provider's own SQL, and
 * the row lock of lobby transactions. Everything else goes through Prisma and is the same on
 * both. SQLite (sqlite.ts) is the default; PostgreSQL (postgres.ts) is chosen by the URL.
 */
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import type { Provider } from './migrate.ts';

/** The columns of a game applyAction reads before it runs the engine. */
export interface GameHead {
  kind: string;
  status: string;
  version: number;
  state: string | null;
  brokenReason: string | null;
}

/** One accepted action, as it is written: everything in one transaction, or nothing. */
export interface ActionWrite {
  gameId: number;
  /** The write happens only while the game is running at this version (the compare-and-set). */
  expectedVersion: number;
  /** expectedVersion + 1: the new version, and the log entry's seq. */
  version: number;
  actor: string;
  userId: string | null;
  /** JSON texts. */
  action: string;
  events: string;
  state: string;
  seatsLeft: { seat: number; reason: string }[];
  /** Set when the action ends the game: its status and outcome (JSON) are written, its timers deleted. */
  ending: { status: 'finished' | 'aborted'; outcome: string } | null;
  at: Date;
}

export interface Backend {
  readonly provider: Provider;
  /**
   * On PostgreSQL, the client generated from prisma/postgresql/schema.prisma: the same models,
   * so the same API (the whole store suite runs on both). TypeScript cannot compare the two
   * generated clients' generic types, hence one declared type for both.
   */
  readonly prisma: PrismaClient;
  readGame(gameId: number): Promise<GameHead | null>;
  /** Writes `w` if the game is still running at w.expectedVersion; false, with nothing written, if not. */
  writeAction(w: ActionWrite): Promise<boolean>;
  /** Holds the game's row until the transaction ends, so that two lobby changes never interleave. */
  lockGame(tx: Prisma.TransactionClient, gameId: number): Promise<void>;
  close(): Promise<void>;
}
