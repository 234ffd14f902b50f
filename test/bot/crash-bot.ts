/**
 * For crash.test.ts: the real bot in a process of its own, against the Discord double of the
 * test's process, until it is killed. Its log lines go to stdout ("bot ready" once it answers,
 * "games recovered" once start-up recovery is done).
 * Usage: node --import tsx test/bot/crash-bot.ts <Discord API url> <token> <database url>
 */
import { startBot } from '../../src/main.ts';

const [discordApiUrl, token, databaseUrl] = process.argv.slice(2);
if (!discordApiUrl || !token || !databaseUrl) throw new Error('usage: crash-bot.ts <api url> <token> <database url>');
await startBot({ discordApiUrl, token, databaseUrl, timerPollMs: 60_000 });
