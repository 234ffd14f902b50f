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
    const map = first.locator('img[alt^="FENCE! map"]');
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
    await expect.poll(() => loadedWidth(first.locator('img[alt^="FENCE! map"]'))).toBeGreaterThan(300);
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
      const version = (await bot.bot.store.loadActiveGame(sandbox.channels[0]!.id))?.game.version;
      await playAs(await name());
      await page.locator('article').last().getByRole('button').first().click();
      await expect.poll(async () => (await bot.bot.store.loadActiveGame(sandbox.channels[0]!.id))?.game.version).not.toBe(version);
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

  it('reports a command the bot does not know instead of failing silently', async () => {
    await input().fill('/nope');
    await input().press('Enter');
    await page.getByRole('alert').getByText('unknown command /nope').waitFor();
  });
});
