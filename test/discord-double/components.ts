// Message components as Discord lays them out: which type may sit where, classic (action rows
// only) and Components V2 (IS_COMPONENTS_V2: containers, sections, text displays, galleries…),
// and the walk over a message's component tree that the validator, the log and the sandbox share.
// Placement and limits follow Discord's component reference (docs/components/reference).
import { ComponentType, MessageFlags } from 'discord.js';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export const isComponentsV2 = (flags: unknown): boolean => typeof flags === 'number' && (flags & MessageFlags.IsComponentsV2) !== 0;

/** Discord's names for the component types a message may hold (4, text input, is for modals). */
export const COMPONENT_NAMES: Record<number, string> = {
  [ComponentType.ActionRow]: 'action row',
  [ComponentType.Button]: 'button',
  [ComponentType.StringSelect]: 'string select',
  [ComponentType.TextInput]: 'text input',
  [ComponentType.UserSelect]: 'user select',
  [ComponentType.RoleSelect]: 'role select',
  [ComponentType.MentionableSelect]: 'mentionable select',
  [ComponentType.ChannelSelect]: 'channel select',
  [ComponentType.Section]: 'section',
  [ComponentType.TextDisplay]: 'text display',
  [ComponentType.Thumbnail]: 'thumbnail',
  [ComponentType.MediaGallery]: 'media gallery',
  [ComponentType.File]: 'file',
  [ComponentType.Separator]: 'separator',
  [ComponentType.Container]: 'container',
};

export const componentName = (type: unknown): string => (typeof type === 'number' ? (COMPONENT_NAMES[type] ?? `type ${type}`) : 'a component without a type');

const SELECTS: readonly number[] = [ComponentType.StringSelect, ComponentType.UserSelect, ComponentType.RoleSelect, ComponentType.MentionableSelect, ComponentType.ChannelSelect];
export const isSelect = (type: unknown): boolean => typeof type === 'number' && SELECTS.includes(type);

/** Where each component may be placed: the types a slot accepts. */
export const PLACEMENT = {
  /** A message without the flag: action rows only. */
  classicTopLevel: [ComponentType.ActionRow],
  v2TopLevel: [
    ComponentType.ActionRow,
    ComponentType.Section,
    ComponentType.TextDisplay,
    ComponentType.MediaGallery,
    ComponentType.File,
    ComponentType.Separator,
    ComponentType.Container,
  ],
  container: [ComponentType.ActionRow, ComponentType.Section, ComponentType.TextDisplay, ComponentType.MediaGallery, ComponentType.File, ComponentType.Separator],
  actionRow: [ComponentType.Button, ...SELECTS],
  sectionText: [ComponentType.TextDisplay],
  sectionAccessory: [ComponentType.Button, ComponentType.Thumbnail],
} as const satisfies Record<string, readonly number[]>;

export type Slot = keyof typeof PLACEMENT;

export interface Visit {
  component: Json;
  /** e.g. `components[0].components[2].accessory` */
  path: string;
  /** The slot the component sits in. */
  slot: Slot;
}

/**
 * Every component of a message, depth first in reading order, with where it sits: action row
 * children, container children, a section's texts and its accessory. Media gallery items and
 * select options are parts of their component, not components.
 */
export function walkComponents(components: unknown, v2: boolean, at = 'components'): Visit[] {
  const out: Visit[] = [];
  const visit = (c: unknown, path: string, slot: Slot): void => {
    if (!isObj(c)) return;
    out.push({ component: c, path, slot });
    switch (c.type) {
      case ComponentType.ActionRow:
        arr(c.components).forEach((x, i) => visit(x, `${path}.components[${i}]`, 'actionRow'));
        break;
      case ComponentType.Container:
        arr(c.components).forEach((x, i) => visit(x, `${path}.components[${i}]`, 'container'));
        break;
      case ComponentType.Section:
        arr(c.components).forEach((x, i) => visit(x, `${path}.components[${i}]`, 'sectionText'));
        visit(c.accessory, `${path}.accessory`, 'sectionAccessory');
        break;
    }
  };
  arr(components).forEach((c, i) => visit(c, `${at}[${i}]`, v2 ? 'v2TopLevel' : 'classicTopLevel'));
  return out;
}

/** The text a V2 message shows: its text displays in reading order (mentions in them ping, as in `content`). */
export function textOfComponents(components: unknown): string {
  return walkComponents(components, true)
    .filter((v) => v.component.type === ComponentType.TextDisplay && typeof v.component.content === 'string')
    .map((v) => v.component.content as string)
    .join('\n');
}

/** The `attachment://name` references of media components: gallery items, thumbnails and files. */
export function mediaReferences(components: unknown): { url: string; path: string; type: number }[] {
  const out: { url: string; path: string; type: number }[] = [];
  for (const { component: c, path } of walkComponents(components, true)) {
    if (c.type === ComponentType.MediaGallery) {
      arr(c.items).forEach((item, i) => {
        if (isObj(item) && isObj(item.media) && typeof item.media.url === 'string') out.push({ url: item.media.url, path: `${path}.items[${i}].media.url`, type: ComponentType.MediaGallery });
      });
    } else if (c.type === ComponentType.Thumbnail && isObj(c.media) && typeof c.media.url === 'string') {
      out.push({ url: c.media.url, path: `${path}.media.url`, type: ComponentType.Thumbnail });
    } else if (c.type === ComponentType.File && isObj(c.file) && typeof c.file.url === 'string') {
      out.push({ url: c.file.url, path: `${path}.file.url`, type: ComponentType.File });
    }
  }
  return out;
}

export const ATTACHMENT_SCHEME = 'attachment://';
