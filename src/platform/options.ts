/**
 * Game options, read from a game's options schema (a zod object whose every field has a default
 * and an OptionMeta in `.meta()`). From that one schema the platform builds the `/<game> new`
 * options, the lobby's option menu, the server defaults and the one-line summary, and it checks
 * every value that arrives (a forged interaction included) with the same schema.
 */
import { z } from 'zod';

/** What a game says about one option, in its schema field's `.meta()`. */
export interface OptionMeta {
  /** Its name in the lobby's menu: "Round limit". */
  label: string;
  /** One line (≤ 100 characters): the slash option's description and the menu's hint. */
  description: string;
  /** Menu group: "Setup", "Cards", "Victory"… Options without one go under "Options". */
  group?: string;
  /** Also a `/<game> new` option under this name (kebab case, ≤ 32). Omitted: lobby menu only. */
  slash?: string;
  /** Server admins may save a default for it (`/<game> settings`). */
  setting?: boolean;
  /**
   * How the lobby line says the chosen value: 'round limit {}' for a number, [when false, when
   * true] for a yes/no, or a text per value of a choice. Omitted: not in the summary.
   */
  summary?: string | [string, string] | Record<string, string>;
  /** Place in the summary line (the platform's turn limit is at 50). */
  order?: number;
  /** The values a menu offers for a number (a slash option accepts any in range). */
  choices?: number[];
  /** Labels for the values of a choice (enum), by value. */
  labels?: Record<string, string>;
}

export type OptionValue = boolean | number | string;

/** One option, as the platform sees it. */
export interface OptionField {
  key: string;
  type: 'boolean' | 'integer' | 'choice';
  default: OptionValue;
  min?: number;
  max?: number;
  /** A choice's values. */
  values?: string[];
  meta: OptionMeta;
}

interface JsonProp {
  type?: string;
  default?: OptionValue;
  minimum?: number;
  maximum?: number;
  enum?: string[];
  label?: string;
  description?: string;
  [k: string]: unknown;
}

const fieldCache = new WeakMap<object, OptionField[]>();

/** The fields of an options schema, in schema order. Fields of other shapes are not offered (they keep their defaults). */
export function optionFields(schema: z.ZodType<unknown>): OptionField[] {
  const hit = fieldCache.get(schema);
  if (hit) return hit;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonProp> };
  const fields: OptionField[] = [];
  for (const [key, p] of Object.entries(json.properties ?? {})) {
    if (p.default === undefined) continue;
    const meta = { label: p.label ?? key, description: p.description ?? p.label ?? key, ...pickMeta(p) } as OptionMeta;
    if (p.type === 'boolean') fields.push({ key, type: 'boolean', default: p.default, meta });
    else if (p.type === 'integer') fields.push({ key, type: 'integer', default: p.default, ...(p.minimum !== undefined ? { min: p.minimum } : {}), ...(p.maximum !== undefined ? { max: p.maximum } : {}), meta });
    else if (p.enum && p.enum.length > 0) fields.push({ key, type: 'choice', default: p.default, values: [...p.enum], meta });
  }
  fieldCache.set(schema, fields);
  return fields;
}

function pickMeta(p: JsonProp): Partial<OptionMeta> {
  const out: Record<string, unknown> = {};
  for (const k of ['group', 'slash', 'setting', 'summary', 'order', 'choices', 'labels'] as const) if (p[k] !== undefined) out[k] = p[k];
  return out as Partial<OptionMeta>;
}

/** Fields a player can actually change (a choice with one value is not a choice). */
export const changeableFields = (schema: z.ZodType<unknown>): OptionField[] =>
  optionFields(schema).filter((f) => f.type !== 'choice' || (f.values?.length ?? 0) > 1);

/** The options a game has when nobody chose any. */
export const defaultOptions = <O>(schema: z.ZodType<O>): O => schema.parse({});

export type OptionsCheck<O> = { ok: true; options: O } | { ok: false; problems: string[] };

/** Parses options (defaults filled in); each problem is a sentence naming the option and what is allowed. */
export function checkOptions<O>(schema: z.ZodType<O>, raw: unknown): OptionsCheck<O> {
  const r = schema.safeParse(raw ?? {});
  if (r.success) return { ok: true, options: r.data };
  const fields = new Map(optionFields(schema as z.ZodType<unknown>).map((f) => [f.key, f]));
  return { ok: false, problems: r.error.issues.map((i) => problemText(fields.get(String(i.path[0])), i.message)) };
}

function problemText(f: OptionField | undefined, fallback: string): string {
  if (!f) return fallback;
  return `${f.meta.label} must be ${allowedText(f)}.`;
}

/** "a whole number from 1 to 200", "on or off", "one of Standard, Big Map". */
export function allowedText(f: OptionField): string {
  if (f.type === 'boolean') return 'on or off';
  if (f.type === 'integer') {
    if (f.min !== undefined && f.max !== undefined) return `a whole number from ${f.min} to ${f.max}`;
    if (f.min !== undefined) return `a whole number of at least ${f.min}`;
    return 'a whole number';
  }
  return `one of ${(f.values ?? []).map((v) => f.meta.labels?.[v] ?? v).join(', ')}`;
}

/** How the summary line says one option's value, or null when it says nothing of it. */
export function summaryPart(f: OptionField, value: unknown): string | null {
  const s = f.meta.summary;
  if (s === undefined) return null;
  if (Array.isArray(s)) return value ? s[1] : s[0];
  if (typeof s === 'string') return s.replace('{}', String(value));
  return s[String(value)] ?? null;
}

/** A value as a menu or a list shows it. */
export function valueText(f: OptionField, value: unknown): string {
  if (f.type === 'boolean') return value ? 'on' : 'off';
  if (f.type === 'choice') return f.meta.labels?.[String(value)] ?? String(value);
  return String(value);
}

/**
 * The summary line: the options' parts in their `order`, with parts of the platform's own
 * (turn limit, …) placed among them by theirs.
 */
export function summaryLine(schema: z.ZodType<unknown>, values: Record<string, unknown>, extra: { order: number; text: string }[] = [], only: (f: OptionField) => boolean = () => true): string {
  const parts: { order: number; text: string }[] = [...extra];
  optionFields(schema).forEach((f, i) => {
    if (!only(f)) return;
    const text = summaryPart(f, values[f.key] ?? f.default);
    if (text) parts.push({ order: f.meta.order ?? 100 + i, text });
  });
  return parts.sort((a, b) => a.order - b.order).map((p) => p.text).join(' · ');
}
