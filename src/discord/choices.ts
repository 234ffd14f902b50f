/**
 * A seat's choice (src/platform/choices.ts) in Discord: a level as buttons, five to a row, or as
 * select menus when it has many options; its words (what each option does) as text; its picture
 * (each option's label drawn where it is). The first level rides on the turn post; pressing an
 * option that opens a level shows that level to the presser alone (a new private message from a
 * turn post, or their private message replaced). Leaves are `pick` buttons (ids.ts's choiceId):
 * a press answers only the seats it was offered to, at a version offered.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, StringSelectMenuBuilder, type AttachmentBuilder } from 'discord.js';
import { choiceOfButtons, follow, isLeaf, MAX_BUTTONS, type Choice, type ChoiceOption } from '../platform/choices.ts';
import type { AnyGame, Picture } from '../platform/game.ts';
import { choiceId, tapId, tapMenuId, type ChoicePath } from './ids.ts';
import { COMPONENTS_MAX, type Row } from './v2.ts';

export type Level = Choice<unknown, Picture>;
type Option = ChoiceOption<unknown, Picture>;

/** A level's place in its tree: the options pressed to reach it (label, and place in its level). */
export type Path = readonly { label: string; index: number }[];

/** What `seat` chooses now, as a tree: the game's own, or its prompt's buttons as one level of verbs. */
export function choiceFor(def: AnyGame, state: unknown, seat: number): Level {
  const prompt = def.words.prompt(state, seat);
  return prompt.choice ?? choiceOfButtons(prompt.text, prompt.buttons);
}

/** The level a path reaches (labels, or places at the version offered), with its path; a leaf's action; or null. */
export function reach(root: Level, path: ChoicePath): { level: Level; path: Path } | { action: unknown; option: Option; path: Path } | null {
  const labels: string[] = [];
  const steps: { label: string; index: number }[] = [];
  let level = root;
  const parts = 'labels' in path ? path.labels : path.places;
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k]!;
    const index = typeof part === 'number' ? part : level.options.findIndex((o) => o.label === part);
    const option = level.options[index];
    if (!option) return null;
    labels.push(option.label);
    steps.push({ label: option.label, index });
    if (isLeaf(option)) return k === parts.length - 1 ? { action: option.action, option, path: steps } : null;
    const next = follow(level, [option.label]);
    if (!next || !('level' in next)) return null;
    level = next.level;
  }
  return { level, path: steps };
}

/** A level offered to `seats` (several when they may all answer it alike), reached by `path`. */
export interface LevelOffer {
  seats: readonly number[];
  level: Level;
  path: Path;
}

const STYLES = { primary: ButtonStyle.Primary, secondary: ButtonStyle.Secondary, success: ButtonStyle.Success, danger: ButtonStyle.Danger } as const;

/** One option as offered: the seats it is for, and its place in its level. */
interface Offered {
  option: Option;
  seats: number[];
  path: Path;
}

/**
 * The rows of one or more seats' levels: options with the same meaning (one action, or one
 * label that opens a level) are one button naming every seat it is offered to. Up to
 * MAX_BUTTONS options are buttons, where they fit in `room` components (a row counts itself
 * and its buttons); more are select menus of 25 (each option's label and words).
 */
export function levelRows(def: AnyGame, gameId: number, version: number, offers: readonly LevelOffer[], room = COMPONENTS_MAX): Row[] {
  const merged = new Map<string, Offered>();
  for (const { seats, level, path } of offers) {
    level.options.forEach((option, index) => {
      const key = isLeaf(option) ? `=${def.encode(option.action)}` : `>${[...path.map((p) => p.label), option.label].join('/')}`;
      const same = merged.get(key);
      if (same) same.seats.push(...seats.filter((s) => !same.seats.includes(s)));
      else merged.set(key, { option, seats: [...seats], path: [...path, { label: option.label, index }] });
    });
  }
  const all = [...merged.values()];
  if (all.length <= MAX_BUTTONS && all.length + Math.ceil(all.length / 5) <= room) {
    const rows: Row[] = [];
    for (let i = 0; i < all.length; i += 5) {
      rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(all.slice(i, i + 5).map((o) => optionButton(def, gameId, version, o))));
    }
    return rows;
  }
  // Menus: one per 25 options, for the seats of the first option (a level this large is one seat's).
  const seats = all[0]!.seats;
  const path = all[0]!.path.slice(0, -1);
  const rows: Row[] = [];
  for (let i = 0, n = 0; i < all.length; i += 25, n++) {
    const part = all.slice(i, i + 25);
    const first = part[0]!.option.label;
    const last = part[part.length - 1]!.option.label;
    const menu = new StringSelectMenuBuilder()
      .setCustomId(tapMenuId(gameId, version, seats, n, path))
      .setPlaceholder(all.length > 25 ? `${first} … ${last}`.slice(0, 150) : 'Choose…')
      .addOptions(part.map((o) => ({
        label: o.option.label.slice(0, 100),
        value: isLeaf(o.option) ? `=${def.encode(o.option.action)}` : `>${o.option.label}`.slice(0, 100),
        ...(o.option.says ? { description: o.option.says.slice(0, 100) } : {}),
      })));
    rows.push(new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu));
  }
  return rows;
}

function optionButton(def: AnyGame, gameId: number, version: number, o: Offered): ButtonBuilder {
  const id = isLeaf(o.option) ? choiceId(gameId, version, o.seats, def.encode(o.option.action)) : tapId(gameId, version, o.seats, o.path);
  return new ButtonBuilder().setCustomId(id).setLabel(o.option.label.slice(0, 80)).setStyle(STYLES[o.option.style ?? 'primary']);
}

/** A Back button to the level above `path` (none on a first level). */
export function backRow(gameId: number, version: number, seat: number, path: Path): Row[] {
  if (path.length === 0) return [];
  return [new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(tapId(gameId, version, [seat], path.slice(0, -1))).setLabel('◀ Back').setStyle(ButtonStyle.Secondary),
  )];
}

/** A level's question, as it heads the level. */
export const levelQuestion = (level: Level): string => (level.question ? `**${capital(level.question)}**` : '');

/** What a level's options do: each one's label and words (verbs without words are left out). */
export function levelText(level: Level): string {
  return level.options.filter((o) => o.says).map((o) => `**${o.label}** · ${o.says}`).join('\n');
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A level shown to the presser: its question (or `head`, which says it), its picture (drawn by
 * `draw`), what its options do, its buttons or menus, and Back. `reserved`: components the
 * message carries besides (an Undo row).
 */
export async function levelPayload(
  def: AnyGame, gameId: number, version: number, seat: number, level: Level, path: Path,
  draw: (p: Picture) => Promise<AttachmentBuilder>, head?: string, reserved = 0,
): Promise<{ content: string; files: AttachmentBuilder[]; below: string; components: Row[]; v2: true }> {
  const files = level.picture ? [await draw(level.picture)] : [];
  const back = backRow(gameId, version, seat, path);
  // Three texts and a gallery at most around the rows: the head, the picture, the options' words.
  const room = COMPONENTS_MAX - 3 - 2 * back.length - reserved;
  const rows = [...levelRows(def, gameId, version, [{ seats: [seat], level, path }], room), ...back];
  return { content: head ?? levelQuestion(level), files, below: levelText(level), components: rows, v2: true };
}
