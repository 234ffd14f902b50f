// The gateway half of the double: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, RESUME
// with replay of what a dropped socket missed, and dispatches in sequence order.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { WebSocketServer, WebSocket, type RawData } from 'ws';

export interface GatewayOptions {
  token: string;
  /** READY's `d` for a new session (session_id and resume_gateway_url are filled in here). */
  readyData: () => Record<string, unknown>;
  /** GUILD_CREATE payloads sent right after READY. */
  guildCreates: () => Record<string, unknown>[];
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

interface Session {
  readonly id: string;
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
  #current: Session | null = null;
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

  get connected(): boolean {
    return this.#current?.live === true;
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
    const token = typeof d === 'object' && d !== null && 'token' in d ? String(d.token) : '';
    if (token !== this.opts.token && token !== `Bot ${this.opts.token}`) {
      ws.close(4004, 'Authentication failed.');
      return null;
    }
    // One bot, one shard: a fresh IDENTIFY retires whatever session came before.
    if (this.#current) {
      this.#current.invalid = true;
      this.#current.socket?.terminate();
    }
    const session: Session = { id: randomUUID().replaceAll('-', ''), seq: 0, sent: [], socket: ws, live: false, invalid: false };
    this.#sessions.set(session.id, session);
    this.#current = session;
    this.identifies++;
    this.#dispatchTo(session, 'READY', {
      ...this.opts.readyData(),
      session_id: session.id,
      resume_gateway_url: this.opts.resumeUrl(),
    });
    session.live = true;
    for (const guild of this.opts.guildCreates()) this.#dispatchTo(session, 'GUILD_CREATE', guild);
    this.opts.onChange();
    return session;
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

  /** Sends an event to the bot; while its socket is down the event waits for the RESUME replay. */
  dispatch(t: string, d: unknown): void {
    if (this.#current && !this.#current.invalid) this.#dispatchTo(this.#current, t, d);
  }

  /**
   * Closes the bot's socket as Discord does when a connection fails. With `invalidateSession`
   * the following RESUME is refused, so the client must IDENTIFY again.
   */
  drop(opts: { code?: number; invalidateSession?: boolean } = {}): void {
    const session = this.#current;
    if (!session) return;
    if (opts.invalidateSession) session.invalid = true;
    session.live = false;
    // 4000 (unknown error) is one Discord sends and clients answer by resuming.
    session.socket?.close(opts.code ?? 4000, 'dropped by the test double');
    session.socket = null;
  }

  async close(): Promise<void> {
    for (const ws of this.#wss.clients) ws.terminate();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }
}
