// The sandbox page in real headless Chromium, with a small demo bot standing in for the real
// one: a user starts a game, a second joins, the first sees the map image and their hand.
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  Events,
  GatewayIntentBits,
  MessageFlags,
  SlashCommandBuilder,
  type Interaction,
} from 'discord.js';
import { startSandbox, type Sandbox, type StartBot } from '../../src/cli/sandbox.ts';
import { makePng } from './png.ts';

const CHROMIUM = '/usr/bin/chromium';
const TILES = ['a-straight', 'b-corner', 'b-cross', 'c-gate'];

const fence = new SlashCommandBuilder()
  .setName('fence')
  .setDescription('Play FENCE!')
  .addSubcommand((s) => s.setName('new').setDescription('Start a game'))
  .addSubcommand((s) => s.setName('hand').setDescription('Show your hand'))
  .addSubcommand((s) =>
    s
      .setName('move')
      .setDescription('Place a tile')
      .addStringOption((o) => o.setName('tile').setDescription('Tile to place').setRequired(true).setAutocomplete(true)),
  );

/** Plays the part of the FENCE! bot through the same seam the real one will use. */
const startDemoBot: StartBot = async ({ discordApiUrl, token }) => {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: discordApiUrl } });
  const handle = async (i: Interaction): Promise<void> => {
    if (i.isAutocomplete()) {
      const typed = i.options.getFocused();
      await i.respond(TILES.filter((t) => t.startsWith(typed)).map((t) => ({ name: `tile ${t}`, value: t })));
    } else if (i.isButton() && i.customId === 'join') {
      await i.reply(`${i.user.username} joined the game`);
    } else if (i.isChatInputCommand() && i.commandName === 'fence') {
      const sub = i.options.getSubcommand();
      if (sub === 'new') {
        const map = makePng(240, 160, (x, y) => ((Math.floor(x / 40) + Math.floor(y / 40)) % 2 ? [46, 125, 50] : [139, 195, 74]));
        const row = new ActionRowBuilder<ButtonBuilder>().addComponents(new ButtonBuilder().setCustomId('join').setLabel('Join').setStyle(ButtonStyle.Success));
        await i.reply({
          content: `${i.user.username} started a game of FENCE!`,
          files: [new AttachmentBuilder(map, { name: 'map.png', description: 'The board' })],
          components: [row],
        });
      } else if (sub === 'hand') {
        await i.reply({ content: 'Your hand: a-straight, b-corner, c-gate', flags: MessageFlags.Ephemeral });
      } else {
        await i.reply(`${i.user.username} placed ${i.options.getString('tile', true)}`);
      }
    }
  };
  client.on(Events.InteractionCreate, (i) => void handle(i).catch(() => undefined));
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(token);
  await ready;
  await client.application?.commands.set([fence.toJSON()]);
  return { stop: () => client.destroy() };
};

describe('the sandbox page in headless Chromium', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, startBot: startDemoBot });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    // Nothing but the sandbox itself may be reached.
    await page.route('**/*', (route) => (route.request().url().startsWith(sandbox.url) ? route.continue() : route.abort()));
  });

  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
  });

  const suggestions = () => page.locator('#suggestions');

  const playAs = async (name: string): Promise<void> => {
    await page.getByLabel('user').selectOption({ label: name });
  };

  const send = async (text: string): Promise<void> => {
    const input = page.getByLabel('slash command');
    await input.fill(text);
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('');
  };

  it('lets alice start a game, bob join, and alice see the map and her hand', async () => {
    await page.goto(sandbox.url);
    await page.getByText('bot connected').waitFor();
    await playAs('alice');

    // Command names and subcommands come from what the bot registered.
    const input = page.getByLabel('slash command');
    await input.fill('/fe');
    await suggestions().getByRole('option', { name: /\/fence/ }).click();
    await expect.poll(() => input.inputValue()).toBe('/fence ');
    await suggestions().getByRole('option', { name: /^new/ }).click();
    await input.press('Enter');

    const game = page.locator('article', { hasText: 'alice started a game of FENCE!' });
    await game.waitFor();
    const map = game.locator('img[alt="The board"]');
    await expect.poll(() => map.evaluate((img) => {
      // tsconfig has no DOM lib: the element is typed by hand.
      const image = img as unknown as { complete: boolean; naturalWidth: number };
      return image.complete && image.naturalWidth;
    })).toBe(240);

    await playAs('bob');
    await game.getByRole('button', { name: 'Join' }).click();
    await page.locator('article', { hasText: 'bob joined the game' }).waitFor();

    await playAs('alice');
    await send('/fence hand');
    const hand = page.locator('article.ephemeral', { hasText: 'Your hand: a-straight, b-corner, c-gate' });
    await hand.waitFor();
    await expect.poll(() => hand.textContent()).toContain('Only you can see this');
    await expect.poll(() => page.locator('article', { hasText: 'bob joined the game' }).count()).toBe(1);
    expect(await map.isVisible()).toBe(true);

    await mkdir('test-output', { recursive: true });
    await page.screenshot({ path: 'test-output/sandbox-alice.png', fullPage: true });

    // Bob sees the game but not alice's hand.
    await playAs('bob');
    await page.locator('article', { hasText: 'bob joined the game' }).waitFor();
    await expect.poll(() => page.locator('article', { hasText: 'Your hand' }).count()).toBe(0);
    expect(sandbox.double.violations).toEqual([]);
  });

  it('fills the option box with autocomplete choices from the bot', async () => {
    await playAs('carol');
    const input = page.getByLabel('slash command');
    await input.fill('/fence move tile:b');
    await expect.poll(() => suggestions().getByRole('option').allTextContents()).toEqual(['tile b-corner', 'tile b-cross']);
    await suggestions().getByRole('option', { name: 'tile b-cross' }).click();
    await expect.poll(() => input.inputValue()).toBe('/fence move tile:b-cross ');
    await input.press('Enter');
    await page.locator('article', { hasText: 'carol placed b-cross' }).waitFor();
    // The autocomplete went through Discord's round trip: type 4 interactions answered with type 8.
    expect(sandbox.double.interactions.all().filter((i) => i.kind === 'autocomplete' && i.callbackType === 8).length).toBeGreaterThan(0);
  });

  it('reports a command the bot does not know instead of failing silently', async () => {
    const input = page.getByLabel('slash command');
    await input.fill('/nope');
    await input.press('Enter');
    await page.getByRole('alert').getByText('unknown command /nope').waitFor();
  });
});
