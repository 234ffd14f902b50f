/**
 * Structured logs: one JSON object per line. What goes in is chosen by the caller from a
 * closed list of fields (never option values, hands, seeds or tokens); `redact` is a last
 * line of defence for anything that looks like a token.
 */
export type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface LogFields {
  [key: string]: string | number | boolean | null | undefined;
}

export type LogSink = (line: string) => void;

export interface Logger {
  log(level: Level, msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  debug(msg: string, fields?: LogFields): void;
  /** A logger that adds these fields to every line (e.g. the shard id). */
  child(fields: LogFields): Logger;
}

const TOKENISH = /[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}/g;

export function redact(text: string): string {
  return text.replace(TOKENISH, '[redacted]');
}

export function createLogger(opts: { level?: Level; sink?: LogSink; now?: () => number; base?: LogFields } = {}): Logger {
  const min = ORDER[opts.level ?? 'info'];
  const base = opts.base ?? {};
  const sink = opts.sink ?? ((line: string) => process.stdout.write(`${line}\n`));
  const now = opts.now ?? Date.now;
  const log = (level: Level, msg: string, fields: LogFields = {}): void => {
    if (ORDER[level] < min) return;
    const clean: LogFields = { ...base };
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) clean[k] = typeof v === 'string' ? redact(v) : v;
    sink(JSON.stringify({ t: new Date(now()).toISOString(), level, msg: redact(msg), ...clean }));
  };
  return {
    log,
    info: (m, f) => log('info', m, f),
    warn: (m, f) => log('warn', m, f),
    error: (m, f) => log('error', m, f),
    debug: (m, f) => log('debug', m, f),
    child: (fields) => createLogger({ ...opts, base: { ...base, ...fields } }),
  };
}

export function errorText(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}
