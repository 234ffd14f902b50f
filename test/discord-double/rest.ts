// The REST half of the double: the routes discord.js calls for a slash-command bot, answered
// in Discord's shapes, with Discord's error bodies and rate-limit headers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { InteractionResponseType, PermissionFlagsBits, type APIApplicationCommand, type APIApplicationCommandOptionChoice } from 'discord.js';
import { TOKEN_LIFETIME_MS, type InteractionRecord, type InteractionRegistry } from './interactions.ts';
import type { MessageLog, NewUpload, PostedMessage } from './messages.ts';
import { validateBody, type BodyKind, type Violation } from './validate.ts';
import { isComponentsV2 } from './components.ts';
import type { Clock, World } from './world.ts';
import type { Gateway } from './gateway.ts';

export interface RateLimitRule {
  /** e.g. 'POST /channels/:channel/messages' — the method and template of a route below. */
  route: string;
  remaining: number;
  retryAfterMs: number;
  global: boolean;
}

/** Discord's per-channel limit on new messages: at most `messages` per `perMs` in one channel. */
export interface ChannelRateLimit {
  messages: number;
  perMs: number;
}

export interface RequestRecord {
  method: string;
  path: string;
  route: string;
  status: number;
  at: number;
}

/** What the REST routes need from the double. */
export interface RestContext {
  readonly token: string;
  readonly applicationId: string;
  readonly world: World;
  readonly log: MessageLog;
  readonly interactions: InteractionRegistry;
  readonly gateway: Gateway;
  readonly clock: Clock;
  /** How long an interaction may wait for its acknowledgement (Discord: ACK_DEADLINE_MS). */
  readonly ackDeadlineMs: number;
  /** key: guild id, or '' for global commands */
  readonly commands: Map<string, APIApplicationCommand[]>;
  readonly rateLimits: RateLimitRule[];
  /** When set, POST /channels/:channel/messages is limited per channel (429 with retry-after beyond it). */
  channelRateLimit(): ChannelRateLimit | null;
  readonly requests: RequestRecord[];
  baseUrl(): string;
  violation(v: Violation): void;
  changed(): void;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const json = (body: unknown): Json => (isObj(body) ? body : {});

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: Json,
  ) {
    super(message);
  }
}

interface Req {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  uploads: NewUpload[];
  method: string;
  route: string;
}

interface Reply {
  status: number;
  body?: unknown;
}

interface Route {
  method: string;
  template: string;
  auth: boolean;
  regex: RegExp;
  keys: string[];
  handle: (req: Req) => Reply | Promise<Reply>;
}

const unknownChannel = (): ApiError => new ApiError(404, 10003, 'Unknown Channel');
const unknownMessage = (): ApiError => new ApiError(404, 10008, 'Unknown Message');
const unknownInteraction = (): ApiError => new ApiError(404, 10062, 'Unknown interaction');
const unknownWebhook = (): ApiError => new ApiError(404, 10015, 'Unknown Webhook');

export class RestApi {
  readonly #routes: Route[] = [];
  /** Times of the messages each channel accepted, for the per-channel limit. */
  readonly #posted = new Map<string, number[]>();

  constructor(private readonly ctx: RestContext) {
    this.#define();
  }

  #on(method: string, template: string, auth: boolean, handle: Route['handle']): void {
    const keys: string[] = [];
    const pattern = template.replace(/:([a-z]+)/g, (_m, k: string) => {
      keys.push(k);
      return '([^/]+)';
    });
    this.#routes.push({ method, template, auth, regex: new RegExp(`^${pattern}$`), keys, handle });
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    const send = (status: number, body: unknown, headers: Record<string, string> = {}, route = '?'): void => {
      this.ctx.requests.push({ method, path: url.pathname, route, status, at: Date.now() });
      if (body === undefined) {
        res.writeHead(status, headers).end();
      } else if (Buffer.isBuffer(body)) {
        res.writeHead(status, headers).end(body);
      } else {
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
      }
    };

    const attachment = /^\/attachments\/(\d+)\/(\d+)\/[^/]+$/.exec(url.pathname);
    if (attachment && method === 'GET') {
      const file = this.#findAttachment(attachment[1] ?? '', attachment[2] ?? '');
      if (!file) return send(404, { message: '404: Not Found', code: 0 });
      return send(200, file.data, { 'content-type': file.contentType }, 'GET /attachments');
    }

    const m = /^\/api\/v\d+(\/.*)$/.exec(url.pathname);
    const path = m?.[1] ?? '';
    let route: Route | undefined;
    let match: RegExpExecArray | null = null;
    for (const r of this.#routes) {
      if (r.method !== method) continue;
      match = r.regex.exec(path);
      if (match) {
        route = r;
        break;
      }
    }
    if (!route || !match) {
      this.ctx.violation({ kind: 'unsupported', method, route: url.pathname, path: '', message: `the double has no route ${method} ${url.pathname}` });
      return send(404, { message: '404: Not Found', code: 0 });
    }
    const routeName = `${method} ${route.template}`;
    const params: Record<string, string> = {};
    route.keys.forEach((k, i) => (params[k] = decodeURIComponent(match?.[i + 1] ?? '')));

    try {
      if (route.auth && req.headers.authorization !== `Bot ${this.ctx.token}`) {
        throw new ApiError(401, 0, '401: Unauthorized');
      }
      const rule = this.ctx.rateLimits.find((r) => r.route === routeName && r.remaining > 0);
      if (rule) {
        rule.remaining--;
        const seconds = (rule.retryAfterMs / 1000).toFixed(3);
        const headers: Record<string, string> = {
          'retry-after': seconds,
          'x-ratelimit-limit': '5',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset-after': seconds,
          'x-ratelimit-bucket': `double-${route.template}`,
          'x-ratelimit-scope': rule.global ? 'global' : 'user',
        };
        if (rule.global) headers['x-ratelimit-global'] = 'true';
        return send(429, { message: 'You are being rate limited.', retry_after: rule.retryAfterMs / 1000, global: rule.global }, headers, routeName);
      }
      const limited = routeName === 'POST /channels/:channel/messages' ? this.#channelLimited(params.channel ?? '') : null;
      if (limited !== null) {
        const seconds = (limited / 1000).toFixed(3);
        return send(429, { message: 'You are being rate limited.', retry_after: limited / 1000, global: false }, {
          'retry-after': seconds,
          'x-ratelimit-limit': String(this.ctx.channelRateLimit()?.messages ?? 5),
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset-after': seconds,
          'x-ratelimit-bucket': `double-channel-${params.channel ?? ''}`,
          'x-ratelimit-scope': 'shared',
        }, routeName);
      }
      const { body, uploads } = await readBody(req);
      const reply = await route.handle({ params, query: url.searchParams, body, uploads, method, route: routeName });
      this.ctx.changed();
      return send(reply.status, reply.body, {}, routeName);
    } catch (err) {
      if (err instanceof ApiError) {
        return send(err.status, { message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) }, {}, routeName);
      }
      // The client went away mid-request (a killed bot): nobody is left to answer or to blame.
      if (req.socket.destroyed) return;
      const message = err instanceof Error ? err.message : String(err);
      this.ctx.violation({ kind: 'unsupported', method, route: routeName, path: '', message: `the double failed: ${message}` });
      return send(500, { message: '500: Internal Server Error', code: 0 }, {}, routeName);
    }
  }

  /** Ms to wait when the channel has had its share of new messages, or null (the message is counted). */
  #channelLimited(channelId: string): number | null {
    const limit = this.ctx.channelRateLimit();
    if (!limit) return null;
    const now = this.ctx.clock.now();
    const recent = (this.#posted.get(channelId) ?? []).filter((t) => now - t < limit.perMs);
    this.#posted.set(channelId, recent);
    if (recent.length >= limit.messages) return Math.max(1, (recent[0] ?? now) + limit.perMs - now);
    recent.push(now);
    return null;
  }

  #findAttachment(channelId: string, attachmentId: string): { data: Buffer; contentType: string } | undefined {
    for (const msg of this.ctx.log.inChannel(channelId)) {
      const a = msg.attachments.find((x) => x.id === attachmentId);
      if (a) return a;
    }
    return undefined;
  }

  /** Records and rejects a body Discord would refuse, with Discord's 50035 error shape; `editing`: the message an edit applies to. */
  #validate(kind: BodyKind, req: Req, body: unknown, editing?: PostedMessage): void {
    const files = req.uploads.map((u) => ({ name: u.filename, size: u.data.length, index: u.index }));
    const existing = editing
      ? { flags: editing.flags, content: editing.content, embeds: editing.embeds.length, attachments: editing.attachments.map((a) => ({ id: a.id, filename: a.filename })) }
      : undefined;
    const found = validateBody(kind, req.method, req.route, body, files, existing);
    if (found.length === 0) {
      if (editing) this.#refuseEmptyEdit(req, editing, isObj(body) && kind === 'interactionCallback' ? json(body.data) : json(body));
      return;
    }
    for (const v of found) this.ctx.violation(v);
    const errors: Json = {};
    for (const v of found) {
      const at = (errors[v.path || '_'] ??= { _errors: [] }) as { _errors: unknown[] };
      at._errors.push({ code: 'BASE_TYPE_INVALID', message: v.message });
    }
    const tooLarge = found.some((v) => v.path.startsWith('files['));
    if (tooLarge) throw new ApiError(413, 40005, 'Request entity too large');
    throw new ApiError(400, 50035, 'Invalid Form Body', errors);
  }

  /**
   * A Components V2 message shows only its components: an edit that leaves it none would leave
   * an empty message, which Discord refuses (to take the buttons off, keep the rest).
   */
  #refuseEmptyEdit(req: Req, msg: PostedMessage, body: Json): void {
    const v2 = isComponentsV2(msg.flags) || isComponentsV2(body.flags);
    const components = 'components' in body ? (Array.isArray(body.components) ? body.components : []) : msg.components;
    if (!v2 || components.length > 0) return;
    this.ctx.violation({ kind: 'schema', method: req.method, route: req.route, path: 'components', message: 'this edit would leave a Components V2 message with no components: Discord refuses an empty message' });
    throw new ApiError(400, 50006, 'Cannot send an empty message');
  }

  #protocol(req: Req, message: string): void {
    this.ctx.violation({ kind: 'protocol', method: req.method, route: req.route, path: '', message });
  }

  #channel(id: string): { id: string; guildId: string | null; isThread: boolean } {
    const c = this.ctx.world.channels.get(id);
    if (!c) throw unknownChannel();
    return { id: c.id, guildId: c.guildId, isThread: c.kind === 'public-thread' || c.kind === 'private-thread' };
  }

  #requirePermissions(channelId: string, needed: bigint): void {
    const perms = this.ctx.world.channelPermissions(channelId, this.ctx.applicationId);
    if (!(perms & PermissionFlagsBits.ViewChannel)) throw new ApiError(403, 50001, 'Missing Access');
    if ((perms & needed) !== needed) throw new ApiError(403, 50013, 'Missing Permissions');
  }

  #message(channelId: string, messageId: string): PostedMessage {
    const msg = this.ctx.log.get(messageId);
    if (!msg || msg.channelId !== channelId) throw unknownMessage();
    return msg;
  }

  /** Webhook-token routes: the interaction behind the token, alive for 15 minutes. */
  #byToken(app: string, token: string): InteractionRecord {
    const rec = this.ctx.interactions.byToken(token);
    if (!rec || app !== this.ctx.applicationId) throw unknownWebhook();
    if (this.ctx.clock.now() - rec.dispatchedAt > TOKEN_LIFETIME_MS) throw new ApiError(401, 50027, 'Invalid Webhook Token');
    return rec;
  }

  #interactionMessage(rec: InteractionRecord, id: string): PostedMessage {
    const wanted = id === '@original' ? rec.originalMessageId : id;
    if (wanted === null || (wanted !== rec.originalMessageId && !rec.followUpIds.includes(wanted))) throw unknownMessage();
    const msg = this.ctx.log.get(wanted);
    if (!msg) throw unknownMessage();
    return msg;
  }

  #define(): void {
    const ctx = this.ctx;
    const api = (m: PostedMessage): unknown => ctx.log.apiMessage(m);

    this.#on('GET', '/gateway', false, () => ({ status: 200, body: { url: gatewayUrl(ctx.baseUrl()) } }));
    this.#on('GET', '/gateway/bot', true, () => ({
      status: 200,
      body: {
        url: gatewayUrl(ctx.baseUrl()),
        shards: ctx.gateway.recommendedShards,
        session_start_limit: { total: 1000, remaining: 999, reset_after: 86_400_000, max_concurrency: 1 },
      },
    }));
    this.#on('GET', '/users/@me', true, () => ({ status: 200, body: ctx.world.apiUser(ctx.applicationId) }));
    this.#on('GET', '/users/:user', true, (r) => {
      if (!ctx.world.users.has(r.params.user ?? '')) throw new ApiError(404, 10013, 'Unknown User');
      return { status: 200, body: ctx.world.apiUser(r.params.user ?? '') };
    });
    // A bot opens (or finds) its DM with a user before writing there: users.createDM, users.send.
    this.#on('POST', '/users/@me/channels', true, (r) => {
      const recipient = json(r.body).recipient_id;
      if (typeof recipient !== 'string' || !ctx.world.users.has(recipient)) {
        throw new ApiError(400, 50035, 'Invalid Form Body', { recipient_id: { _errors: [{ code: 'BASE_TYPE_REQUIRED', message: 'A user id is required.' }] } });
      }
      const { channel, created } = ctx.world.dmWith(recipient);
      if (created) ctx.changed();
      return { status: 200, body: ctx.world.apiChannel(channel.id) };
    });
    this.#on('GET', '/applications/@me', true, () => ({
      status: 200,
      body: {
        id: ctx.applicationId,
        name: ctx.world.users.get(ctx.applicationId)?.username ?? 'bot',
        icon: null,
        description: '',
        bot_public: true,
        bot_require_code_grant: false,
        verify_key: '0'.repeat(64),
        flags: 0,
        bot: ctx.world.apiUser(ctx.applicationId),
      },
    }));

    // ---- application commands ----
    const overwrite = (guildId: string) => (r: Req): Reply => {
      if (r.params.app !== ctx.applicationId) throw new ApiError(403, 50001, 'Missing Access');
      if (guildId && !ctx.world.guilds.has(guildId)) throw new ApiError(404, 10004, 'Unknown Guild');
      this.#validate('commandsOverwrite', r, r.body);
      const before = ctx.commands.get(guildId) ?? [];
      const stored = (r.body as Json[]).map((c): APIApplicationCommand => {
        const type = typeof c.type === 'number' ? c.type : 1;
        const kept = before.find((b) => b.name === c.name && b.type === type);
        return {
          ...(c as unknown as APIApplicationCommand),
          id: kept?.id ?? ctx.world.ids.next(),
          application_id: ctx.applicationId,
          type,
          version: ctx.world.ids.next(),
          default_member_permissions: typeof c.default_member_permissions === 'string' ? c.default_member_permissions : null,
          description: typeof c.description === 'string' ? c.description : '',
          ...(guildId ? { guild_id: guildId } : {}),
        };
      });
      ctx.commands.set(guildId, stored);
      return { status: 200, body: stored };
    };
    this.#on('PUT', '/applications/:app/commands', true, overwrite(''));
    this.#on('PUT', '/applications/:app/guilds/:guild/commands', true, (r) => overwrite(r.params.guild ?? '')(r));
    this.#on('GET', '/applications/:app/commands', true, () => ({ status: 200, body: ctx.commands.get('') ?? [] }));
    this.#on('GET', '/applications/:app/guilds/:guild/commands', true, (r) => ({ status: 200, body: ctx.commands.get(r.params.guild ?? '') ?? [] }));

    // ---- interaction callbacks ----
    this.#on('POST', '/interactions/:interaction/:token/callback', false, (r) => {
      const rec = ctx.interactions.byId(r.params.interaction ?? '');
      if (!rec || rec.token !== r.params.token) throw unknownInteraction();
      if (rec.callbackType !== null) {
        this.#protocol(r, `interaction ${rec.id} was acknowledged twice`);
        throw new ApiError(400, 40060, 'Interaction has already been acknowledged.');
      }
      const late = ctx.clock.now() - rec.dispatchedAt;
      if (late > ctx.ackDeadlineMs) {
        rec.refused = `acknowledged ${late} ms after dispatch; Discord allows ${ctx.ackDeadlineMs} ms`;
        this.#protocol(r, `interaction ${rec.id} ${rec.refused}`);
        throw unknownInteraction();
      }
      const updated = isObj(r.body) && r.body.type === 7 && rec.sourceMessageId ? ctx.log.get(rec.sourceMessageId) : undefined;
      this.#validate('interactionCallback', r, r.body, updated);
      const body = json(r.body);
      const type = body.type as number;
      const data = json(body.data);
      const interaction = { id: rec.id, userId: rec.userId, commandName: rec.commandName };
      const allowed: Record<InteractionRecord['kind'], number[]> = {
        command: [InteractionResponseType.ChannelMessageWithSource, InteractionResponseType.DeferredChannelMessageWithSource, InteractionResponseType.Modal],
        component: [4, 5, 6, 7, 9],
        autocomplete: [InteractionResponseType.ApplicationCommandAutocompleteResult],
      };
      if (!allowed[rec.kind].includes(type)) {
        this.#protocol(r, `callback type ${type} is not valid for a ${rec.kind} interaction`);
        throw new ApiError(400, 50035, 'Invalid Form Body', { type: { _errors: [{ code: 'INTERACTION_CALLBACK_TYPE_INVALID', message: 'Invalid callback type' }] } });
      }
      let message: PostedMessage | undefined;
      switch (type) {
        case 4:
          message = ctx.log.create({ channelId: rec.channelId, authorId: ctx.applicationId, body: data, uploads: r.uploads, interaction });
          rec.originalMessageId = message.id;
          break;
        case 5:
          message = ctx.log.create({ channelId: rec.channelId, authorId: ctx.applicationId, body: { flags: data.flags }, uploads: [], interaction, loading: true });
          rec.originalMessageId = message.id;
          break;
        case 6:
        case 7: {
          const source = rec.sourceMessageId ? ctx.log.get(rec.sourceMessageId) : undefined;
          if (!source) throw unknownMessage();
          if (type === 7) ctx.log.edit(source, data, r.uploads);
          rec.originalMessageId = source.id;
          message = source;
          break;
        }
        case 8:
          rec.choices = Array.isArray(data.choices) ? (data.choices as APIApplicationCommandOptionChoice[]) : [];
          break;
        default:
          this.#protocol(r, `callback type ${type} (modals) is not modelled by the double`);
          throw new ApiError(400, 50035, 'Invalid Form Body');
      }
      rec.callbackType = type;
      rec.acknowledgedAt = ctx.clock.now();
      if (r.query.get('with_response') === 'true') {
        return {
          status: 200,
          body: {
            interaction: {
              id: rec.id,
              type: rec.kind === 'command' ? 2 : rec.kind === 'component' ? 3 : 4,
              activity_instance_id: null,
              response_message_id: message?.id ?? null,
              response_message_loading: message?.loading ?? false,
              response_message_ephemeral: message?.ephemeral ?? false,
            },
            resource: message ? { type, message: api(message) } : { type },
          },
        };
      }
      return { status: 204 };
    });

    // ---- follow-ups and edits through the interaction token ----
    this.#on('POST', '/webhooks/:app/:token', false, (r) => {
      const rec = this.#byToken(r.params.app ?? '', r.params.token ?? '');
      if (rec.callbackType === null) throw unknownWebhook();
      this.#validate('webhookCreate', r, r.body);
      const body = json(r.body);
      const original = rec.originalMessageId ? ctx.log.get(rec.originalMessageId) : undefined;
      let msg: PostedMessage;
      if (rec.callbackType === 5 && original?.loading) {
        // Discord fills a deferred reply's placeholder with the first follow-up.
        ctx.log.edit(original, body, r.uploads);
        msg = original;
      } else {
        msg = ctx.log.create({
          channelId: rec.channelId,
          authorId: ctx.applicationId,
          body,
          uploads: r.uploads,
          interaction: { id: rec.id, userId: rec.userId, commandName: null },
        });
        rec.followUpIds.push(msg.id);
      }
      return r.query.get('wait') === 'false' ? { status: 204 } : { status: 200, body: api(msg) };
    });
    this.#on('GET', '/webhooks/:app/:token/messages/:message', false, (r) => {
      const rec = this.#byToken(r.params.app ?? '', r.params.token ?? '');
      return { status: 200, body: api(this.#interactionMessage(rec, r.params.message ?? '')) };
    });
    this.#on('PATCH', '/webhooks/:app/:token/messages/:message', false, (r) => {
      const rec = this.#byToken(r.params.app ?? '', r.params.token ?? '');
      const msg = this.#interactionMessage(rec, r.params.message ?? '');
      this.#validate('webhookEdit', r, r.body, msg);
      ctx.log.edit(msg, json(r.body), r.uploads);
      return { status: 200, body: api(msg) };
    });
    this.#on('DELETE', '/webhooks/:app/:token/messages/:message', false, (r) => {
      const rec = this.#byToken(r.params.app ?? '', r.params.token ?? '');
      ctx.log.delete(this.#interactionMessage(rec, r.params.message ?? ''));
      return { status: 204 };
    });

    // ---- channels and messages ----
    this.#on('GET', '/channels/:channel', true, (r) => {
      const c = this.#channel(r.params.channel ?? '');
      this.#requirePermissions(c.id, PermissionFlagsBits.ViewChannel);
      return { status: 200, body: ctx.world.apiChannel(c.id) };
    });
    this.#on('POST', '/channels/:channel/typing', true, (r) => {
      this.#channel(r.params.channel ?? '');
      return { status: 204 };
    });
    this.#on('GET', '/channels/:channel/messages', true, (r) => {
      const c = this.#channel(r.params.channel ?? '');
      this.#requirePermissions(c.id, PermissionFlagsBits.ReadMessageHistory);
      const limit = Math.min(100, Number(r.query.get('limit') ?? 50));
      const list = ctx.log.inChannel(c.id).filter((m) => !m.ephemeral).reverse().slice(0, limit);
      return { status: 200, body: list.map(api) };
    });
    this.#on('POST', '/channels/:channel/messages', true, (r) => {
      const c = this.#channel(r.params.channel ?? '');
      const body = json(r.body);
      let needed = c.isThread ? PermissionFlagsBits.SendMessagesInThreads : PermissionFlagsBits.SendMessages;
      if (r.uploads.length > 0) needed |= PermissionFlagsBits.AttachFiles;
      if (Array.isArray(body.embeds) && body.embeds.length > 0) needed |= PermissionFlagsBits.EmbedLinks;
      this.#requirePermissions(c.id, needed);
      this.#validate('messageCreate', r, r.body);
      const hasSomething =
        (typeof body.content === 'string' && body.content.length > 0) ||
        (Array.isArray(body.embeds) && body.embeds.length > 0) ||
        (Array.isArray(body.components) && body.components.length > 0) ||
        r.uploads.length > 0 ||
        isObj(body.poll);
      if (!hasSomething) throw new ApiError(400, 50006, 'Cannot send an empty message');
      const msg = ctx.log.create({ channelId: c.id, authorId: ctx.applicationId, body, uploads: r.uploads });
      return { status: 200, body: api(msg) };
    });
    this.#on('GET', '/channels/:channel/messages/:message', true, (r) => {
      const c = this.#channel(r.params.channel ?? '');
      this.#requirePermissions(c.id, PermissionFlagsBits.ReadMessageHistory);
      const msg = this.#message(c.id, r.params.message ?? '');
      if (msg.ephemeral) throw unknownMessage();
      return { status: 200, body: api(msg) };
    });
    this.#on('PATCH', '/channels/:channel/messages/:message', true, (r) => {
      const c = this.#channel(r.params.channel ?? '');
      const msg = this.#message(c.id, r.params.message ?? '');
      if (msg.authorId !== ctx.applicationId) throw new ApiError(403, 50005, 'Cannot edit a message authored by another user');
      this.#validate('messageEdit', r, r.body, msg);
      ctx.log.edit(msg, json(r.body), r.uploads);
      return { status: 200, body: api(msg) };
    });
    this.#on('DELETE', '/channels/:channel/messages/:message', true, (r) => {
      const c = this.#channel(r.params.channel ?? '');
      const msg = this.#message(c.id, r.params.message ?? '');
      if (msg.authorId !== ctx.applicationId) this.#requirePermissions(c.id, PermissionFlagsBits.ManageMessages);
      ctx.log.delete(msg);
      return { status: 204 };
    });

    // ---- threads ----
    const createThread = (r: Req, fromMessage: PostedMessage | null): Reply => {
      const c = this.#channel(r.params.channel ?? '');
      if (c.isThread || c.guildId === null) throw new ApiError(400, 50024, 'Cannot execute action on this channel type');
      const body = json(r.body);
      const privateThread = fromMessage === null && (body.type ?? 12) === 12;
      this.#requirePermissions(c.id, privateThread ? PermissionFlagsBits.CreatePrivateThreads : PermissionFlagsBits.CreatePublicThreads);
      this.#validate(fromMessage ? 'threadFromMessage' : 'threadWithoutMessage', r, r.body);
      const thread = ctx.world.addChannel(c.guildId, String(body.name), privateThread ? 'private-thread' : 'public-thread', {
        parentId: c.id,
        ownerId: ctx.applicationId,
        ...(fromMessage ? { id: fromMessage.id } : {}),
      });
      const apiThread = ctx.world.apiChannel(thread.id);
      ctx.gateway.dispatch('THREAD_CREATE', { ...apiThread, newly_created: true });
      // Like Discord, a thread started without a message is announced in its parent channel.
      if (!fromMessage && !privateThread) {
        const note = ctx.log.create({ channelId: c.id, authorId: ctx.applicationId, body: { content: thread.name }, uploads: [] });
        note.threadId = thread.id;
      }
      return { status: 201, body: apiThread };
    };
    this.#on('POST', '/channels/:channel/threads', true, (r) => createThread(r, null));
    this.#on('POST', '/channels/:channel/messages/:message/threads', true, (r) => {
      const msg = this.#message(r.params.channel ?? '', r.params.message ?? '');
      if (ctx.world.channels.has(msg.id)) throw new ApiError(400, 160004, 'A thread has already been created for this message');
      return createThread(r, msg);
    });

    // ---- guilds ----
    const guild = (id: string): string => {
      if (!ctx.world.guilds.has(id)) throw new ApiError(404, 10004, 'Unknown Guild');
      return id;
    };
    this.#on('GET', '/guilds/:guild', true, (r) => ({ status: 200, body: ctx.world.apiGuild(guild(r.params.guild ?? '')) }));
    this.#on('GET', '/guilds/:guild/channels', true, (r) => ({
      status: 200,
      body: ctx.world.channelsOf(guild(r.params.guild ?? '')).filter((c) => c.kind === 'text').map((c) => ctx.world.apiChannel(c.id)),
    }));
    this.#on('GET', '/guilds/:guild/roles', true, (r) => ({
      status: 200,
      body: ctx.world.rolesOf(guild(r.params.guild ?? '')).map((x) => ctx.world.apiRole(x)),
    }));
    this.#on('GET', '/guilds/:guild/members/:user', true, (r) => {
      const member = ctx.world.member(guild(r.params.guild ?? ''), r.params.user ?? '');
      if (!member) throw new ApiError(404, 10007, 'Unknown Member');
      return { status: 200, body: ctx.world.apiMember(member) };
    });
  }
}

export function gatewayUrl(baseUrl: string): string {
  return `${baseUrl.replace(/^http/, 'ws')}/gateway`;
}

async function readBody(req: IncomingMessage): Promise<{ body: unknown; uploads: NewUpload[] }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const type = req.headers['content-type'] ?? '';
  if (raw.length === 0) return { body: undefined, uploads: [] };
  if (type.startsWith('multipart/form-data')) {
    // The web Request parser handles multipart exactly as undici (discord.js's fetch) writes it.
    const form = await new Request('http://127.0.0.1/', { method: 'POST', headers: { 'content-type': type }, body: raw }).formData();
    let body: unknown = {};
    const uploads: NewUpload[] = [];
    for (const [name, value] of form.entries()) {
      if (name === 'payload_json' && typeof value === 'string') {
        body = parseJson(value);
        continue;
      }
      const index = /^files\[(\d+)\]$/.exec(name);
      if (index && typeof value !== 'string') {
        uploads.push({
          index: Number(index[1]),
          filename: value.name,
          contentType: value.type || 'application/octet-stream',
          data: Buffer.from(await value.arrayBuffer()),
        });
      }
    }
    return { body, uploads };
  }
  return { body: parseJson(raw.toString('utf8')), uploads: [] };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 50109, 'The request body contains invalid JSON.');
  }
}
