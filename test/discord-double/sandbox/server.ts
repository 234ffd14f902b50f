// `npm run sandbox`: the Discord double, a bot connected to it, and a web page on localhost to
// play as any user — how someone without a Discord token tries the bot. It is the double with
// a page for people, so it lives beside the double, under test/.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { viewComponents } from './view.ts';
import { ATTACHMENT_SCHEME, isComponentsV2 } from '../components.ts';
import type { AddressInfo } from 'node:net';
import { ApplicationCommandOptionType, type APIApplicationCommand, type APIApplicationCommandOption } from 'discord.js';
import { DiscordDouble, type Channel, type CommandInput, type Guild, type OptionValue, type PostedMessage, type User } from '../index.ts';
import { durationText } from '../../../src/discord/handlers/settings.ts';
import { allGames, gameById } from '../../../src/games/registry.ts';
import { openStore } from '../../../src/store/index.ts';

export interface StartBotOptions {
  /** For discord.js: `rest: { api: discordApiUrl }`. */
  discordApiUrl: string;
  token: string;
  databaseUrl: string;
}

export interface RunningBot {
  stop(): Promise<void>;
}

/** The one seam between the sandbox and the bot: src/main.ts is to export a function of this shape. */
export type StartBot = (opts: StartBotOptions) => Promise<RunningBot>;

export interface SandboxOptions {
  /** 0 picks a free port (tests); the CLI uses SANDBOX_PORT or 3000. */
  port: number;
  startBot?: StartBot;
  /** Where the bot keeps its games (default file:./data/sandbox.db): they outlast a restart. */
  databaseUrl?: string;
  /** How long a command may take before the page reports that the bot did not answer. */
  replyTimeoutMs?: number;
}

export interface Sandbox {
  url: string;
  double: DiscordDouble;
  guild: Guild;
  channels: Channel[];
  users: User[];
  /** The unfinished games the bot kept from an earlier run, as the page tells them. */
  kept: KeptGame[];
  close(): Promise<void>;
}

/** An unfinished game found in the database at start: where it lives and what the page says of it. */
export interface KeptGame {
  id: number;
  channelId: string;
  note: string;
}

export const DEFAULT_DATABASE_URL = 'file:./data/sandbox.db';

/**
 * The sandbox's guild, channels and users keep the same ids from run to run, so the games the
 * bot kept in its database are in the same channels, with the same players, after a restart.
 * Snowflakes of a fixed moment, in a worker field the double's own ids never use.
 */
const SANDBOX_EPOCH = BigInt(Date.UTC(2025, 0, 1)) - 1_420_070_400_000n;
const fixedId = (n: number): string => ((SANDBOX_EPOCH << 22n) | (31n << 17n) | BigInt(n)).toString();
const FIXED = { guild: fixedId(1), channels: [fixedId(2), fixedId(3)], users: [fixedId(10), fixedId(11), fixedId(12), fixedId(13)] };

/** The unfinished games of the sandbox's guild in the bot's database (none when it is new). */
async function keptGames(databaseUrl: string): Promise<{ id: number; kind: string; status: string; channelId: string; parentChannelId: string | null }[]> {
  const store = await openStore(databaseUrl);
  try {
    return (await store.listGames({ guildId: FIXED.guild, status: ['lobby', 'running'] })).map((g) => ({ id: g.id, kind: g.kind, status: g.status, channelId: g.channelId, parentChannelId: g.parentChannelId }));
  } finally {
    await store.close();
  }
}

/** What the page says about a kept game, in its channel: its earlier messages are gone, these commands show it. */
function keptNote(g: { id: number; kind: string; status: string }): string {
  const game = gameById(g.kind);
  const title = game?.title ?? g.kind;
  const cmd = `/${game?.id ?? g.kind}`;
  return g.status === 'lobby'
    ? `Kept from before the sandbox restarted: the lobby of a ${title} game (#${g.id}). Its messages and Join button are gone: the host can \`${cmd} start\` it, or \`${cmd} abort\` it and open a new one with \`${cmd} new\`.`
    : `Kept from before the sandbox restarted: a ${title} game (#${g.id}), still running. Its earlier messages are gone: \`${cmd} status\` and \`${cmd} map\` show where it stands, and it goes on from there.`;
}

const ASSETS = fileURLToPath(new URL('./', import.meta.url));
const ASSET_TYPES: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'style.css': 'text/css; charset=utf-8',
};

export async function startSandbox(opts: SandboxOptions): Promise<Sandbox> {
  const databaseUrl = opts.databaseUrl ?? DEFAULT_DATABASE_URL;
  const double = await DiscordDouble.start();
  const guild = double.createGuild('fence-bot sandbox', { id: FIXED.guild });
  const channels = ['fence', 'general'].map((name, i) => double.createChannel(guild, name, { id: FIXED.channels[i] as string }));
  const users = ['alice', 'bob', 'carol', 'dave'].map((name, i) => {
    const user = double.createUser(name, { globalName: name[0]?.toUpperCase() + name.slice(1), id: FIXED.users[i] as string });
    double.addMember(guild, user);
    return user;
  });

  // Games kept from an earlier run: a game's thread is opened again under its channel (a thread
  // is not kept by the double), before the bot starts and looks after them.
  const kept: KeptGame[] = [];
  if (opts.startBot) {
    for (const g of await keptGames(databaseUrl)) {
      const parent = channels.find((c) => c.id === g.parentChannelId);
      if (!double.world.channels.has(g.channelId) && parent) double.createThread(parent, `${gameById(g.kind)?.title ?? g.kind} #${g.id}`, { id: g.channelId });
      if (double.world.channels.has(g.channelId)) kept.push({ id: g.id, channelId: g.channelId, note: keptNote(g) });
    }
  }

  const bot = opts.startBot ? await opts.startBot({ discordApiUrl: double.apiUrl, token: double.token, databaseUrl }) : null;
  const starting = kept.length
    ? `The bot kept ${kept.length === 1 ? 'a game' : `${kept.length} games`} from its last run (${databaseName(databaseUrl)}): ${kept.map((k) => `#${double.world.channels.get(k.channelId)?.name ?? '?'}`).join(', ')}. Messages from before the restart are not kept.`
    : `This sandbox starts with no games: none were left in ${databaseName(databaseUrl)}. Games you start are kept there and come back when the sandbox restarts.`;
  const games = allGames().map((g) => `/${g.id} new`).join(', ');

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      sendJson(res, 500, { error: err instanceof Error ? err.message : String(err) });
    });
  });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const asset = url.pathname === '/' ? 'index.html' : url.pathname.slice(1);
    if (req.method === 'GET' && asset in ASSET_TYPES) {
      res.writeHead(200, { 'content-type': ASSET_TYPES[asset] ?? 'text/plain', 'cache-control': 'no-store' });
      res.end(await readFile(ASSETS + asset));
      return;
    }
    const file = /^\/files\/(\d+)\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && file) {
      const att = double.log.get(file[1] ?? '')?.attachments.find((a) => a.id === file[2]);
      if (!att) return sendJson(res, 404, { error: 'no such file' });
      res.writeHead(200, { 'content-type': att.contentType, 'cache-control': 'max-age=3600' });
      res.end(att.data);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/api/state') {
      const user = double.world.users.get(url.searchParams.get('user') ?? '') ?? users[0];
      const channel = double.world.channels.get(url.searchParams.get('channel') ?? '') ?? channels[0];
      if (!user || !channel) return sendJson(res, 400, { error: 'unknown user or channel' });
      return sendJson(res, 200, {
        version: double.version,
        botConnected: double.gateway.connected,
        notice: starting,
        kept: kept.find((k) => k.channelId === channel.id)?.note ?? null,
        empty: `No messages yet. Start a game: ${games}.`,
        users: users.map((u) => ({ id: u.id, name: u.username })),
        channels: double.world.channelsOf(guild.id).map((c) => ({ id: c.id, name: c.name, thread: c.kind !== 'text' })),
        messages: double.visibleTo(user, channel).map((m) => viewMessage(double, m)),
      });
    }
    if (req.method !== 'POST') return sendJson(res, 404, { error: 'not found' });
    const body = (await readJson(req)) as { user?: string; channel?: string; text?: string; message?: string; customId?: string; values?: unknown };
    const user = double.world.users.get(body.user ?? '');
    const channel = double.world.channels.get(body.channel ?? '');
    if (!user || !channel) return sendJson(res, 400, { error: 'unknown user or channel' });
    const commands = double.commands(guild);

    if (url.pathname === '/api/command') {
      let parsed: ParsedCommand;
      try {
        parsed = parseCommand(body.text ?? '', commands, double);
        if (!parsed.def) throw new Error(`unknown command /${parsed.name}`);
      } catch (err) {
        return sendJson(res, 400, { error: err instanceof Error ? err.message : String(err) });
      }
      try {
        const interaction = await double.runCommand(user, channel, parsed.name, parsed.input);
        await interaction.acknowledged(opts.replyTimeoutMs ?? 4000);
        return sendJson(res, 200, { ok: true });
      } catch (err) {
        return sendJson(res, 422, { error: err instanceof Error ? err.message : String(err) });
      }
    }
    if (url.pathname === '/api/autocomplete') {
      return sendJson(res, 200, { suggestions: await suggest(body.text ?? '', commands, double, user, channel) });
    }
    if (url.pathname === '/api/select') {
      const message = double.log.get(body.message ?? '');
      if (!message) return sendJson(res, 404, { error: 'no such message' });
      try {
        const values = Array.isArray(body.values) ? body.values.map(String) : [];
        const interaction = await double.chooseFromMenu(user, message, body.customId ?? '', values);
        await interaction.acknowledged(opts.replyTimeoutMs ?? 4000);
        return sendJson(res, 200, { ok: true });
      } catch (err) {
        return sendJson(res, 422, { error: err instanceof Error ? err.message : String(err) });
      }
    }
    if (url.pathname === '/api/click') {
      const message = double.log.get(body.message ?? '');
      if (!message) return sendJson(res, 404, { error: 'no such message' });
      try {
        const interaction = await double.clickButton(user, message, body.customId ?? '');
        await interaction.acknowledged(opts.replyTimeoutMs ?? 4000);
        return sendJson(res, 200, { ok: true });
      } catch (err) {
        return sendJson(res, 422, { error: err instanceof Error ? err.message : String(err) });
      }
    }
    return sendJson(res, 404, { error: 'not found' });
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    double,
    guild,
    channels,
    users,
    kept,
    close: async () => {
      await bot?.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await double.stop();
    },
  };
}

/** A database URL as the page names it: the SQLite file, or the PostgreSQL database without its password. */
function databaseName(url: string): string {
  return url.startsWith('file:') ? url.slice(5) : url.replace(/\/\/[^@/]*@/, '//');
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown;
  } catch {
    return {};
  }
}

function viewMessage(double: DiscordDouble, m: PostedMessage): Record<string, unknown> {
  const files = new Map(m.attachments.map((a) => [a.filename, `/files/${m.id}/${a.id}`]));
  // Embeds point at their images with attachment://name; the page needs a real URL.
  const embeds = m.embeds.map((e) => ({
    ...e,
    image: e.image ? { url: e.image.url.startsWith('attachment://') ? files.get(e.image.url.slice(13)) ?? '' : e.image.url } : undefined,
    thumbnail: e.thumbnail ? { url: e.thumbnail.url.startsWith('attachment://') ? files.get(e.thumbnail.url.slice(13)) ?? '' : e.thumbnail.url } : undefined,
  }));
  return {
    id: m.id,
    author: double.world.users.get(m.authorId)?.username ?? '?',
    content: readable(double, m.content),
    ephemeral: m.ephemeral,
    loading: m.loading,
    edited: m.edits > (m.deferred ? 1 : 0),
    command: m.commandName && m.interactionUserId ? { name: m.commandName, user: double.world.users.get(m.interactionUserId)?.username ?? '?' } : null,
    embeds,
    components: viewComponents(m.components, { mediaUrl: (url) => pageUrl(double, m, url), readable: (text) => readable(double, text) }),
    // A Components V2 message shows its files only through its media components, as on Discord.
    attachments: isComponentsV2(m.flags) ? [] : m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, url: `/files/${m.id}/${a.id}`, description: a.description })),
  };
}

/** Where the page finds a media item: `attachment://name` of this message, or a file the double serves (a URL Discord handed back); other URLs as they are. */
function pageUrl(double: DiscordDouble, m: PostedMessage, url: string): string {
  if (url.startsWith(ATTACHMENT_SCHEME)) {
    const a = m.attachments.find((x) => x.filename === url.slice(ATTACHMENT_SCHEME.length));
    return a ? `/files/${m.id}/${a.id}` : '';
  }
  const served = new RegExp(`^${double.baseUrl}/attachments/(\\d+)/(\\d+)/`).exec(url);
  if (!served) return url;
  const owner = double.log.inChannel(served[1] ?? '').find((x) => x.attachments.some((a) => a.id === served[2]));
  return owner ? `/files/${owner.id}/${served[2]}` : '';
}

/** Mentions and timestamps as Discord's client shows them, instead of their raw `<@id>` syntax. */
function readable(double: DiscordDouble, content: string): string {
  return content
    .replace(/<@!?(\d+)>/g, (raw, id: string) => {
      const u = double.world.users.get(id);
      return u ? `@${u.globalName ?? u.username}` : raw;
    })
    .replace(/<#(\d+)>/g, (raw, id: string) => {
      const c = double.world.channels.get(id);
      return c ? `#${c.name}` : raw;
    })
    .replace(/<t:(\d+)(?::[tTdDfFR])?>/g, (_raw, secs: string) => {
      const seconds = Number(secs) - Date.now() / 1000;
      return seconds >= 0 ? `in ${durationText(seconds)}` : `${durationText(-seconds)} ago`;
    });
}

// ---------------------------------------------------------------- the command line

interface ParsedCommand {
  name: string;
  def: APIApplicationCommand | undefined;
  input: CommandInput;
  /** The options of the level reached (the subcommand's, or the command's own). */
  level: APIApplicationCommandOption[];
  /** What the user is in the middle of typing: the last token when the text does not end in a space. */
  partial: string | null;
  path: string[];
}

const unquote = (v: string): string => (v.startsWith('"') ? v.slice(1).replace(/"$/, '') : v);

/**
 * Labels of the suggestions the page offered, by option: a picked suggestion shows its label
 * in the command box, as Discord's client does, and its value is what the command sends.
 */
const offered = new Map<string, string>();
const remember = (key: string, label: string, value: string): void => {
  if (offered.size > 2000) offered.clear();
  offered.set(`${key}\u0000${label}`, value);
};

/**
 * Reads `/fence move move:Red 4 + Blue 2 → Four Points`: the command, its subcommands, then
 * options; a value runs to the next `option:` of the same level, so it may hold spaces
 * (quotes work too).
 */
function parseCommand(text: string, defs: APIApplicationCommand[], double: DiscordDouble): ParsedCommand {
  let rest = text.replace(/^\s*\//, '');
  const word = () => /^\S+/.exec(rest)?.[0] ?? '';
  const name = word();
  rest = rest.slice(name.length);
  const def = defs.find((d) => d.name === name);
  const input: CommandInput = {};
  const path: string[] = [];
  let level: APIApplicationCommandOption[] = def?.options ?? [];
  for (;;) {
    const step = /^\s+(\S+)(?=\s|$)/.exec(rest);
    const sub = step && level.find((o) => o.name === step[1] && (o.type === ApplicationCommandOptionType.Subcommand || o.type === ApplicationCommandOptionType.SubcommandGroup));
    if (!step || !sub) break;
    rest = rest.slice(step[0].length);
    path.push(sub.name);
    if (sub.type === ApplicationCommandOptionType.SubcommandGroup) input.subcommandGroup = sub.name;
    else input.subcommand = sub.name;
    level = 'options' in sub ? (sub.options ?? []) : [];
  }
  const names = level.map((o) => o.name.replace(/[-]/g, '\\-'));
  const starts = names.length ? [...rest.matchAll(new RegExp(`(?:^|\\s)(${names.join('|')}):`, 'g'))] : [];
  const segments = starts.map((m, k) => ({
    key: m[1] ?? '',
    raw: rest.slice((m.index ?? 0) + m[0].length - (m[1] ?? '').length - 1, starts[k + 1]?.index ?? rest.length),
    value: rest.slice((m.index ?? 0) + m[0].length, starts[k + 1]?.index ?? rest.length),
  }));
  const endsInSpace = /\s$/.test(text);
  const lastSegment = segments[segments.length - 1];
  const loose = rest.trim();
  let partial: string | null;
  if (lastSegment) partial = endsInSpace && lastSegment.value.trim() !== '' ? null : lastSegment.raw;
  else if (loose && !endsInSpace) partial = loose.split(/\s+/).pop() ?? null;
  else if (!loose && !endsInSpace && path.length === 0 && rest === '') partial = name;
  else partial = null;
  const options: Record<string, OptionValue> = {};
  for (const { key, value: typed } of segments) {
    const text = unquote(typed.trim());
    const value = offered.get(`${key}\u0000${text}`) ?? text;
    const spec = level.find((o) => o.name === key);
    // Users are typed by name on the page; the double wants the user.
    const user = spec?.type === ApplicationCommandOptionType.User ? double.findUser(value) : undefined;
    // Discord's client shows booleans as True / False; read them the way a person types them.
    const flag = spec?.type === ApplicationCommandOptionType.Boolean ? /^(true|yes|1)$/i.test(value) : undefined;
    options[key] = user ?? flag ?? value;
  }
  if (Object.keys(options).length > 0) input.options = options;
  return { name, def, input, level, partial, path };
}

interface Suggestion {
  label: string;
  /** The whole new text of the input box when this suggestion is taken. */
  text: string;
}

async function suggest(text: string, defs: APIApplicationCommand[], double: DiscordDouble, user: User, channel: Channel): Promise<Suggestion[]> {
  const p = parseCommand(text, defs, double);
  const before = p.partial === null ? text : text.slice(0, text.length - p.partial.length);
  if (!p.def) {
    const typed = text.trim().replace(/^\//, '');
    return defs.filter((d) => d.name.startsWith(typed)).map((d) => ({ label: `/${d.name} — ${d.description}`, text: `/${d.name} ` }));
  }
  const subs = p.level.filter((o) => o.type === ApplicationCommandOptionType.Subcommand || o.type === ApplicationCommandOptionType.SubcommandGroup);
  if (subs.length > 0) {
    const typed = p.partial ?? '';
    return subs.filter((s) => s.name.startsWith(typed)).map((s) => ({ label: `${s.name} — ${s.description}`, text: `${before}${s.name} ` }));
  }
  const colon = p.partial?.indexOf(':') ?? -1;
  if (p.partial !== null && colon > 0) {
    const key = p.partial.slice(0, colon);
    const typed = unquote(p.partial.slice(colon + 1).trim());
    const spec = p.level.find((o) => o.name === key);
    if (spec && 'autocomplete' in spec && spec.autocomplete) {
      const rest: Record<string, OptionValue> = { ...(p.input.options ?? {}) };
      delete rest[key];
      const choices = await double.autocomplete(user, channel, p.name, key, typed, { ...p.input, options: rest }).catch(() => []);
      return choices.map((c) => {
        remember(key, c.name, String(c.value));
        return { label: c.name, text: `${before}${key}:${c.name} ` };
      });
    }
    if (spec && 'choices' in spec && spec.choices) {
      return spec.choices
        .filter((c) => c.name.toLowerCase().startsWith(typed.toLowerCase()))
        .map((c) => {
          remember(key, c.name, String(c.value));
          return { label: c.name, text: `${before}${key}:${c.name} ` };
        });
    }
    if (spec?.type === ApplicationCommandOptionType.Boolean) {
      return ['True', 'False'].filter((v) => v.toLowerCase().startsWith(typed.toLowerCase())).map((v) => ({ label: v, text: `${before}${key}:${v} ` }));
    }
    if (spec?.type === ApplicationCommandOptionType.User) {
      return [...double.world.users.values()]
        .filter((u) => !u.bot && (channel.guildId === null ? u.id === channel.ownerId : double.world.member(channel.guildId, u.id)) && u.username.startsWith(typed))
        .map((u) => ({ label: u.username, text: `${before}${key}:${u.username} ` }));
    }
    return [];
  }
  const used = new Set(Object.keys(p.input.options ?? {}));
  const typed = p.partial ?? '';
  return p.level
    .filter((o) => !used.has(o.name) && o.name.startsWith(typed))
    .map((o) => ({ label: `${o.name}${'required' in o && o.required ? '' : ' (optional)'} — ${o.description}`, text: `${before}${o.name}:` }));
}

/** The sandbox's own settings, from the environment or `.env` (.env.example documents them); each problem in words. */
export function sandboxSettings(env: Record<string, string | undefined>): { port: number; databaseUrl: string } {
  const port = env.SANDBOX_PORT?.trim() || '3000';
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) throw new Error('SANDBOX_PORT must be a port number from 0 to 65535 (default 3000)');
  const databaseUrl = env.SANDBOX_DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
  if (!/^(file:.+|postgres(ql)?:\/\/.+)/.test(databaseUrl)) throw new Error(`SANDBOX_DATABASE_URL must be a SQLite file URL such as ${DEFAULT_DATABASE_URL}, or a PostgreSQL URL`);
  return { port: Number(port), databaseUrl };
}

async function main(): Promise<void> {
  const dotenv = await import('dotenv');
  dotenv.config({ quiet: true });
  let settings: { port: number; databaseUrl: string };
  try {
    settings = sandboxSettings(process.env);
  } catch (err) {
    process.stderr.write(`sandbox: ${(err as Error).message}\n`);
    process.exit(1);
  }
  const { port, databaseUrl } = settings;
  const { startBot } = await import('../../../src/main.ts');
  const sandbox = await startSandbox({ port, startBot, databaseUrl });
  process.stdout.write(`fence-bot sandbox: open ${sandbox.url}\n`);
  if (sandbox.kept.length) process.stdout.write(`${sandbox.kept.length === 1 ? 'One unfinished game was' : `${sandbox.kept.length} unfinished games were`} kept from the last run; the page says where.\n`);
  const shutdown = (): void => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    if ((err as { code?: unknown }).code === 'EADDRINUSE') {
      process.stderr.write(`sandbox failed: the port is already in use; choose another with SANDBOX_PORT (for example SANDBOX_PORT=3001 npm run sandbox)\n`);
      process.exit(1);
    }
    process.stderr.write(`sandbox failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
