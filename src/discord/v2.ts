/**
 * Components V2 messages (the IS_COMPONENTS_V2 flag): one message carries text, pictures and
 * choices in the order they are read. A message is laid out from blocks (a text, a gallery of
 * pictures, rows of buttons and menus) and kept within Discord's limits: 40 components in all,
 * 4,000 characters of text, 10 pictures in a gallery. Pictures are the message's own files,
 * referenced as `attachment://<name>`, their alt text the gallery item's description. Mentions in
 * a text display notify as in a classic message's content (per `allowed_mentions`).
 */
import {
  ComponentType,
  MessageFlags,
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  type APIMessageTopLevelComponent,
  type AttachmentBuilder,
  type JSONEncodable,
  type Message,
} from 'discord.js';

export const TEXT_MAX = 4000;
export const COMPONENTS_MAX = 40;
export const GALLERY_MAX = 10;

export type Row = APIActionRowComponent<APIComponentInMessageActionRow> | JSONEncodable<APIActionRowComponent<APIComponentInMessageActionRow>>;

export type Block =
  | { text: string }
  | { pictures: readonly AttachmentBuilder[] }
  | { rows: readonly Row[] };

export interface Laid {
  components: APIMessageTopLevelComponent[];
  flags: MessageFlags.IsComponentsV2;
}

const json = (r: Row): APIActionRowComponent<APIComponentInMessageActionRow> => ('toJSON' in r ? r.toJSON() : r);

/** How many components a top-level component counts for (itself and everything inside it). */
function weight(c: APIMessageTopLevelComponent): number {
  switch (c.type) {
    case ComponentType.ActionRow: return 1 + c.components.length;
    case ComponentType.Container: return 1 + c.components.reduce((n, x) => n + weight(x), 0);
    case ComponentType.Section: return 2 + c.components.length;
    default: return 1;
  }
}

/**
 * The message's components, in the blocks' order. Texts are clipped, the longest first, until
 * they fit 4,000 characters together; empty texts and galleries are left out; rows that would
 * pass 40 components are left out, the last first (a level keeps within the limit by using
 * menus: see choices.ts).
 */
export function layout(blocks: readonly Block[]): Laid {
  const texts = blocks.flatMap((b) => ('text' in b && b.text.trim() ? [b.text] : []));
  const clipped = clipTexts(texts);
  let t = 0;
  const out: APIMessageTopLevelComponent[] = [];
  for (const b of blocks) {
    if ('text' in b) {
      if (!b.text.trim()) continue;
      out.push({ type: ComponentType.TextDisplay, content: clipped[t++]! });
    } else if ('pictures' in b) {
      const items = b.pictures.slice(0, GALLERY_MAX).map((p) => ({
        media: { url: `attachment://${p.name ?? 'picture.png'}` },
        ...(p.description ? { description: p.description.slice(0, 1024) } : {}),
      }));
      if (items.length) out.push({ type: ComponentType.MediaGallery, items });
    } else {
      for (const r of b.rows) out.push(json(r));
    }
  }
  let total = out.reduce((n, c) => n + weight(c), 0);
  for (let k = out.length - 1; k >= 0 && total > COMPONENTS_MAX; k--) {
    if (out[k]!.type !== ComponentType.ActionRow) continue;
    total -= weight(out[k]!);
    out.splice(k, 1);
  }
  return { components: out, flags: MessageFlags.IsComponentsV2 };
}

function clipTexts(texts: readonly string[]): string[] {
  const out = [...texts];
  let total = out.reduce((n, s) => n + s.length, 0);
  while (total > TEXT_MAX) {
    let k = 0;
    out.forEach((s, i) => {
      if (s.length > out[k]!.length) k = i;
    });
    const over = total - TEXT_MAX;
    const s = out[k]!;
    const keep = Math.max(1, s.length - over - 1);
    out[k] = `${s.slice(0, keep)}…`;
    total -= s.length - out[k]!.length;
    if (keep === 1) break;
  }
  return out;
}

export const isV2 = (flags: number | bigint | { has(bit: number): boolean } | null | undefined): boolean => {
  if (flags === null || flags === undefined) return false;
  if (typeof flags === 'object') return flags.has(MessageFlags.IsComponentsV2);
  return (BigInt(flags) & BigInt(MessageFlags.IsComponentsV2)) !== 0n;
};

/**
 * The components of a post once its choices are over: rows of buttons and menus gone (in
 * containers too), a section's button accessory dropped with its section kept as its texts.
 */
export function withoutChoices(components: readonly APIMessageTopLevelComponent[]): APIMessageTopLevelComponent[] {
  const out: APIMessageTopLevelComponent[] = [];
  for (const c of components) {
    if (c.type === ComponentType.ActionRow) continue;
    if (c.type === ComponentType.Section) {
      if (c.accessory.type === ComponentType.Button) out.push(...c.components);
      else out.push(c);
    } else if (c.type === ComponentType.Container) {
      out.push({ ...c, components: withoutChoices(c.components) as typeof c.components });
    } else out.push(c);
  }
  return out;
}

/** The text displays of a message, in reading order. */
export function textOfComponents(components: readonly APIMessageTopLevelComponent[]): string {
  const parts: string[] = [];
  const walk = (c: APIMessageTopLevelComponent): void => {
    if (c.type === ComponentType.TextDisplay) parts.push(c.content);
    else if (c.type === ComponentType.Section) for (const t of c.components) parts.push(t.content);
    else if (c.type === ComponentType.Container) for (const x of c.components) walk(x);
  };
  for (const c of components) walk(c);
  return parts.join('\n');
}

/**
 * A posted V2 message's components as they were sent: Discord answers with its pictures' CDN
 * addresses (signed, and they expire), which go back to `attachment://<name>` so that an edit
 * keeps showing the message's own files.
 */
export function asSent(message: Pick<Message, 'components' | 'attachments'>): APIMessageTopLevelComponent[] {
  const files = [...message.attachments.values()];
  const bare = (url: string): string => url.split('?')[0]!;
  const local = (media: { url: string; attachment_id?: string }): { url: string } => {
    const file = files.find((a) => a.id === media.attachment_id || bare(a.url) === bare(media.url) || bare(a.proxyURL) === bare(media.url));
    return { url: file ? `attachment://${file.name}` : media.url };
  };
  const fix = (c: APIMessageTopLevelComponent): APIMessageTopLevelComponent => {
    switch (c.type) {
      case ComponentType.MediaGallery: return { ...c, items: c.items.map((it) => ({ ...it, media: local(it.media as { url: string; attachment_id?: string }) })) };
      case ComponentType.File: return { ...c, file: local(c.file as { url: string; attachment_id?: string }) };
      case ComponentType.Section: return c.accessory.type === ComponentType.Thumbnail ? { ...c, accessory: { ...c.accessory, media: local(c.accessory.media as { url: string; attachment_id?: string }) } } : c;
      case ComponentType.Container: return { ...c, components: c.components.map(fix) as typeof c.components };
      default: return c;
    }
  };
  return message.components.map((c) => fix(c.toJSON() as APIMessageTopLevelComponent));
}
