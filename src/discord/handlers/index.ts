/**
 * Every command, button and menu of the bot, by name: the loader the router and the command
 * definitions (commands/) read. A built-in subcommand is one object in its handler file; this
 * file only lists them, in the order Discord shows them.
 */
import type { AnyGame } from '../../platform/game.ts';
import type { ComponentHandler, GameCommand, ServerCommand } from '../command.ts';
import type { ButtonVerb } from '../ids.ts';
import { abortCommand, adminComponents, kickCommand, resignCommand } from './admin.ts';
import { chooseCommand, choicesComponents } from './choices.ts';
import { listCommand } from './games.ts';
import { handCommand, handComponents } from './hand.ts';
import { healthCommand } from './health.ts';
import { historyCommand, helpCommand, mapCommand, rulesCommand, statusCommand } from './info.ts';
import { addbotCommand, lobbyComponents, newCommand, startCommand } from './lobby.ts';
import { meCommand } from './me.ts';
import { mineCommand } from './mine.ts';
import { pauseCommand, pauseComponents } from './pause.ts';
import { moveCommands, playComponents } from './play.ts';
import { rematchComponents } from './rematch.ts';
import { exportCommand, replayComponents } from './replay.ts';
import { gameSettingsCommand, serverSettingsCommand } from './settings.ts';
import { leaderboardCommand, statsCommand } from './stats.ts';
import { undoCommand, undoComponents } from './undo.ts';

/** The command about the server rather than one game. */
export const SERVER_COMMAND = 'games';

const built = new WeakMap<AnyGame, readonly GameCommand[]>();

/** Every subcommand `/<game>` answers, the game's moves among the platform's own. */
function allGameCommands(def: AnyGame): readonly GameCommand[] {
  let list = built.get(def);
  if (!list) {
    list = [
      newCommand, startCommand, addbotCommand,
      ...moveCommands(def),
      undoCommand, handCommand, statusCommand, mapCommand, historyCommand, rulesCommand, helpCommand,
      pauseCommand, resignCommand, abortCommand, kickCommand, gameSettingsCommand,
    ];
    built.set(def, list);
  }
  return list;
}

/** The subcommands registered for `def` (those it lacks are left out). */
export const gameCommands = (def: AnyGame): GameCommand[] => allGameCommands(def).filter((c) => !c.lacking?.(def));

/** The subcommand of `/<def.id>` called `name`, lacking or not (a forged call of a lacking one is told why). */
export const gameCommand = (def: AnyGame, name: string): GameCommand | undefined => allGameCommands(def).find((c) => c.name === name);

/** `/games`: the server's games and settings, and the bot's health. */
export const serverCommands: readonly ServerCommand[] = [listCommand, mineCommand, chooseCommand, meCommand, statsCommand, leaderboardCommand, exportCommand, serverSettingsCommand, healthCommand];

/** What each button and menu does, by the verb of its custom id: every verb has one. */
export const components: Readonly<Record<ButtonVerb, ComponentHandler>> = {
  ...lobbyComponents,
  ...handComponents,
  ...playComponents,
  ...adminComponents,
  ...undoComponents,
  ...rematchComponents,
  ...replayComponents,
  ...pauseComponents,
  ...choicesComponents,
};
