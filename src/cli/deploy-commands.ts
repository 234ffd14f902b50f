// `npm run deploy-commands`: registers every game's slash command and /games with Discord — in DEV_GUILD_ID only when it is
// set (instant, for development), else globally (every server the bot is in).
import { REST, Routes } from 'discord.js';
import { commandDefinitions } from '../../commands/index.ts';
import { ConfigError, loadConfig } from '../config.ts';

try {
  const config = await loadConfig();
  // Through DISCORD_API_URL when set (a REST proxy), as the bot itself.
  const rest = new REST(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}).setToken(config.DISCORD_TOKEN);
  const body = commandDefinitions();
  const route = config.DEV_GUILD_ID
    ? Routes.applicationGuildCommands(config.DISCORD_APPLICATION_ID, config.DEV_GUILD_ID)
    : Routes.applicationCommands(config.DISCORD_APPLICATION_ID);
  const saved = (await rest.put(route, { body })) as unknown[];
  process.stdout.write(`Registered ${saved.length} command(s) ${config.DEV_GUILD_ID ? `in server ${config.DEV_GUILD_ID}` : 'globally (may take up to an hour to appear everywhere)'}.` + "\n");
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `Could not register the commands: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
