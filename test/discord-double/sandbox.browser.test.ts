// The sandbox page in real headless Chromium with the real bot (startBot on a temporary SQLite
// file): a user starts a game, a second joins, the first sees the map image and their hand —
// and the second does not. Then a move chosen from the bot's own autocomplete.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { startSandbox, type Sandbox } from './sandbox/server.ts';
import { startBot, type RunningBot } from '../../src/main.ts';
import { createLogger } from '../../src/discord/log.ts';
import { whoMustAct, type FenceState } from '../../src/games/fence/index.ts';
import { allGames } from '../../src/games/registry.ts';
import { changeableFields } from '../../src/platform/options.ts';
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ContainerBuilder,
  MediaGalleryBuilder,
  MediaGalleryItemBuilder,
  MessageFlags,
  REST,
  Routes,
  SectionBuilder,
  SeparatorBuilder,
  StringSelectMenuBuilder,
  TextDisplayBuilder,
  ThumbnailBuilder,
  type APIMessage,
} from 'discord.js';
import { makePng } from './png.ts';

const CHROMIUM = '/usr/bin/chromium';

describe('the sandbox page in headless Chromium, with the real bot', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fence-sandbox-browser-'));
  let sandbox: Sandbox;
  let bot: RunningBot;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    sandbox = await startSandbox({
      port: 0,
      databaseUrl: `file:${join(dir, 'sandbox.db')}`,
      startBot: async (o) => (bot = await startBot({ ...o, logger: createLogger({ sink: () => undefined }), seedFor: (id) => `browser-${id}` })),
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    // Nothing but the sandbox itself may be reached.
    await page.route('**/*', (route) => (route.request().url().startsWith(sandbox.url) ? route.continue() : route.abort()));
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const suggestions = () => page.locator('#suggestions');
  const input = () => page.getByLabel('slash command');

  const playAs = async (name: string): Promise<void> => {
    await page.getByLabel('user').selectOption({ label: name });
  };

  const send = async (text: string): Promise<void> => {
    await input().fill(text);
    await input().press('Enter');
    await expect.poll(() => input().inputValue()).toBe('');
  };

  /** Width of a loaded image, 0 while it is loading or broken (tsconfig has no DOM lib: typed by hand). */
  const loadedWidth = (img: Locator) => img.evaluate((e) => {
    const image = e as unknown as { complete: boolean; naturalWidth: number };
    return image.complete ? image.naturalWidth : 0;
  });

  const game = async (): Promise<{ state: FenceState; seats: { seat: number; userId: string | null }[] }> => {
    const g = await bot.bot.store.loadActiveGame(sandbox.channels[0]!.id);
    if (!g?.state) throw new Error('no running game');
    return { state: g.state as FenceState, seats: g.seats };
  };

  it('lets alice start a game, bob join, and alice see the map and her hand (bob does not)', async () => {
    await page.goto(sandbox.url);
    await page.getByText('bot connected').waitFor();
    await playAs('alice');
    // A newcomer is told the sandbox starts empty, and how to start each game.
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/starts with no games/);
    await expect.poll(() => page.locator('.empty').textContent()).toMatch(/\/fence new, \/kimbo new, \/ducks new, \/farm new/);

    // Command names, subcommands and options come from what the real bot registered.
    await input().fill('/fe');
    await suggestions().getByRole('option', { name: /^\/fence/ }).click();
    await expect.poll(() => input().inputValue()).toBe('/fence ');
    await suggestions().getByRole('option', { name: /^new —/ }).click();
    await expect.poll(() => input().inputValue()).toBe('/fence new ');
    await input().pressSequentially('auto-build:t');
    await suggestions().getByRole('option', { name: 'True' }).click();
    await expect.poll(() => input().inputValue()).toBe('/fence new auto-build:True ');
    await input().press('Enter');
    await expect.poll(() => input().inputValue()).toBe('');

    const lobby = page.locator('article', { hasText: 'is open: join in!' });
    await lobby.waitFor();
    await expect.poll(() => lobby.textContent()).toContain('the bot builds the map');

    await playAs('bob');
    await lobby.getByRole('button', { name: 'Join' }).click();
    await expect.poll(() => lobby.textContent()).toContain('2. Bob');

    await playAs('alice');
    await lobby.getByRole('button', { name: 'Start' }).click();
    const first = page.locator('article', { hasText: 'Game #1 begins!' });
    await first.waitFor();
    const map = first.locator('img[alt^="FENCE! "]');
    await expect.poll(() => loadedWidth(map), { timeout: 10_000 }).toBeGreaterThan(300);
    // The turn post names someone with a readable mention, not a raw <@id>.
    await expect.poll(() => page.locator('article').last().textContent()).toMatch(/@(Alice|Bob)/);
    expect(await page.locator('article').last().textContent()).not.toMatch(/<@\d+>/);

    await send('/fence hand');
    const hand = page.locator('article.ephemeral', { hasText: 'Your hand in game #1' });
    await hand.waitFor();
    await expect.poll(() => hand.textContent()).toContain('Only you can see this');
    // A deferred reply filled in once is not "(edited)" on Discord, nor here.
    expect(await hand.textContent()).not.toContain('(edited)');
    await expect.poll(() => loadedWidth(hand.locator('img').first()), { timeout: 10_000 }).toBeGreaterThan(100);
    await hand.scrollIntoViewIfNeeded();

    mkdirSync('test-output', { recursive: true });
    await page.screenshot({ path: 'test-output/sandbox-alice.png', fullPage: false });

    // Bob sees the game and its map, but not alice's hand.
    await playAs('bob');
    await first.waitFor();
    await expect.poll(() => loadedWidth(first.locator('img[alt^="FENCE! "]'))).toBeGreaterThan(300);
    await expect.poll(() => page.locator('article', { hasText: 'Your hand' }).count()).toBe(0);
    expect(sandbox.double.violations).toEqual([]);
  }, 60_000);

  it('plays a move picked from the bot\'s autocomplete in the option box', async () => {
    const name = async () => {
      const g = await game();
      const userId = g.seats.find((s) => s.seat === whoMustAct(g.state))?.userId;
      return sandbox.users.find((u) => u.id === userId)!.username;
    };
    // Answer the choices the game asks first (pawn starts, colours), with the buttons on the page.
    for (let k = 0; k < 10 && (await game()).state.pending; k++) {
      const version = (await bot.bot.store.loadActiveGame(sandbox.channels[0]!.id))?.record.version;
      await playAs(await name());
      await page.locator('article').last().getByRole('button').first().click();
      await expect.poll(async () => (await bot.bot.store.loadActiveGame(sandbox.channels[0]!.id))?.record.version).not.toBe(version);
    }
    expect((await game()).state.phase).toBe('main');
    const mover = await name();
    await playAs(mover);
    await input().fill('/fence move move:');
    const offered = suggestions().getByRole('option');
    await expect.poll(() => offered.count()).toBeGreaterThan(0);
    const label = (await offered.first().textContent()) ?? '';
    expect(label).toMatch(/→/);
    await offered.first().click();
    // The box shows the suggestion's label, as Discord's client does, not the value it sends.
    await expect.poll(() => input().inputValue()).toBe(`/fence move move:${label} `);
    await input().press('Enter');
    await page.locator('article.ephemeral', { hasText: `Done: ${label}` }).waitFor();
    await page.screenshot({ path: 'test-output/sandbox-move.png' });
    // At a phone's width the header wraps instead of overflowing, and the page does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate("({ header: document.querySelector('header').scrollWidth - document.querySelector('header').clientWidth, page: document.documentElement.scrollWidth - window.innerWidth })");
    expect(overflow).toEqual({ header: 0, page: 0 });
    await page.locator('article img').last().scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-output/sandbox-phone.png' });
    await page.setViewportSize({ width: 1100, height: 900 });
    // The autocomplete went through Discord's round trip: type 4 interactions answered with type 8.
    expect(sandbox.double.interactions.all().filter((i) => i.kind === 'autocomplete' && i.callbackType === 8).length).toBeGreaterThan(0);
  }, 60_000);

  /** At a phone's width nothing may make the page scroll sideways. */
  const sideways = () => page.evaluate('document.documentElement.scrollWidth - window.innerWidth');

  it('sets every lobby option of every game from the Options menus, at a phone\'s width', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(sandbox.url);
    await page.getByText('bot connected').waitFor();
    await playAs('alice');
    await page.getByLabel('channel').selectOption({ label: '#general' });
    let set = 0;
    for (const game of allGames()) {
      await send(`/${game.id} new`);
      const lobby = page.locator('article', { hasText: 'is open: join in!' }).last();
      await lobby.waitFor();
      const number = /game #(\d+) is open/.exec((await lobby.textContent()) ?? '')?.[1];
      const optionsLine = async () => /Options: (.*)/.exec((await lobby.textContent()) ?? '')?.[1] ?? '';
      const before = await optionsLine();
      await lobby.getByRole('button', { name: 'Options' }).click();
      const menu = page.locator('article.ephemeral', { hasText: `Options of game #${number} ` });
      await menu.waitFor();
      // With several pages the first menu picks the page (it has no placeholder of its own).
      const pageMenu = menu.getByRole('button', { name: 'Make a selection' });
      const pages = (await pageMenu.count()) ? await (async () => {
        await pageMenu.click();
        const n = await menu.getByRole('option').count();
        await pageMenu.click();
        return n;
      })() : 1;
      for (let p = 0; p < pages; p++) {
        if (p > 0) {
          await pageMenu.click();
          const title = (await menu.getByRole('option').nth(p).locator('.option-label').textContent()) ?? '';
          await menu.getByRole('option').nth(p).click();
          await expect.poll(() => pageMenu.textContent()).toContain(title);
        }
        const optionMenus = menu.locator('.select-toggle:not([aria-label="Make a selection"])');
        const n = await optionMenus.count();
        for (let k = 0; k < n; k++) {
          const toggle = optionMenus.nth(k);
          const was = (await toggle.textContent()) ?? '';
          await toggle.click();
          // The bot marks the current value as the menu's default: pick another one.
          const other = menu.getByRole('option', { selected: false }).first();
          const label = (await other.locator('.option-label').textContent()) ?? '';
          await other.click();
          await expect.poll(() => optionMenus.nth(k).textContent(), { message: `${game.id}: ${was} → ${label}` }).toContain(label);
          set++;
        }
      }
      await expect.poll(optionsLine).not.toBe(before);
      expect(await sideways()).toBe(0);
      if (game.id === 'fence') {
        await lobby.scrollIntoViewIfNeeded();
        await page.screenshot({ path: 'test-output/sandbox-options-phone.png' });
      }
      await send(`/${game.id} abort`);
      await page.locator('article.ephemeral', { hasText: 'for everyone?' }).last().getByRole('button', { name: 'Abort the game' }).click();
      await expect.poll(() => bot.bot.store.loadActiveGame(sandbox.channels[1]!.id)).toBeFalsy();
    }
    // Every option each game lets a lobby change was changed from the page.
    expect(set).toBe(allGames().reduce((n, g) => n + changeableFields(g.options).length, 0));
    expect(sandbox.double.violations).toEqual([]);
  }, 240_000);

  it('draws a Components V2 post (container, gallery with alt text, section, separator, buttons, menu) and sends its presses and picks', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(sandbox.url);
    await page.getByText('bot connected').waitFor();
    await playAs('bob');
    await page.getByLabel('channel').selectOption({ label: '#general' });
    const channel = sandbox.channels[1]!;
    const rest = new REST({ api: sandbox.double.apiUrl, retries: 0 }).setToken(sandbox.double.token);
    const post = new ContainerBuilder()
      .setAccentColor(0xe67e22)
      .addTextDisplayComponents(new TextDisplayBuilder().setContent(`## Turn 4\n**Alice** placed a fence. <@${sandbox.users[1]!.id}>, your move.\n-# 3 fences left`))
      .addMediaGalleryComponents(new MediaGalleryBuilder().addItems(
        new MediaGalleryItemBuilder().setURL('attachment://board.png').setDescription('The board: piece 1 on A1, piece 2 on C3'),
        new MediaGalleryItemBuilder().setURL('attachment://hand.png').setDescription('Your hand: three tiles'),
      ))
      .addSeparatorComponents(new SeparatorBuilder())
      .addSectionComponents(new SectionBuilder().addTextDisplayComponents(new TextDisplayBuilder().setContent('Your pawn')).setThumbnailAccessory(new ThumbnailBuilder().setURL('attachment://hand.png').setDescription('your pawn')))
      .addSectionComponents(new SectionBuilder().addTextDisplayComponents(new TextDisplayBuilder().setContent('Give up the game?')).setButtonAccessory(new ButtonBuilder().setCustomId('v2:resign').setLabel('Resign').setStyle(ButtonStyle.Danger)))
      .addActionRowComponents(new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId('v2:a').setLabel('A · piece 1').setStyle(ButtonStyle.Primary),
        new ButtonBuilder().setCustomId('v2:b').setLabel('B · piece 2').setStyle(ButtonStyle.Secondary),
      ))
      .addActionRowComponents(new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
        new StringSelectMenuBuilder().setCustomId('v2:where').setPlaceholder('Where to?').addOptions({ label: 'A1', value: 'a1' }, { label: 'B2', value: 'b2', description: 'closes a pen' }),
      ));
    const sent = (await rest.post(Routes.channelMessages(channel.id), {
      body: { flags: MessageFlags.IsComponentsV2, components: [post.toJSON()], attachments: [{ id: '0', description: 'board' }, { id: '1', description: 'hand' }] },
      files: [
        { name: 'board.png', data: makePng(360, 240, (x, y) => [40 + (x % 40), 90 + (y % 60), 50]) },
        { name: 'hand.png', data: makePng(120, 120, (x) => [200, 60 + x, 60]) },
      ],
    })) as APIMessage;
    const article = page.locator(`article[data-id="${sent.id}"]`);
    await article.waitFor();
    // The container with its accent, the text as Discord's markdown, the mention readable.
    const accent = await article.locator('.container').evaluate((e) => (globalThis as unknown as { getComputedStyle(x: unknown): { borderLeftColor: string } }).getComputedStyle(e).borderLeftColor);
    expect(accent).toBe('rgb(230, 126, 34)');
    await expect.poll(() => article.locator('h4').textContent()).toBe('Turn 4');
    expect(await article.locator('.text-display').first().textContent()).toContain('@Bob, your move.');
    // The gallery's pictures with their alt text, loaded from the files sent with the post.
    await expect.poll(() => loadedWidth(article.getByAltText('The board: piece 1 on A1, piece 2 on C3'))).toBe(360);
    await expect.poll(() => loadedWidth(article.locator('.gallery').getByAltText('Your hand: three tiles'))).toBe(120);
    await expect.poll(() => loadedWidth(article.locator('.thumbnail'))).toBe(120);
    expect(await article.locator('.separator.divider').count()).toBe(1);
    expect(await sideways()).toBe(0);
    await article.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-output/sandbox-v2-phone.png' });

    // A press reaches the bot as Discord sends it: the button's custom_id, from this message.
    const interactionFor = (customId: string) => sandbox.double.interactions.all().find((i) => i.customId === customId);
    await article.getByRole('button', { name: 'B · piece 2' }).click();
    await expect.poll(() => interactionFor('v2:b')?.callbackType ?? null).not.toBeNull();
    expect(interactionFor('v2:b')).toMatchObject({ kind: 'component', userId: sandbox.users[1]!.id, sourceMessageId: sent.id });
    await article.getByRole('button', { name: 'Resign' }).click();
    await expect.poll(() => interactionFor('v2:resign')?.callbackType ?? null).not.toBeNull();
    // The bot does not know these buttons and says so, to the presser only.
    await page.locator('article.ephemeral', { hasText: 'no longer does anything' }).first().waitFor();
    // A pick sends the values chosen.
    await article.getByRole('button', { name: 'Where to?' }).click();
    await article.getByRole('option', { name: /B2/ }).click();
    await expect.poll(() => interactionFor('v2:where')?.callbackType ?? null).not.toBeNull();
    expect(interactionFor('v2:where')).toMatchObject({ sourceMessageId: sent.id, values: ['b2'] });
    expect(sandbox.double.requests.some((r) => r.route === 'POST /interactions/:interaction/:token/callback' && r.status === 204)).toBe(true);
    expect(sandbox.double.violations).toEqual([]);
    await page.setViewportSize({ width: 1100, height: 900 });
  }, 60_000);

  it('reports a command the bot does not know instead of failing silently', async () => {
    await input().fill('/nope');
    await input().press('Enter');
    await page.getByRole('alert').getByText('unknown command /nope').waitFor();
  });
});
