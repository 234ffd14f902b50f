// Checks every body the bot sends against Discord's published schema and the documented limits.
// The schema (discord-api-spec) is looser than Discord in places — content up to 4,000 for
// channel messages, choice values up to 6,000, V2 components allowed without their flag — so
// the documented limits and placement rules are checked on top (components.ts).
import {
  ApplicationCommandAutocompleteCallbackRequestSchema,
  ApplicationCommandUpdateRequestSchema,
  CreateMessageInteractionCallbackRequestSchema,
  CreateTextThreadWithMessageRequestSchema,
  CreateTextThreadWithoutMessageRequestSchema,
  IncomingWebhookRequestPartialSchema,
  IncomingWebhookUpdateRequestPartialSchema,
  MessageCreateRequestSchema,
  MessageEditRequestPartialSchema,
  ModalInteractionCallbackRequestSchema,
  UpdateMessageInteractionCallbackRequestSchema,
} from 'discord-api-spec/zod';
import type { ZodMiniType } from 'zod/mini';
import { ComponentType } from 'discord.js';
import { ATTACHMENT_SCHEME, PLACEMENT, componentName, isComponentsV2, isSelect, mediaReferences, walkComponents } from './components.ts';

export interface Violation {
  /** schema: fails Discord's OpenAPI schema; limit: breaks a documented limit; protocol: misuse
   * Discord would punish (late or double acknowledgement); unsupported: a route the double lacks. */
  kind: 'schema' | 'limit' | 'protocol' | 'unsupported';
  method: string;
  route: string;
  path: string;
  message: string;
}

export type BodyKind =
  | 'interactionCallback'
  | 'webhookCreate'
  | 'webhookEdit'
  | 'messageCreate'
  | 'messageEdit'
  | 'threadFromMessage'
  | 'threadWithoutMessage'
  | 'commandsOverwrite';

export interface UploadedFileInfo {
  name: string;
  size: number;
  /** n of the `files[n]` part: `attachments[].filename` with id n renames the file. */
  index?: number;
}

/** The message an edit applies to, as it stands. */
export interface ExistingMessage {
  flags: number;
  content: string;
  /** How many embeds it shows. */
  embeds: number;
  /** Its files: an edit keeps those its `attachments` lists (all when it has no `attachments`). */
  attachments: { id: string; filename: string }[];
}

export const LIMITS = {
  content: 2000,
  embeds: 10,
  embedTotal: 6000,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  embedFieldName: 256,
  embedFieldValue: 1024,
  embedFooter: 2048,
  embedAuthor: 256,
  actionRows: 5,
  /** Every component of a message, nested ones included (Components V2). */
  components: 40,
  /** The text displays of a message together. */
  componentText: 4000,
  galleryItems: 10,
  componentsPerRow: 5,
  customId: 100,
  buttonLabel: 80,
  selectOptions: 25,
  attachments: 10,
  attachmentBytes: 10 * 1024 * 1024,
  attachmentDescription: 1024,
  choices: 25,
  choiceName: 100,
  choiceValue: 100,
  commandName: 32,
  commandDescription: 100,
  commandOptions: 25,
} as const;

type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function schemaFor(kind: BodyKind, body: unknown): ZodMiniType | undefined {
  switch (kind) {
    case 'interactionCallback': {
      const type = isObj(body) ? body.type : undefined;
      if (type === 4 || type === 5) return CreateMessageInteractionCallbackRequestSchema;
      if (type === 6 || type === 7) return UpdateMessageInteractionCallbackRequestSchema;
      if (type === 8) return ApplicationCommandAutocompleteCallbackRequestSchema;
      if (type === 9) return ModalInteractionCallbackRequestSchema;
      return undefined;
    }
    case 'webhookCreate':
      return IncomingWebhookRequestPartialSchema;
    case 'webhookEdit':
      return IncomingWebhookUpdateRequestPartialSchema;
    case 'messageCreate':
      return MessageCreateRequestSchema;
    case 'messageEdit':
      return MessageEditRequestPartialSchema;
    case 'threadFromMessage':
      return CreateTextThreadWithMessageRequestSchema;
    case 'threadWithoutMessage':
      return CreateTextThreadWithoutMessageRequestSchema;
    case 'commandsOverwrite':
      return undefined; // an array: checked element by element below
  }
}

type Report = (path: string, message: string, kind?: Violation['kind']) => void;

function checkMessage(msg: Json, at: string, report: Report, ctx: MessageContext): void {
  const content = msg.content;
  if (typeof content === 'string' && content.length > LIMITS.content) {
    report(`${at}content`, `content is ${content.length} characters; Discord allows ${LIMITS.content}`);
  }
  const embeds = arr(msg.embeds);
  if (embeds.length > LIMITS.embeds) report(`${at}embeds`, `${embeds.length} embeds; Discord allows ${LIMITS.embeds}`);
  let embedChars = 0;
  embeds.forEach((e, i) => {
    if (!isObj(e)) return;
    const p = `${at}embeds[${i}].`;
    const lim = (v: unknown, max: number, name: string): void => {
      const s = str(v);
      embedChars += s.length;
      if (s.length > max) report(p + name, `${name} is ${s.length} characters; Discord allows ${max}`);
    };
    lim(e.title, LIMITS.embedTitle, 'title');
    lim(e.description, LIMITS.embedDescription, 'description');
    if (isObj(e.footer)) lim(e.footer.text, LIMITS.embedFooter, 'footer.text');
    if (isObj(e.author)) lim(e.author.name, LIMITS.embedAuthor, 'author.name');
    const fields = arr(e.fields);
    if (fields.length > LIMITS.embedFields) report(`${p}fields`, `${fields.length} fields; Discord allows ${LIMITS.embedFields}`);
    fields.forEach((f, j) => {
      if (!isObj(f)) return;
      lim(f.name, LIMITS.embedFieldName, `fields[${j}].name`);
      lim(f.value, LIMITS.embedFieldValue, `fields[${j}].value`);
    });
  });
  if (embedChars > LIMITS.embedTotal) report(`${at}embeds`, `embeds hold ${embedChars} characters in all; Discord allows ${LIMITS.embedTotal}`);

  checkComponents(msg, at, report, ctx);

  arr(msg.attachments).forEach((a, i) => {
    if (!isObj(a)) return;
    const d = str(a.description);
    if (d.length > LIMITS.attachmentDescription) {
      report(`${at}attachments[${i}].description`, `attachment description is ${d.length} characters; Discord allows ${LIMITS.attachmentDescription}`);
    }
  });
}

/** What a message body is checked against besides itself: the files sent with it and, for an edit, the message as it stands. */
interface MessageContext {
  /** Names an `attachment://` reference may use: this request's files and, on an edit, the files the message keeps. */
  fileNames: Set<string>;
  existing: ExistingMessage | undefined;
}

const present = (v: unknown): boolean => v !== undefined && v !== null && !(typeof v === 'string' && v === '') && !(Array.isArray(v) && v.length === 0);

/**
 * Components, classic and V2 alike: placement, the per-message limits, custom ids, and for V2 the
 * fields the flag turns off and the files the media components point at.
 */
function checkComponents(msg: Json, at: string, report: Report, ctx: MessageContext): void {
  const wasV2 = ctx.existing !== undefined && isComponentsV2(ctx.existing.flags);
  const setsFlags = typeof msg.flags === 'number';
  if (wasV2 && setsFlags && !isComponentsV2(msg.flags)) {
    report(`${at}flags`, 'the IS_COMPONENTS_V2 flag cannot be removed from a message once it is set', 'schema');
  }
  const v2 = wasV2 || isComponentsV2(msg.flags);
  if (v2) {
    // Discord's words: with the flag, content, embeds, poll and stickers cannot be used.
    for (const field of ['content', 'embeds', 'poll', 'sticker_ids'] as const) {
      if (present(msg[field])) report(`${at}${field}`, `${field} cannot be used with the IS_COMPONENTS_V2 flag: put text in text display components`, 'schema');
    }
    // A classic message turned into a V2 one must clear what it showed.
    if (ctx.existing && !wasV2) {
      if (ctx.existing.content !== '' && !('content' in msg)) report(`${at}content`, 'turning a message into a Components V2 one needs content set to null', 'schema');
      if (ctx.existing.embeds > 0 && !('embeds' in msg)) report(`${at}embeds`, 'turning a message into a Components V2 one needs embeds set to null', 'schema');
    }
  }

  const top = arr(msg.components);
  if (!v2 && top.length > LIMITS.actionRows) report(`${at}components`, `${top.length} action rows; Discord allows ${LIMITS.actionRows}`);
  const visits = walkComponents(msg.components, v2, `${at}components`);
  if (visits.length > LIMITS.components) {
    report(`${at}components`, `${visits.length} components in all (nested ones count); Discord allows ${LIMITS.components}`);
  }
  const customIds = new Set<string>();
  const ids = new Set<number>();
  let text = 0;
  for (const { component: c, path: p, slot } of visits) {
    const allowed: readonly number[] = PLACEMENT[slot];
    if (typeof c.type !== 'number' || !allowed.includes(c.type)) {
      const where =
        slot === 'classicTopLevel' ? 'at the top of a message without the IS_COMPONENTS_V2 flag'
        : slot === 'v2TopLevel' ? 'at the top of a message'
        : slot === 'container' ? 'in a container'
        : slot === 'actionRow' ? 'in an action row'
        : slot === 'sectionText' ? "in a section's components"
        : "as a section's accessory";
      report(`${p}.type`, `a ${componentName(c.type)} cannot be placed ${where}; allowed there: ${allowed.map(componentName).join(', ')}`, 'schema');
    }
    if (typeof c.id === 'number') {
      if (ids.has(c.id)) report(`${p}.id`, `component id ${c.id} is used twice in one message`);
      ids.add(c.id);
    }
    if (c.type === ComponentType.ActionRow) {
      const children = arr(c.components);
      if (children.length > LIMITS.componentsPerRow) report(`${p}.components`, `${children.length} components in one row; Discord allows ${LIMITS.componentsPerRow}`);
      if (children.some((x) => isObj(x) && isSelect(x.type)) && children.length > 1) report(`${p}.components`, 'a select menu must be alone in its action row');
    }
    if (typeof c.custom_id === 'string') {
      if (c.custom_id.length > LIMITS.customId) report(`${p}.custom_id`, `custom_id is ${c.custom_id.length} characters; Discord allows ${LIMITS.customId}`);
      if (customIds.has(c.custom_id)) report(`${p}.custom_id`, `custom_id "${c.custom_id}" is used twice in one message`);
      customIds.add(c.custom_id);
    }
    if (c.type === ComponentType.Button) {
      const label = str(c.label);
      if (label.length > LIMITS.buttonLabel) report(`${p}.label`, `button label is ${label.length} characters; Discord allows ${LIMITS.buttonLabel}`);
      if (c.style === 5 ? typeof c.url !== 'string' : c.style !== 6 && typeof c.custom_id !== 'string') {
        report(p, 'a button needs a custom_id (or a url for link buttons)');
      }
      if (!label && !c.emoji) report(p, 'a button needs a label or an emoji');
    }
    if (c.type === ComponentType.StringSelect && arr(c.options).length > LIMITS.selectOptions) {
      report(`${p}.options`, `${arr(c.options).length} select options; Discord allows ${LIMITS.selectOptions}`);
    }
    if (c.type === ComponentType.MediaGallery && arr(c.items).length > LIMITS.galleryItems) {
      report(`${p}.items`, `${arr(c.items).length} media gallery items; Discord allows ${LIMITS.galleryItems}`);
    }
    if (c.type === ComponentType.TextDisplay) text += str(c.content).length;
  }
  if (text > LIMITS.componentText) report(`${at}components`, `text displays hold ${text} characters in all; Discord allows ${LIMITS.componentText}`);

  for (const ref of mediaReferences(msg.components)) {
    const p = `${at}${ref.path}`;
    if (!ref.url.startsWith(ATTACHMENT_SCHEME)) {
      if (ref.type === ComponentType.File) report(p, `a file component takes only ${ATTACHMENT_SCHEME}<filename> references, not ${ref.url}`, 'schema');
      continue;
    }
    const name = ref.url.slice(ATTACHMENT_SCHEME.length);
    if (!ctx.fileNames.has(name)) {
      const known = [...ctx.fileNames];
      report(p, `${ref.url} names no file of this message (${known.length ? `files: ${known.join(', ')}` : 'it has no files'})`);
    }
  }
}

interface ZodNode {
  _zod: { def: { type: string; shape?: Record<string, ZodNode>; element?: ZodNode; options?: ZodNode[]; innerType?: ZodNode; getter?: () => ZodNode; in?: ZodNode } };
  safeParse(v: unknown): { success: boolean };
}

/** The schema under optional/nullable/lazy/pipe wrappers. */
function unwrap(schema: ZodNode): ZodNode {
  let s = schema;
  for (let k = 0; k < 20; k++) {
    const d = s._zod.def;
    const next = d.type === 'lazy' ? d.getter?.() : d.type === 'pipe' ? d.in : d.innerType;
    if (!next) return s;
    s = next;
  }
  return s;
}

/**
 * Fields the schema does not know, in the component tree (a misspelt field would be dropped
 * silently; the bot should hear of it). The rest of a body is left alone: discord.js adds
 * fields of its own there (tts, nonce…).
 */
function unknownComponentFields(value: unknown, schema: ZodNode, path: string, report: Report): void {
  const s = unwrap(schema);
  const d = s._zod.def;
  if (d.type === 'union' && d.options) {
    // The option the value matches; failing that (it broke a limit), the one of its component type.
    const fit =
      d.options.find((o) => o.safeParse(value).success) ??
      d.options.find((o) => isObj(value) && unwrap(o)._zod.def.shape?.type?.safeParse(value.type).success === true);
    if (fit) unknownComponentFields(value, fit, path, report);
  } else if (d.type === 'array' && d.element && Array.isArray(value)) {
    value.forEach((v, i) => unknownComponentFields(v, d.element as ZodNode, `${path}[${i}]`, report));
  } else if (d.type === 'object' && d.shape && isObj(value)) {
    const inComponents = /(^|\.)components\b/.test(path);
    for (const [key, v] of Object.entries(value)) {
      const field = d.shape[key];
      const at = path ? `${path}.${key}` : key;
      if (!field) {
        if (inComponents) report(at, `unknown field "${key}"${typeof value.type === 'number' ? ` in a ${componentName(value.type)}` : ''}`, 'schema');
        continue;
      }
      unknownComponentFields(v, field, at, report);
    }
  }
}

function checkCommand(cmd: unknown, at: string, report: Report): void {
  if (!isObj(cmd)) return;
  const name = str(cmd.name);
  const type = cmd.type ?? 1;
  if (type === 1 && !/^[-_'\p{L}\p{N}]{1,32}$/u.test(name)) report(`${at}.name`, `command name "${name}" is not a valid slash command name`);
  if (type === 1 && name !== name.toLowerCase()) report(`${at}.name`, `command name "${name}" must be lower case`);
  const checkOptions = (opts: unknown, p: string): void => {
    const list = arr(opts);
    if (list.length > LIMITS.commandOptions) report(p, `${list.length} options; Discord allows ${LIMITS.commandOptions}`);
    let sawOptional = false;
    list.forEach((o, i) => {
      if (!isObj(o)) return;
      const op = `${p}[${i}]`;
      const oname = str(o.name);
      if (!/^[-_'\p{L}\p{N}]{1,32}$/u.test(oname) || oname !== oname.toLowerCase()) report(`${op}.name`, `option name "${oname}" is not valid`);
      const desc = str(o.description);
      if (desc.length < 1 || desc.length > LIMITS.commandDescription) report(`${op}.description`, `option description must be 1-${LIMITS.commandDescription} characters`);
      if (o.type !== 1 && o.type !== 2) {
        if (o.required === true && sawOptional) report(op, 'required options must come before optional ones');
        if (o.required !== true) sawOptional = true;
      }
      if (arr(o.choices).length > LIMITS.choices) report(`${op}.choices`, `${arr(o.choices).length} choices; Discord allows ${LIMITS.choices}`);
      if (o.autocomplete === true && arr(o.choices).length > 0) report(op, 'an option cannot have both choices and autocomplete');
      checkOptions(o.options, `${op}.options`);
    });
  };
  if (type === 1) {
    const desc = str(cmd.description);
    if (desc.length < 1 || desc.length > LIMITS.commandDescription) report(`${at}.description`, `command description must be 1-${LIMITS.commandDescription} characters`);
  }
  checkOptions(cmd.options, `${at}.options`);
}

interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  errors?: SchemaIssue[][];
  maximum?: number | bigint;
  minimum?: number | bigint;
  origin?: string;
  expected?: string;
  values?: unknown[];
  format?: string;
}

/**
 * zod/mini's issues in words (it says only "Invalid input"). A component that fits no member of
 * a union is explained by the member of its own type (the one whose `type` matched).
 */
function schemaIssues(issues: SchemaIssue[], base: PropertyKey[]): { path: string; message: string }[] {
  return issues.flatMap((issue) => {
    const path = [...base, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors) {
      const ownType = issue.errors.filter((branch) => !branch.some((i) => i.path.length === 1 && i.path[0] === 'type'));
      if (ownType.length === 1) return schemaIssues(ownType[0] ?? [], path);
    }
    const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
    const message =
      issue.code === 'too_big' ? `must be at most ${String(issue.maximum)}${unit}`
      : issue.code === 'too_small' ? `must be at least ${String(issue.minimum)}${unit}`
      : issue.code === 'invalid_type' ? `expected ${issue.expected ?? 'another type'}`
      : issue.code === 'invalid_value' && issue.values ? `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`
      : issue.code === 'invalid_format' ? `not a valid ${issue.format ?? 'value'}`
      : issue.code === 'invalid_union' ? 'fits none of the shapes Discord accepts here'
      : issue.message;
    return [{ path: path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('').replace(/^\./, ''), message }];
  });
}

/** The names `attachment://` may use: the files sent (renamed by `attachments[].filename`) and those an edit keeps. */
function fileNamesOf(msg: Json, files: UploadedFileInfo[], existing: ExistingMessage | undefined): Set<string> {
  const listed = Array.isArray(msg.attachments) ? msg.attachments.filter(isObj) : null;
  const byId = new Map((listed ?? []).map((a) => [String(a.id), a]));
  const names = new Set<string>();
  files.forEach((f, i) => {
    const meta = byId.get(String(f.index ?? i));
    names.add(typeof meta?.filename === 'string' ? meta.filename : f.name);
  });
  for (const a of existing?.attachments ?? []) if (listed === null || byId.has(a.id)) names.add(a.filename);
  return names;
}

/** Returns every problem found in one request body; an empty list means Discord would accept it. */
export function validateBody(
  kind: BodyKind,
  method: string,
  route: string,
  body: unknown,
  files: UploadedFileInfo[] = [],
  existing?: ExistingMessage,
): Violation[] {
  const out: Violation[] = [];
  const report: Report = (path, message, k = 'limit') => out.push({ kind: k, method, route, path, message });

  if (kind === 'commandsOverwrite') {
    if (!Array.isArray(body)) {
      report('', 'bulk overwrite takes an array of commands', 'schema');
      return out;
    }
    body.forEach((c, i) => {
      const r = ApplicationCommandUpdateRequestSchema.safeParse(c);
      if (!r.success) for (const issue of r.error.issues) report(`[${i}].${issue.path.join('.')}`, issue.message, 'schema');
      checkCommand(c, `[${i}]`, report);
    });
    const names = body.filter(isObj).map((c) => `${String(c.type ?? 1)}:${str(c.name)}`);
    if (new Set(names).size !== names.length) report('', 'two commands of the same type share a name');
    return out;
  }

  const schema = schemaFor(kind, body);
  if (!schema) {
    report('type', `unknown interaction callback type ${JSON.stringify(isObj(body) ? body.type : body)}`, 'schema');
    return out;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    for (const { path, message } of schemaIssues(parsed.error.issues as SchemaIssue[], [])) report(path, message, 'schema');
  }
  if (!isObj(body)) return out;
  unknownComponentFields(body, schema as unknown as ZodNode, '', report);

  if (kind === 'interactionCallback') {
    const data = body.data;
    if (body.type === 8) {
      const choices = isObj(data) ? arr(data.choices) : [];
      if (choices.length > LIMITS.choices) report('data.choices', `${choices.length} autocomplete choices; Discord allows ${LIMITS.choices}`);
      choices.forEach((c, i) => {
        if (!isObj(c)) return;
        const name = str(c.name);
        if (name.length < 1 || name.length > LIMITS.choiceName) report(`data.choices[${i}].name`, `choice name must be 1-${LIMITS.choiceName} characters`);
        if (typeof c.value === 'string' && c.value.length > LIMITS.choiceValue) {
          report(`data.choices[${i}].value`, `choice value is ${c.value.length} characters; Discord allows ${LIMITS.choiceValue}`);
        }
      });
    } else if (isObj(data)) {
      checkMessage(data, 'data.', report, { fileNames: fileNamesOf(data, files, existing), existing });
    }
  } else if (kind !== 'threadFromMessage' && kind !== 'threadWithoutMessage') {
    checkMessage(body, '', report, { fileNames: fileNamesOf(body, files, existing), existing });
  }

  if (files.length > LIMITS.attachments) report('files', `${files.length} files; Discord allows ${LIMITS.attachments}`);
  files.forEach((f, i) => {
    if (f.size > LIMITS.attachmentBytes) report(`files[${i}]`, `${f.name} is ${f.size} bytes; Discord allows ${LIMITS.attachmentBytes}`);
  });
  return out;
}
