// Checks every body the bot sends against Discord's published schema and the documented limits.
// The schema (discord-api-spec) is looser than Discord in places — content up to 4,000 for
// channel messages, choice values up to 6,000 — so the documented limits are checked on top.
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

function checkMessage(msg: Json, at: string, report: Report): void {
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

  const flags = typeof msg.flags === 'number' ? msg.flags : 0;
  const componentsV2 = (flags & (1 << 15)) !== 0;
  const rows = arr(msg.components);
  if (!componentsV2 && rows.length > LIMITS.actionRows) {
    report(`${at}components`, `${rows.length} action rows; Discord allows ${LIMITS.actionRows}`);
  }
  const seen = new Set<string>();
  const walk = (c: unknown, p: string): void => {
    if (!isObj(c)) return;
    if (c.type === 1) {
      const children = arr(c.components);
      if (children.length > LIMITS.componentsPerRow) report(`${p}.components`, `${children.length} components in one row; Discord allows ${LIMITS.componentsPerRow}`);
      const hasSelect = children.some((x) => isObj(x) && typeof x.type === 'number' && x.type >= 3 && x.type <= 8 && x.type !== 4);
      if (hasSelect && children.length > 1) report(`${p}.components`, 'a select menu must be alone in its action row');
    }
    if (typeof c.custom_id === 'string') {
      if (c.custom_id.length > LIMITS.customId) report(`${p}.custom_id`, `custom_id is ${c.custom_id.length} characters; Discord allows ${LIMITS.customId}`);
      if (seen.has(c.custom_id)) report(`${p}.custom_id`, `custom_id "${c.custom_id}" is used twice in one message`);
      seen.add(c.custom_id);
    }
    if (c.type === 2) {
      const label = str(c.label);
      if (label.length > LIMITS.buttonLabel) report(`${p}.label`, `button label is ${label.length} characters; Discord allows ${LIMITS.buttonLabel}`);
      if (c.style === 5 ? typeof c.url !== 'string' : c.style !== 6 && typeof c.custom_id !== 'string') {
        report(p, 'a button needs a custom_id (or a url for link buttons)');
      }
      if (!label && !c.emoji) report(p, 'a button needs a label or an emoji');
    }
    if (c.type === 3 && arr(c.options).length > LIMITS.selectOptions) {
      report(`${p}.options`, `${arr(c.options).length} select options; Discord allows ${LIMITS.selectOptions}`);
    }
    arr(c.components).forEach((child, i) => walk(child, `${p}.components[${i}]`));
  };
  rows.forEach((r, i) => walk(r, `${at}components[${i}]`));

  arr(msg.attachments).forEach((a, i) => {
    if (!isObj(a)) return;
    const d = str(a.description);
    if (d.length > LIMITS.attachmentDescription) {
      report(`${at}attachments[${i}].description`, `attachment description is ${d.length} characters; Discord allows ${LIMITS.attachmentDescription}`);
    }
  });
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

/** Returns every problem found in one request body; an empty list means Discord would accept it. */
export function validateBody(
  kind: BodyKind,
  method: string,
  route: string,
  body: unknown,
  files: UploadedFileInfo[] = [],
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
    for (const issue of parsed.error.issues) report(issue.path.join('.'), issue.message, 'schema');
  }
  if (!isObj(body)) return out;

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
      checkMessage(data, 'data.', report);
    }
  } else if (kind !== 'threadFromMessage' && kind !== 'threadWithoutMessage') {
    checkMessage(body, '', report);
  }

  if (files.length > LIMITS.attachments) report('files', `${files.length} files; Discord allows ${LIMITS.attachments}`);
  files.forEach((f, i) => {
    if (f.size > LIMITS.attachmentBytes) report(`files[${i}]`, `${f.name} is ${f.size} bytes; Discord allows ${LIMITS.attachmentBytes}`);
  });
  return out;
}
