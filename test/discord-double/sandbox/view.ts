// What the sandbox page is given to draw a message's components: classic action rows and
// Components V2 alike, as one tree of plain shapes (app.js draws them). Pictures point at the
// page's own /files URLs; text has its mentions made readable, as Discord's client shows them.
import { ButtonStyle, ComponentType } from 'discord.js';
import { ATTACHMENT_SCHEME } from '../components.ts';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export interface ViewOption {
  label: string;
  value: string;
  description: string;
  default: boolean;
}

/** One component as the page draws it; `type` is Discord's component type. */
export type ViewComponent =
  | { type: ComponentType.ActionRow; components: ViewComponent[] }
  | { type: ComponentType.Button; label: string; emoji: string; customId: string | null; style: number; disabled: boolean; url: string | null }
  | { type: ComponentType.StringSelect; customId: string; placeholder: string; options: ViewOption[]; min: number; max: number; disabled: boolean }
  /** User, role, mentionable and channel menus: drawn, but the sandbox has nothing to fill them with. */
  | { type: number; customId: string; placeholder: string; disabled: true }
  | { type: ComponentType.Section; components: ViewComponent[]; accessory: ViewComponent | null }
  | { type: ComponentType.TextDisplay; text: string }
  | { type: ComponentType.Thumbnail; url: string; alt: string; spoiler: boolean }
  | { type: ComponentType.MediaGallery; items: { url: string; alt: string; spoiler: boolean }[] }
  | { type: ComponentType.File; url: string; name: string; spoiler: boolean }
  | { type: ComponentType.Separator; divider: boolean; large: boolean }
  | { type: ComponentType.Container; accent: string | null; spoiler: boolean; components: ViewComponent[] };

export interface ViewContext {
  /** A page URL for a media item's URL (`attachment://name`, or a file the double serves); '' when the page cannot show it. */
  mediaUrl(url: string): string;
  /** Content as the client shows it: mentions and timestamps in words. */
  readable(text: string): string;
}

export function viewComponents(components: unknown, ctx: ViewContext): ViewComponent[] {
  return arr(components).flatMap((c) => {
    const v = viewComponent(c, ctx);
    return v ? [v] : [];
  });
}

function viewComponent(c: unknown, ctx: ViewContext): ViewComponent | null {
  if (!isObj(c)) return null;
  const media = (m: unknown): string => (isObj(m) ? ctx.mediaUrl(str(m.url)) : '');
  switch (c.type) {
    case ComponentType.ActionRow:
      return { type: ComponentType.ActionRow, components: viewComponents(c.components, ctx) };
    case ComponentType.Button: {
      const emoji = isObj(c.emoji) ? str(c.emoji.name) : '';
      return {
        type: ComponentType.Button,
        label: str(c.label),
        emoji,
        customId: typeof c.custom_id === 'string' ? c.custom_id : null,
        style: typeof c.style === 'number' ? c.style : ButtonStyle.Primary,
        disabled: c.disabled === true,
        url: typeof c.url === 'string' ? c.url : null,
      };
    }
    case ComponentType.StringSelect:
      return {
        type: ComponentType.StringSelect,
        customId: str(c.custom_id),
        placeholder: str(c.placeholder),
        options: arr(c.options).filter(isObj).map((o) => ({ label: str(o.label), value: str(o.value), description: str(o.description), default: o.default === true })),
        min: typeof c.min_values === 'number' ? c.min_values : 1,
        max: typeof c.max_values === 'number' ? c.max_values : 1,
        disabled: c.disabled === true,
      };
    case ComponentType.UserSelect:
    case ComponentType.RoleSelect:
    case ComponentType.MentionableSelect:
    case ComponentType.ChannelSelect:
      return { type: c.type, customId: str(c.custom_id), placeholder: str(c.placeholder), disabled: true };
    case ComponentType.Section: {
      const accessory = viewComponent(c.accessory, ctx);
      return { type: ComponentType.Section, components: viewComponents(c.components, ctx), accessory };
    }
    case ComponentType.TextDisplay:
      return { type: ComponentType.TextDisplay, text: ctx.readable(str(c.content)) };
    case ComponentType.Thumbnail:
      return { type: ComponentType.Thumbnail, url: media(c.media), alt: str(c.description), spoiler: c.spoiler === true };
    case ComponentType.MediaGallery:
      return {
        type: ComponentType.MediaGallery,
        items: arr(c.items).filter(isObj).map((item) => ({ url: media(item.media), alt: str(item.description), spoiler: item.spoiler === true })),
      };
    case ComponentType.File: {
      const url = isObj(c.file) ? str(c.file.url) : '';
      const name = url.startsWith(ATTACHMENT_SCHEME) ? url.slice(ATTACHMENT_SCHEME.length) : decodeURIComponent(url.split('/').pop() ?? '');
      return { type: ComponentType.File, url: ctx.mediaUrl(url), name, spoiler: c.spoiler === true };
    }
    case ComponentType.Separator:
      return { type: ComponentType.Separator, divider: c.divider !== false, large: c.spacing === 2 };
    case ComponentType.Container:
      return {
        type: ComponentType.Container,
        accent: typeof c.accent_color === 'number' ? `#${c.accent_color.toString(16).padStart(6, '0')}` : null,
        spoiler: c.spoiler === true,
        components: viewComponents(c.components, ctx),
      };
    default:
      return null;
  }
}
