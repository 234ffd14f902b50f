/**
 * A game's options as slash-command options (`/<game> new`, `/<game> settings`), from its
 * options schema (src/platform/options.ts): named by their meta's `slash` (or their key in
 * kebab case), with their range or their choices.
 */
import type { SlashCommandSubcommandBuilder } from 'discord.js';
import type { AnyGame } from '../platform/game.ts';
import { optionFields, type OptionField } from '../platform/options.ts';

/** A game option as a slash option, named by its meta's `slash` (or its key in kebab case). */
export const slashName = (f: OptionField): string => f.meta.slash ?? f.key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export function addOption(s: SlashCommandSubcommandBuilder, f: OptionField): void {
  const name = slashName(f);
  const description = f.meta.description.slice(0, 100);
  if (f.type === 'boolean') s.addBooleanOption((o) => o.setName(name).setDescription(description));
  else if (f.type === 'integer') {
    s.addIntegerOption((o) => {
      o.setName(name).setDescription(description);
      if (f.min !== undefined) o.setMinValue(f.min);
      if (f.max !== undefined) o.setMaxValue(f.max);
      return o;
    });
  } else {
    s.addStringOption((o) => o.setName(name).setDescription(description).addChoices(...(f.values ?? []).slice(0, 25).map((v) => ({ name: (f.meta.labels?.[v] ?? v).slice(0, 100), value: v }))));
  }
}

/** Options of `/<game> new`: those with a `slash` name (the rest are set in the lobby's menu). */
export const newGameOptions = (game: AnyGame): OptionField[] => optionFields(game.options).filter((f) => f.meta.slash !== undefined);
/** Options an admin may save as this server's defaults. */
export const settingOptions = (game: AnyGame): OptionField[] => optionFields(game.options).filter((f) => f.meta.setting);
