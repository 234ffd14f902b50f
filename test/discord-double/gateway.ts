// The gateway half of the double: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, RESUME
// with replay of what a dropped socket missed, and dispatches in sequence order. Sharded as
// Discord is: IDENTIFY carries `shard: [id, count]`, each shard's session gets only the events
// of its guilds (`(guild_id >> 22) % count`), and events of no guild (DMs) go to shard 0.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { WebSocketServer, WebSocket, type RawData } from 'ws';

export interface GatewayOptions {
  token: string;
  /** READY's `d` for a new session (session_id, shard, resume_gateway_url and guilds are filled in here). */
  readyData: () => Record<string, unknown>;
  /** Every guild the bot is in, as GUILD_CREATE payloads: each session gets its shard's. */
  guildCreates: () => Record<string, unknown>[];
  /** The fewest shards Discord accepts (GET /gateway/bot recommends this many); fewer is closed with 4011. */
  shards: () => number;
  resumeUrl: () => string;
  heartbeatIntervalMs?: number;
  onChange: () => void;
}

interface Frame {
  op: number;
  d: unknown;
  s: number | null;
  t: string | null;
}

/** `[shard_id, num_shards]`, as in IDENTIFY and READY. */
export type ShardPair = readonly [number, number];

/** Discord's formula: which shard of `count` receives a guild's events. */
export function shardOfGuild(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** The guild an event belongs to, if any (guild events carry their own id as `id`). */
function guildOfEvent(t: string, d: unknown): string | null {
  if (typeof d !== 'object' || d === null) return null;
  const o = d as { guild_id?: unknown; id?: unknown };
  if (typeof o.guild_id === 'string') return o.guild_id;
  if ((t === 'GUILD_CREATE' || t === 'GUILD_UPDATE' || t === 'GUILD_DELETE') && typeof o.id === 'string') return o.id;
  return null;
}

interface Session {
  readonly id: string;
  readonly shard: ShardPair;
  seq: number;
  /** Dispatches kept for replay on RESUME; Discord keeps a bounded window too. */
  readonly sent: Frame[];
  socket: WebSocket | null;
  /** True between READY/RESUMED and the socket closing. */
  live: boolean;
  invalid: boolean;
}

const REPLAY_WINDOW = 1000;

export class Gateway {
  readonly #wss = new WebSocketServer({ noServer: true });
  readonly #sessions = new Map<string, Session>();
  /** The session of each shard id. */
  readonly #current = new Map<number, Session>();
  /** How many IDENTIFYs and RESUMEs were accepted: tests check which recovery happened. */
  identifies = 0;
  resumes = 0;

  constructor(private readonly opts: GatewayOptions) {}

  /** Hooked to the HTTP server's `upgrade` event. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/gateway') {
      socket.destroy();
      return;
    }
    this.#wss.handleUpgrade(req, socket, head, (ws) => this.#accept(ws, url));
  }

  /** True when the bot is connected: every shard it identified is live. */
  get connected(): boolean {
    const sessions = [...this.#current.values()].filter((x) => !x.invalid);
    return sessions.length > 0 && sessions.every((x) => x.live);
  }

  /** True when the shard that receives this guild's events (shard 0 for no guild) is live. */
  connectedFor(guildId: string | null): boolean {
    const d = guildId === null ? {} : { guild_id: guildId };
    return [...this.#current.values()].some((x) => x.live && !x.invalid && this.#receives(x, 'INTERACTION_CREATE', d));
  }

  /** What GET /gateway/bot recommends. */
  get recommendedShards(): number {
    return this.opts.shards();
  }

  /** The shard ids with a live session, ascending. */
  get liveShards(): number[] {
    return [...this.#current.entries()].filter(([, x]) => x.live && !x.invalid).map(([id]) => id).sort((a, b) => a - b);
  }

  #send(ws: WebSocket, frame: Frame): void {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  }

  #accept(ws: WebSocket, url: URL): void {
    if (url.searchParams.get('encoding') !== 'json' || url.searchParams.has('compress')) {
      // The double speaks plain JSON only; 4012 is Discord's "invalid API version" close.
      ws.close(4012, 'the double only speaks encoding=json without compression');
      return;
    }
    let session: Session | null = null;
    this.#send(ws, { op: 10, d: { heartbeat_interval: this.opts.heartbeatIntervalMs ?? 41_250 }, s: null, t: null });
    ws.on('message', (raw: RawData) => {
      let frame: Partial<Frame>;
      try {
        frame = JSON.parse(raw.toString()) as Partial<Frame>;
      } catch {
        ws.close(4002, 'Error while decoding payload.');
        return;
      }
      switch (frame.op) {
        case 1:
          this.#send(ws, { op: 11, d: null, s: null, t: null });
          return;
        case 2:
          session = this.#identify(ws, frame.d);
          return;
        case 6:
          session = this.#resume(ws, frame.d);
          return;
        case 3:
        case 8:
          return; // presence updates and member requests: nothing to model
        default:
          ws.close(4001, 'Unknown opcode.');
      }
    });
    ws.on('close', () => {
      if (session && session.socket === ws) {
        session.socket = null;
        session.live = false;
        this.opts.onChange();
      }
    });
  }

  #identify(ws: WebSocket, d: unknown): Session | null {
    const body = (typeof d === 'object' && d !== null ? d : {}) as { token?: unknown; shard?: unknown };
    const token = String(body.token ?? '');
    if (token !== this.opts.token && token !== `Bot ${this.opts.token}`) {
      ws.close(4004, 'Authentication failed.');
      return null;
    }
    const pair = body.shard === undefined ? [0, 1] : body.shard;
    if (!Array.isArray(pair) || pair.length !== 2 || !pair.every((n) => Number.isInteger(n)) || pair[1] < 1 || pair[0] < 0 || pair[0] >= pair[1]) {
      ws.close(4010, 'Invalid shard.');
      return null;
    }
    const shard: ShardPair = [pair[0] as number, pair[1] as number];
    if (shard[1] < this.opts.shards()) {
      ws.close(4011, 'Sharding required.');
      return null;
    }
    // A fresh IDENTIFY of a shard retires whatever session that shard had before.
    const previous = this.#current.get(shard[0]);
    if (previous) {
      previous.invalid = true;
      previous.socket?.terminate();
    }
    const session: Session = { id: randomUUID().replaceAll('-', ''), shard, seq: 0, sent: [], socket: ws, live: false, invalid: false };
    this.#sessions.set(session.id, session);
    this.#current.set(shard[0], session);
    this.identifies++;
    const guilds = this.opts.guildCreates().filter((g) => guildOfEvent('GUILD_CREATE', g) !== null && this.#receives(session, 'GUILD_CREATE', g));
    this.#dispatchTo(session, 'READY', {
      ...this.opts.readyData(),
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      shard,
      session_id: session.id,
      resume_gateway_url: this.opts.resumeUrl(),
    });
    session.live = true;
    for (const guild of guilds) this.#dispatchTo(session, 'GUILD_CREATE', guild);
    this.opts.onChange();
    return session;
  }

  /** Whether this event goes to this session's shard. */
  #receives(session: Session, t: string, d: unknown): boolean {
    const guild = guildOfEvent(t, d);
    return (guild === null ? 0 : shardOfGuild(guild, session.shard[1])) === session.shard[0];
  }

  #resume(ws: WebSocket, d: unknown): Session | null {
    const r = (typeof d === 'object' && d !== null ? d : {}) as { token?: unknown; session_id?: unknown; seq?: unknown };
    const session = typeof r.session_id === 'string' ? this.#sessions.get(r.session_id) : undefined;
    const tokenOk = r.token === this.opts.token || r.token === `Bot ${this.opts.token}`;
    if (!session || session.invalid || !tokenOk) {
      // d:false tells the client to forget its session and IDENTIFY again.
      this.#send(ws, { op: 9, d: false, s: null, t: null });
      return null;
    }
    session.socket?.terminate();
    session.socket = ws;
    const from = typeof r.seq === 'number' ? r.seq : 0;
    for (const frame of session.sent) if ((frame.s ?? 0) > from) this.#send(ws, frame);
    this.resumes++;
    this.#dispatchTo(session, 'RESUMED', null);
    session.live = true;
    this.opts.onChange();
    return session;
  }

  #dispatchTo(session: Session, t: string, d: unknown): void {
    const frame: Frame = { op: 0, t, s: ++session.seq, d };
    session.sent.push(frame);
    if (session.sent.length > REPLAY_WINDOW) session.sent.shift();
    if (session.socket) this.#send(session.socket, frame);
  }

  /** Sends an event to the bot's shard for it; while that socket is down the event waits for the RESUME replay. */
  dispatch(t: string, d: unknown): void {
    for (const session of this.#current.values()) if (!session.invalid && this.#receives(session, t, d)) this.#dispatchTo(session, t, d);
  }

  /**
   * Closes the bot's socket as Discord does when a connection fails (one shard's, or every
   * shard's when none is given). With `invalidateSession` the following RESUME is refused, so
   * the client must IDENTIFY again.
   */
  drop(opts: { code?: number; invalidateSession?: boolean; shard?: number } = {}): void {
    for (const [id, session] of this.#current) {
      if (opts.shard !== undefined && id !== opts.shard) continue;
      if (opts.invalidateSession) session.invalid = true;
      session.live = false;
      // 4000 (unknown error) is one Discord sends and clients answer by resuming.
      session.socket?.close(opts.code ?? 4000, 'dropped by the test double');
      session.socket = null;
    }
  }

  async close(): Promise<void> {
    for (const ws of this.#wss.clients) ws.terminate();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }
}
