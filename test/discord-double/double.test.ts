// The double against the real discord.js Client: every test here is something a bot on real
// Discord would see happen.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  ComponentType,
  ContainerBuilder,
  MediaGalleryBuilder,
  MediaGalleryItemBuilder,
  SectionBuilder,
  StringSelectMenuBuilder,
  TextDisplayBuilder,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  MessageFlags,
  PermissionFlagsBits,
  REST,
  Routes,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
  type Interaction,
  type TextChannel,
} from 'discord.js';
import { DiscordDouble, ManualClock, TOKEN_LIFETIME_MS, messageText, type Channel, type Guild, type User } from './index.ts';
import { makePng, PNG_SIGNATURE } from './png.ts';

const TILES = Array.from({ length: 30 }, (_, i) => `${String.fromCharCode(97 + (i % 3))}-tile-${i}`);

const commands = [
  new SlashCommandBuilder().setName('ping').setDescription('Answers pong'),
  new SlashCommandBuilder().setName('picture').setDescription('Shows a private picture'),
  new SlashCommandBuilder().setName('slow').setDescription('Thinks, then answers'),
  new SlashCommandBuilder().setName('multi').setDescription('Answers three times'),
  new SlashCommandBuilder().setName('game').setDescription('Posts a join button'),
  new SlashCommandBuilder().setName('long').setDescription('Answers too much'),
  new SlashCommandBuilder().setName('hold').setDescription('Keeps the interaction for the test'),
  new SlashCommandBuilder().setName('turn').setDescription('Posts a turn in Components V2'),
  new SlashCommandBuilder()
    .setName('fence')
    .setDescription('FENCE!')
    .addSubcommand((s) =>
      s
        .setName('move')
        .setDescription('Place a tile')
        .addStringOption((o) => o.setName('tile').setDescription('Tile').setRequired(true).setAutocomplete(true))
        .addIntegerOption((o) => o.setName('rotation').setDescription('Quarter turns'))
        .addUserOption((o) => o.setName('target').setDescription('Someone')),
    ),
].map((c) => c.toJSON());

interface TestBot {
  client: Client;
  errors: unknown[];
  held: ChatInputCommandInteraction[];
  /** Component interactions from Components V2 messages, as discord.js handed them over. */
  presses: { customId: string; messageId: string; values: string[]; boardUrl: string | undefined }[];
  releaseSlow: () => void;
}

/** One turn post in Components V2: what happened, the board, whose turn, and (until chosen) the choices. */
function turnPost(userId: string, choices: boolean): ContainerBuilder {
  const post = new ContainerBuilder()
    .setAccentColor(0x2e8b57)
    .addTextDisplayComponents(new TextDisplayBuilder().setContent(`## Turn 1\n<@${userId}>, your move`))
    .addMediaGalleryComponents(new MediaGalleryBuilder().addItems(new MediaGalleryItemBuilder().setURL('attachment://board.png').setDescription('the board, pieces 1 and 2 on it')))
    .addSectionComponents(
      new SectionBuilder()
        .addTextDisplayComponents(new TextDisplayBuilder().setContent('Give up the game?'))
        .setButtonAccessory(new ButtonBuilder().setCustomId('resign').setLabel('Resign').setStyle(ButtonStyle.Danger)),
    );
  if (!choices) return post;
  return post
    .addActionRowComponents(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId('go:1').setLabel('Piece 1').setStyle(ButtonStyle.Primary),
        new ButtonBuilder().setCustomId('go:2').setLabel('Piece 2').setStyle(ButtonStyle.Primary),
      ),
    )
    .addActionRowComponents(
      new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
        new StringSelectMenuBuilder().setCustomId('where').setPlaceholder('Where to?').addOptions(['A1', 'B2', 'C3'].map((v) => ({ label: v, value: v }))),
      ),
    );
}

/** A little bot that exercises each kind of response. */
function startTestBot(double: DiscordDouble, guild: Guild): Promise<TestBot> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: double.apiUrl } });
  let release: () => void = () => undefined;
  let slowGate = new Promise<void>((r) => (release = r));
  const bot: TestBot = {
    client,
    errors: [],
    held: [],
    presses: [],
    releaseSlow: () => {
      release();
      slowGate = new Promise<void>((r) => (release = r));
    },
  };
  const handle = async (i: Interaction): Promise<void> => {
    if (i.isAutocomplete()) {
      const typed = i.options.getFocused();
      await i.respond(TILES.filter((t) => t.startsWith(typed)).slice(0, 25).map((t) => ({ name: t, value: t })));
      return;
    }
    if (i.isButton() || i.isStringSelectMenu()) {
      const gallery = i.message.components[0]?.type === ComponentType.Container ? i.message.components[0].components.find((c) => c.type === ComponentType.MediaGallery) : undefined;
      bot.presses.push({ customId: i.customId, messageId: i.message.id, values: i.isStringSelectMenu() ? i.values : [], boardUrl: gallery?.type === ComponentType.MediaGallery ? gallery.items[0]?.media.url : undefined });
    }
    if (i.isButton()) {
      if (i.customId === 'join') await i.update({ content: `${i.user.username} joined`, components: [] });
      // The choice is made: the post keeps its text and board, and loses its buttons.
      if (i.customId.startsWith('go:')) await i.update({ components: [turnPost(i.user.id, false)] });
      return;
    }
    if (i.isStringSelectMenu()) {
      await i.reply({ flags: MessageFlags.IsComponentsV2 | MessageFlags.Ephemeral, components: [new TextDisplayBuilder().setContent(`You picked ${i.values.join(', ')}`)] });
      return;
    }
    if (!i.isChatInputCommand()) return;
    switch (i.commandName) {
      case 'ping':
        await i.reply('pong');
        break;
      case 'picture': {
        const png = makePng(8, 8, (x, y) => [x * 30, y * 30, 128]);
        await i.reply({ files: [new AttachmentBuilder(png, { name: 'map.png', description: 'the map' })], flags: MessageFlags.Ephemeral });
        break;
      }
      case 'slow': {
        const gate = slowGate; // taken before deferring: the test may open it as soon as the defer lands
        await i.deferReply();
        await gate;
        await i.editReply({ content: 'thought it over', files: [new AttachmentBuilder(makePng(2, 2, () => [0, 0, 0]), { name: 'late.png' })] });
        break;
      }
      case 'multi':
        await i.reply('first');
        await i.followUp('second');
        await i.followUp({ content: 'secret', flags: MessageFlags.Ephemeral });
        break;
      case 'game': {
        const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('join').setLabel('Join').setStyle(ButtonStyle.Primary),
        );
        await i.reply({ content: 'a game is open', components: [row] });
        break;
      }
      case 'long':
        await i.reply('x'.repeat(2001));
        break;
      case 'hold':
        bot.held.push(i);
        break;
      case 'turn': {
        const board = new AttachmentBuilder(makePng(8, 8, (x, y) => [x * 30, y * 30, 60]), { name: 'board.png', description: 'the board' });
        await i.reply({ flags: MessageFlags.IsComponentsV2, components: [turnPost(i.user.id, true)], files: [board], allowedMentions: { users: [i.user.id] } });
        break;
      }
      case 'fence':
        await i.reply(`move ${i.options.getString('tile', true)} r${i.options.getInteger('rotation') ?? 0} ${i.options.getUser('target')?.username ?? '-'}`);
        break;
    }
  };
  client.on(Events.InteractionCreate, (i) => {
    handle(i).catch((err: unknown) => bot.errors.push(err));
  });
  return new Promise<TestBot>((resolve, reject) => {
    client.once(Events.ClientReady, (c) => {
      c.application.commands.set(commands, guild.id).then(() => resolve(bot), reject);
    });
    client.login(double.token).catch(reject);
  });
}

describe('the Discord double with a real discord.js client', () => {
  let double: DiscordDouble;
  let clock: ManualClock;
  let guild: Guild;
  let channel: Channel;
  let alice: User;
  let bob: User;
  let bot: TestBot;

  beforeAll(async () => {
    clock = new ManualClock();
    double = await DiscordDouble.start({ clock });
    guild = double.createGuild('Fence Club');
    channel = double.createChannel(guild, 'fence');
    alice = double.createUser('alice');
    bob = double.createUser('bob');
    double.addMember(guild, alice);
    double.addMember(guild, bob);
    bot = await startTestBot(double, guild);
  });

  afterEach(() => {
    // Every test must leave the bot's traffic valid, unless it asserted and cleared the violations.
    double.expectNoViolations();
    expect(bot.errors).toEqual([]);
  });

  afterAll(async () => {
    await bot?.client.destroy();
    await double?.stop();
  });

  it('connects: READY and GUILD_CREATE fill the client cache, commands are stored', () => {
    expect(bot.client.isReady()).toBe(true);
    expect(bot.client.user?.id).toBe(double.bot.id);
    const cached = bot.client.guilds.cache.get(guild.id);
    expect(cached?.name).toBe('Fence Club');
    expect(cached?.channels.cache.get(channel.id)?.name).toBe('fence');
    expect(double.commands(guild).map((c) => c.name)).toContain('fence');
  });

  it('round-trips a slash command with an ephemeral PNG sent as multipart', async () => {
    const handle = await double.runCommand(alice, channel, 'picture');
    const reply = await handle.reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.recipientId).toBe(alice.id);
    expect(reply.attachments).toHaveLength(1);
    expect(reply.attachments[0]?.filename).toBe('map.png');
    expect(reply.attachments[0]?.description).toBe('the map');
    expect(reply.attachments[0]?.data.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(double.ephemeralFor(alice, channel)).toContain(reply);
    expect(double.visibleTo(bob, channel)).not.toContain(reply);
    expect(double.messages(channel)).not.toContain(reply);
  });

  it('passes typed options, subcommands and resolved users to the bot', async () => {
    const handle = await double.runCommand(alice, channel, 'fence', { subcommand: 'move', options: { tile: 'b-tile-1', rotation: 3, target: bob } });
    expect((await handle.reply()).content).toBe('move b-tile-1 r3 bob');
    await expect(double.runCommand(alice, channel, 'fence', { subcommand: 'move', options: { tiel: 'x' } })).rejects.toThrow(/no option "tiel"/);
  });

  it('shows a deferred reply as thinking until the bot edits @original', async () => {
    const handle = await double.runCommand(alice, channel, 'slow');
    expect(await handle.acknowledged()).toBe(5);
    expect(handle.original?.loading).toBe(true);
    bot.releaseSlow();
    const reply = await handle.reply();
    expect(reply.content).toBe('thought it over');
    expect(reply.loading).toBe(false);
    expect(reply.attachments[0]?.filename).toBe('late.png');
    expect(double.requests.some((r) => r.route === 'PATCH /webhooks/:app/:token/messages/:message' && r.status === 200)).toBe(true);
  });

  it('keeps follow-ups, with ephemeral ones only for the invoking user', async () => {
    const handle = await double.runCommand(alice, channel, 'multi');
    expect((await handle.reply()).content).toBe('first');
    expect((await handle.followUp(0)).content).toBe('second');
    const secret = await handle.followUp(1);
    expect(secret.ephemeral).toBe(true);
    expect(double.visibleTo(alice, channel).map((m) => m.content)).toEqual(expect.arrayContaining(['first', 'second', 'secret']));
    expect(double.visibleTo(bob, channel).map((m) => m.content)).not.toContain('secret');
  });

  it('clicks a button by label and sees the message updated (callback type 7)', async () => {
    const game = await (await double.runCommand(alice, channel, 'game')).reply();
    expect(double.buttons(game).map((b) => ('label' in b ? b.label : ''))).toEqual(['Join']);
    const click = await double.clickButton(bob, game, 'Join');
    expect(await click.acknowledged()).toBe(7);
    const updated = await double.waitForMessage(channel, (m) => m.id === game.id && m.content === 'bob joined');
    expect(updated.components).toEqual([]);
    await expect(double.clickButton(bob, game, 'Join')).rejects.toThrow(/no button "Join"/);
  });

  it('answers autocomplete (type 4) with the choices the bot sent (callback type 8)', async () => {
    const choices = await double.autocomplete(alice, channel, 'fence', 'tile', 'a', { subcommand: 'move' });
    expect(choices.length).toBe(10);
    expect(choices.every((c) => String(c.value).startsWith('a'))).toBe(true);
    expect(await double.autocomplete(alice, channel, 'fence', 'tile', '', { subcommand: 'move' })).toHaveLength(25);
  });

  it('recovers a dropped socket by resuming, and by identifying again when the session is gone', async () => {
    const resumes = double.gateway.resumes;
    double.dropConnection();
    const afterResume = await double.runCommand(alice, channel, 'ping');
    expect((await afterResume.reply()).content).toBe('pong');
    expect(double.gateway.resumes).toBe(resumes + 1);

    const identifies = double.gateway.identifies;
    double.dropConnection({ invalidateSession: true });
    const afterIdentify = await double.runCommand(alice, channel, 'ping');
    expect((await afterIdentify.reply(10_000)).content).toBe('pong');
    expect(double.gateway.identifies).toBe(identifies + 1);
  });

  it('sends 429 with retry-after, and @discordjs/rest waits and retries', async () => {
    const limited: number[] = [];
    bot.client.rest.on('rateLimited', (info) => limited.push(info.retryAfter));
    double.rateLimitNext('POST /channels/:channel/messages', 1, { retryAfterMs: 400 });
    const started = Date.now();
    const sent = await (bot.client.channels.cache.get(channel.id) as TextChannel).send('after the limit');
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
    expect(limited).toHaveLength(1);
    expect(double.log.get(sent.id)?.content).toBe('after the limit');
    const statuses = double.requests.filter((r) => r.route === 'POST /channels/:channel/messages').slice(-2).map((r) => r.status);
    expect(statuses).toEqual([429, 200]);
  });

  it('refuses a 2,001-character reply and records the violation so the test fails', async () => {
    const handle = await double.runCommand(alice, channel, 'long');
    await double.waitFor(() => bot.errors[0], 2000, 'the bot to be refused');
    expect(handle.callbackType).toBeNull();
    expect(double.violations).toEqual([expect.objectContaining({ kind: 'schema', path: 'data.content' }), expect.objectContaining({ kind: 'limit', path: 'data.content' })]);
    expect(() => double.expectNoViolations()).toThrow(/2001 characters/);
    expect(bot.errors).toEqual([expect.objectContaining({ status: 400, code: 50035 })]);
    double.clearViolations();
    bot.errors.length = 0;
  });

  it('answers 401 to a wrong token, in Discord error shape', async () => {
    const rest = new REST({ api: double.apiUrl, retries: 0 }).setToken('not-the-token');
    const err: unknown = await rest.get(Routes.gatewayBot()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DiscordAPIError);
    expect(err).toMatchObject({ status: 401, rawError: { message: '401: Unauthorized', code: 0 } });
  });

  it('answers 403 Missing Permissions (50013) when the bot may not post in a channel', async () => {
    const locked = double.createChannel(guild, 'locked');
    double.setBotPermissions(locked, { deny: PermissionFlagsBits.SendMessages });
    await double.waitFor(() => (bot.client.channels.cache.has(locked.id) ? true : undefined), 2000, 'CHANNEL_CREATE');
    const c = bot.client.channels.cache.get(locked.id) as TextChannel;
    // discord.js computes the same permissions from the overwrites the double sent.
    expect(c.permissionsFor(bot.client.user?.id ?? '')?.has(PermissionFlagsBits.SendMessages)).toBe(false);
    await expect(c.send('hello')).rejects.toMatchObject({ status: 403, code: 50013, message: 'Missing Permissions' });
    expect(double.messages(locked)).toEqual([]);
  });

  it('expires interaction tokens: 10062 after 3 s without a callback, 50027 after 15 minutes', async () => {
    const late = await double.runCommand(alice, channel, 'hold');
    const held = await double.waitFor(() => bot.held.find((i) => i.id === late.id), 2000, 'the held interaction');
    clock.advance(3_001);
    await expect(late.reply(500)).rejects.toThrow(/did not respond/);
    await expect(held.reply('too late')).rejects.toMatchObject({ status: 404, code: 10062 });
    expect(double.violations.map((v) => v.kind)).toEqual(['protocol']);
    double.clearViolations();

    const timely = await double.runCommand(alice, channel, 'hold');
    const held2 = await double.waitFor(() => bot.held.find((i) => i.id === timely.id), 2000, 'the second held interaction');
    await held2.reply('in time');
    clock.advance(TOKEN_LIFETIME_MS - 1000);
    expect((await held2.followUp('still allowed')).content).toBe('still allowed');
    clock.advance(2000);
    await expect(held2.followUp('too late')).rejects.toMatchObject({ status: 401, code: 50027 });
  });

  it('creates threads from a message and on their own, and logs their messages', async () => {
    const c = bot.client.channels.cache.get(channel.id) as TextChannel;
    const starter = await c.send('game #1 starts');
    const thread = await starter.startThread({ name: 'Game #1' });
    await thread.send('first move');
    const inDouble = double.findChannel('Game #1');
    expect(inDouble?.parentId).toBe(channel.id);
    expect(inDouble?.id).toBe(starter.id);
    expect(double.messages(inDouble as Channel).map((m) => m.content)).toEqual(['first move']);
    const loose = await c.threads.create({ name: 'lobby' });
    // discord.js asks for a public thread unless told otherwise.
    expect(double.findChannel('lobby')?.kind).toBe('public-thread');
    expect(loose.parentId).toBe(channel.id);
  });
  it('posts a Components V2 turn: one message with its text, board and choices, and its mention pings', async () => {
    const post = await (await double.runCommand(alice, channel, 'turn')).reply();
    expect(post.flags & MessageFlags.IsComponentsV2).toBe(MessageFlags.IsComponentsV2);
    expect(post.content).toBe('');
    expect(messageText(post)).toBe(`## Turn 1\n<@${alice.id}>, your move\nGive up the game?`);
    expect(post.notified).toEqual([alice.id]);
    expect(post.attachments.map((a) => a.filename)).toEqual(['board.png']);
    expect(double.buttons(post).map((b) => ('label' in b ? b.label : ''))).toEqual(['Resign', 'Piece 1', 'Piece 2']);
    expect(double.selects(post).map((m) => m.custom_id)).toEqual(['where']);
  });

  it('sends a press on a button inside a container with its custom_id and message; the update takes the choices off', async () => {
    const post = await (await double.runCommand(alice, channel, 'turn')).reply();
    const press = await double.clickButton(alice, post, 'Piece 2');
    expect(await press.acknowledged()).toBe(7);
    expect(bot.presses.at(-1)).toMatchObject({ customId: 'go:2', messageId: post.id });
    // Discord hands the bot the picture's URL, not the attachment:// it was sent with.
    expect(bot.presses.at(-1)?.boardUrl).toBe(`${double.baseUrl}/attachments/${channel.id}/${post.attachments[0]?.id}/board.png`);
    const after = double.log.get(post.id);
    expect(after && double.buttons(after).map((b) => ('label' in b ? b.label : ''))).toEqual(['Resign']);
    expect(after && double.selects(after)).toEqual([]);
    expect(after?.flags).toBe(MessageFlags.IsComponentsV2);
    expect(after?.attachments.map((a) => a.filename)).toEqual(['board.png']);
    await expect(double.clickButton(alice, post, 'Piece 1')).rejects.toThrow(/no button "Piece 1"/);
  });

  it('sends a pick in a select menu inside a container with the values chosen', async () => {
    const post = await (await double.runCommand(alice, channel, 'turn')).reply();
    const pick = await double.chooseFromMenu(bob, post, 'Where to?', ['B2']);
    expect((await pick.reply()).components).toEqual([{ type: ComponentType.TextDisplay, content: 'You picked B2' }]);
    expect(bot.presses.at(-1)).toMatchObject({ customId: 'where', messageId: post.id, values: ['B2'] });
    await expect(double.chooseFromMenu(bob, post, 'where', ['B2', 'C3'])).rejects.toThrow(/takes 1 different value/);
  });

  it('refuses, in Discord\'s error shape, an edit that adds content to a V2 message, removes its flag or leaves it nothing; takes one that drops the choices', async () => {
    const post = await (await double.runCommand(alice, channel, 'turn')).reply();
    const messages = (bot.client.channels.cache.get(channel.id) as TextChannel).messages;
    await expect(messages.edit(post.id, { content: 'plain text now' })).rejects.toMatchObject({
      status: 400,
      code: 50035,
      rawError: { errors: { content: { _errors: [{ code: 'BASE_TYPE_INVALID', message: expect.stringMatching(/cannot be used with the IS_COMPONENTS_V2 flag/) }] } } },
    });
    await expect(messages.edit(post.id, { flags: MessageFlags.SuppressEmbeds, components: [new TextDisplayBuilder().setContent('x')] })).rejects.toMatchObject({ status: 400, code: 50035 });
    await expect(messages.edit(post.id, { components: [] })).rejects.toMatchObject({ status: 400, code: 50006 });
    expect(double.violations.map((v) => v.path)).toEqual(['content', 'flags', 'components']);
    double.clearViolations();
    expect(messageText(double.log.get(post.id) ?? post)).toMatch(/^## Turn 1/);
    // What an older post gets when a newer one takes over: the same text and board, no choices.
    await messages.edit(post.id, { components: [turnPost(alice.id, false)] });
    const older = double.log.get(post.id);
    expect(older && double.buttons(older).map((b) => ('label' in b ? b.label : ''))).toEqual(['Resign']);
    expect(older?.attachments.map((a) => a.filename)).toEqual(['board.png']);
  });
});
