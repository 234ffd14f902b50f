// Discord's documented limits, checked on bodies shaped like the ones discord.js sends.
import { describe, expect, it } from 'vitest';
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ContainerBuilder,
  FileBuilder,
  MediaGalleryBuilder,
  MediaGalleryItemBuilder,
  MessageFlags,
  SectionBuilder,
  SeparatorBuilder,
  SeparatorSpacingSize,
  StringSelectMenuBuilder,
  TextDisplayBuilder,
  ThumbnailBuilder,
} from 'discord.js';
import { LIMITS, validateBody } from './validate.ts';

const button = (id: string, label = id) => ({ type: 2, style: 1, custom_id: id, label });
const row = (...components: unknown[]) => ({ type: 1, components });
const reply = (data: Record<string, unknown>) => ({ type: 4, data });
const check = (body: unknown, files: { name: string; size: number; index?: number }[] = []) =>
  validateBody('interactionCallback', 'POST', 'POST /interactions/:interaction/:token/callback', body, files).map((v) => `${v.path}: ${v.message}`);

describe('request validation', () => {
  it('accepts a reply at every limit', () => {
    const rows = Array.from({ length: 5 }, (_, r) => row(...Array.from({ length: 5 }, (_, b) => button(`${r}-${b}`.padEnd(100, 'x'), 'L'.repeat(80)))));
    expect(check(reply({ content: 'x'.repeat(2000), components: rows, attachments: [{ id: '0', description: 'd'.repeat(1024) }] }), [{ name: 'a.png', size: LIMITS.attachmentBytes }])).toEqual([]);
  });

  it('refuses each limit broken by one', () => {
    expect(check(reply({ components: Array.from({ length: 6 }, (_, i) => row(button(`b${i}`))) }))).toEqual(expect.arrayContaining([expect.stringMatching(/6 action rows/)]));
    expect(check(reply({ components: [row(...Array.from({ length: 6 }, (_, i) => button(`b${i}`)))] }))).toEqual(expect.arrayContaining([expect.stringMatching(/6 components in one row/)]));
    expect(check(reply({ components: [row(button('c'.repeat(101)))] }))).toEqual(expect.arrayContaining([expect.stringMatching(/custom_id is 101/)]));
    expect(check(reply({ components: [row(button('ok', 'L'.repeat(81)))] }))).toEqual(expect.arrayContaining([expect.stringMatching(/label is 81/)]));
    expect(check(reply({ components: [row(button('same'), button('same'))] }))).toEqual(expect.arrayContaining([expect.stringMatching(/used twice/)]));
    expect(check(reply({ embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }))).toEqual(expect.arrayContaining([expect.stringMatching(/11 embeds/)]));
    expect(check(reply({ attachments: [{ id: '0', description: 'd'.repeat(1025) }] }))).toEqual(expect.arrayContaining([expect.stringMatching(/description is 1025/)]));
    expect(check(reply({}), [{ name: 'big.png', size: LIMITS.attachmentBytes + 1 }])).toEqual([expect.stringMatching(/big.png is 10485761 bytes/)]);
    expect(check(reply({}), Array.from({ length: 11 }, (_, i) => ({ name: `${i}.png`, size: 1 })))).toEqual([expect.stringMatching(/11 files/)]);
  });

  it('refuses more than 25 autocomplete choices and over-long choice values', () => {
    const choices = (n: number, value = 'v') => ({ type: 8, data: { choices: Array.from({ length: n }, (_, i) => ({ name: `c${i}`, value })) } });
    expect(check(choices(25))).toEqual([]);
    expect(check(choices(26))).toEqual(expect.arrayContaining([expect.stringMatching(/26 autocomplete choices/)]));
    expect(check(choices(1, 'v'.repeat(101)))).toEqual([expect.stringMatching(/choice value is 101/)]);
  });

  it('refuses invalid command definitions in a bulk overwrite', () => {
    const found = validateBody('commandsOverwrite', 'PUT', 'PUT /applications/:app/commands', [
      { name: 'Fence', description: 'x', type: 1 },
      { name: 'ok', description: '', type: 1, options: [{ type: 3, name: 'a', description: 'a', autocomplete: true, choices: [{ name: 'x', value: 'x' }] }] },
    ]).map((v) => v.message);
    expect(found).toEqual(expect.arrayContaining([expect.stringMatching(/lower case/), expect.stringMatching(/both choices and autocomplete/), expect.stringMatching(/description must be/)]));
  });
});

describe('Components V2 payloads (IS_COMPONENTS_V2), as Discord checks them', () => {
  const V2 = MessageFlags.IsComponentsV2;
  const text = (s: string) => new TextDisplayBuilder().setContent(s);
  const btn = (id: string, label = id) => new ButtonBuilder().setCustomId(id).setLabel(label).setStyle(ButtonStyle.Secondary);
  const buttonRow = (...ids: string[]) => new ActionRowBuilder<ButtonBuilder>().addComponents(...ids.map((id) => btn(id)));
  const menu = (id: string, n = 3) => new StringSelectMenuBuilder().setCustomId(id).setPlaceholder('Pick').addOptions(Array.from({ length: n }, (_, k) => ({ label: `Option ${k}`, value: `v${k}` })));
  const gallery = (...names: string[]) => new MediaGalleryBuilder().addItems(...names.map((n) => new MediaGalleryItemBuilder().setURL(`attachment://${n}`).setDescription(`picture ${n}`)));
  const png = (name: string) => ({ name, size: 100 });

  /** A turn post: a container with what happened, the board, whose turn, and the choices. */
  const turnPost = () =>
    new ContainerBuilder()
      .setAccentColor(0x2e8b57)
      .addTextDisplayComponents(text('## Turn 4\n**Alice** placed a fence. <@123> to move.'))
      .addMediaGalleryComponents(gallery('board.png', 'hand.png'))
      .addSeparatorComponents(new SeparatorBuilder().setDivider(true).setSpacing(SeparatorSpacingSize.Small))
      .addSectionComponents(new SectionBuilder().addTextDisplayComponents(text('Your hand')).setThumbnailAccessory(new ThumbnailBuilder().setURL('attachment://hand.png').setDescription('your hand')))
      .addSectionComponents(new SectionBuilder().addTextDisplayComponents(text('Give up?')).setButtonAccessory(btn('resign', 'Resign')))
      .addActionRowComponents(buttonRow('a', 'b', 'c', 'd', 'e'))
      .addActionRowComponents(new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu('where', 25)));
  const v2 = (...components: { toJSON(): unknown }[]) => ({ flags: V2, components: components.map((c) => c.toJSON()) });

  it('accepts a turn post built with discord.js builders, as a reply, a channel message and an update', () => {
    const files = [png('board.png'), png('hand.png')];
    expect(check(reply(v2(turnPost())), files)).toEqual([]);
    expect(validateBody('messageCreate', 'POST', 'POST /channels/:channel/messages', v2(turnPost(), text('after the container')), files)).toEqual([]);
    expect(check({ type: 7, data: v2(turnPost()) }, files)).toEqual([]);
    // A file renamed by its attachments entry is referenced by its new name.
    expect(check(reply({ ...v2(gallery('map.png')), attachments: [{ id: '0', filename: 'map.png' }] }), [{ name: 'upload.png', size: 1, index: 0 }])).toEqual([]);
  });

  it('accepts exactly 40 components and 4,000 characters of text', () => {
    // 1 container + 39 text displays = 40; their text 4,000 characters in all.
    const c = new ContainerBuilder().addTextDisplayComponents(...Array.from({ length: 39 }, (_, k) => text(k === 0 ? 'x'.repeat(4000 - 38) : 'y')));
    expect(check(reply(v2(c)))).toEqual([]);
  });

  it('refuses content, embeds, a poll and stickers next to the flag', () => {
    const body = { ...v2(text('hi')), content: 'hello', embeds: [{ title: 't' }], poll: { question: { text: 'q' }, answers: [{ poll_media: { text: 'a' } }] }, sticker_ids: ['1'] };
    const found = validateBody('messageCreate', 'POST', 'POST /channels/:channel/messages', body);
    for (const field of ['content', 'embeds', 'poll', 'sticker_ids']) expect(found).toContainEqual(expect.objectContaining({ path: field, message: expect.stringMatching(/cannot be used with the IS_COMPONENTS_V2 flag/) }));
    expect(check(reply({ ...v2(text('hi')), content: 'hello' }))).toEqual([expect.stringMatching(/^data\.content: content cannot be used/)]);
  });

  it('refuses components placed where Discord does not allow them', () => {
    // Without the flag only action rows may be at the top.
    expect(check(reply({ components: [new ContainerBuilder().addTextDisplayComponents(text('x')).toJSON()] }))).toEqual([expect.stringMatching(/a container cannot be placed at the top of a message without the IS_COMPONENTS_V2 flag/)]);
    // A thumbnail only as a section's accessory; a button only in a row or as an accessory.
    expect(check(reply(v2(new ThumbnailBuilder().setURL('attachment://a.png'))), [png('a.png')])).toEqual(expect.arrayContaining([expect.stringMatching(/a thumbnail cannot be placed at the top of a message/)]));
    expect(check(reply({ flags: V2, components: [btn('b').toJSON()] }))).toEqual(expect.arrayContaining([expect.stringMatching(/a button cannot be placed at the top/)]));
    // No container in a container; no select menu loose in a container.
    const nested = { flags: V2, components: [{ type: 17, components: [{ type: 17, components: [{ type: 10, content: 'x' }] }] }] };
    expect(check(reply(nested))).toEqual(expect.arrayContaining([expect.stringMatching(/a container cannot be placed in a container/)]));
    const looseMenu = { flags: V2, components: [{ type: 17, components: [menu('m').toJSON()] }] };
    expect(check(reply(looseMenu))).toEqual(expect.arrayContaining([expect.stringMatching(/a string select cannot be placed in a container/)]));
  });

  it('refuses 41 components, counting nested ones, and 4,001 characters of text displays', () => {
    const c41 = new ContainerBuilder().addTextDisplayComponents(...Array.from({ length: 38 }, () => text('y'))).addActionRowComponents(buttonRow('a'));
    expect(check(reply(v2(c41)))).toEqual(expect.arrayContaining([expect.stringMatching(/^data\.components: 41 components in all/)]));
    const long = v2(text('x'.repeat(2001)), new ContainerBuilder().addTextDisplayComponents(text('y'.repeat(2000))));
    expect(check(reply(long))).toEqual([expect.stringMatching(/text displays hold 4001 characters in all; Discord allows 4000/)]);
  });

  it('refuses 11 gallery items, 6 buttons in a row, a select beside a button, 26 options', () => {
    // discord.js's builders refuse these too: the bodies are written out as a bot could send them.
    const names = Array.from({ length: 10 }, (_, k) => `p${k}.png`);
    const eleven = { type: 12, items: Array.from({ length: 11 }, (_, k) => ({ media: { url: `attachment://p${k % 10}.png` } })) };
    expect(check(reply({ flags: V2, components: [eleven] }), names.map(png))).toEqual([
      'data.components[0].items: must be at most 10 items', // the schema's own 1-10
      expect.stringMatching(/^data\.components\[0\]\.items: 11 media gallery items; Discord allows 10/),
    ]);
    expect(check(reply(v2(new ContainerBuilder().addActionRowComponents(buttonRow('a', 'b', 'c', 'd', 'e', 'f')))))).toEqual(expect.arrayContaining([expect.stringMatching(/6 components in one row/)]));
    const mixed = { flags: V2, components: [{ type: 17, components: [{ type: 1, components: [menu('m').toJSON(), btn('b').toJSON()] }] }] };
    expect(check(reply(mixed))).toEqual(expect.arrayContaining([expect.stringMatching(/a select menu must be alone in its action row/)]));
    const manyOptions = { flags: V2, components: [{ type: 1, components: [{ ...menu('m').toJSON(), options: Array.from({ length: 26 }, (_, k) => ({ label: `o${k}`, value: `o${k}` })) }] }] };
    expect(check(reply(manyOptions))).toEqual(expect.arrayContaining([expect.stringMatching(/26 select options/)]));
  });

  it('refuses long custom ids and labels, and ids used twice, anywhere in the tree', () => {
    const accessory = { type: 9, components: [{ type: 10, content: 't' }], accessory: { type: 2, style: 2, custom_id: 'c'.repeat(101), label: 'L'.repeat(81) } };
    expect(check(reply({ flags: V2, components: [{ type: 17, components: [accessory] }] }))).toEqual(expect.arrayContaining([
      expect.stringMatching(/accessory\.custom_id: custom_id is 101 characters/),
      expect.stringMatching(/accessory\.label: button label is 81 characters/),
    ]));
    const twice = v2(new ContainerBuilder().addActionRowComponents(buttonRow('same')), buttonRow('same'));
    expect(check(reply(twice))).toEqual([expect.stringMatching(/custom_id "same" is used twice in one message/)]);
    const ids = { flags: V2, components: [{ type: 10, id: 7, content: 'a' }, { type: 10, id: 7, content: 'b' }] };
    expect(check(reply(ids))).toEqual([expect.stringMatching(/component id 7 is used twice/)]);
  });

  it('refuses an attachment:// reference to a file the message does not have, and a file component pointing at a URL', () => {
    expect(check(reply(v2(gallery('board.png'))), [png('bord.png')])).toEqual([expect.stringMatching(/items\[0\]\.media\.url: attachment:\/\/board\.png names no file of this message \(files: bord\.png\)/)]);
    const thumb = new SectionBuilder().addTextDisplayComponents(text('t')).setThumbnailAccessory(new ThumbnailBuilder().setURL('attachment://gone.png'));
    expect(check(reply(v2(thumb)))).toEqual([expect.stringMatching(/accessory\.media\.url: attachment:\/\/gone\.png names no file of this message \(it has no files\)/)]);
    expect(check(reply(v2(new FileBuilder().setURL('attachment://rules.pdf'))), [png('rules.pdf')])).toEqual([]);
    expect(check(reply({ flags: V2, components: [{ type: 13, file: { url: 'https://example.com/rules.pdf' } }] }))).toEqual([expect.stringMatching(/a file component takes only attachment:\/\/<filename> references/)]);
  });

  it('refuses fields the spec does not know, in any component', () => {
    const body = { flags: V2, components: [{ type: 17, accentColor: 5, components: [{ type: 1, components: [{ ...btn('b').toJSON(), colour: 'red' }] }] }] };
    expect(check(reply(body))).toEqual([
      expect.stringMatching(/^data\.components\[0\]\.accentColor: unknown field "accentColor" in a container/),
      expect.stringMatching(/^data\.components\[0\]\.components\[0\]\.components\[0\]\.colour: unknown field "colour" in a button/),
    ]);
  });

  describe('edits', () => {
    const edit = (body: unknown, existing: Parameters<typeof validateBody>[5], files: { name: string; size: number }[] = []) =>
      validateBody('messageEdit', 'PATCH', 'PATCH /channels/:channel/messages/:message', body, files, existing).map((v) => `${v.path}: ${v.message}`);
    const posted = { flags: V2, content: '', embeds: 0, attachments: [{ id: '55', filename: 'board.png' }] };

    it('keeps the flag: an edit without it in `flags` is refused, an edit leaving flags out is not', () => {
      expect(edit({ flags: 0, components: [text('x').toJSON()] }, posted)).toEqual(['flags: the IS_COMPONENTS_V2 flag cannot be removed from a message once it is set']);
      expect(edit({ components: [text('x').toJSON()] }, posted)).toEqual([]);
      // The flag stays whether or not the edit repeats it: content is still refused.
      expect(edit({ content: 'x' }, posted)).toEqual([expect.stringMatching(/^content: content cannot be used/)]);
    });

    it('lets components point at the files the message keeps, not at those it drops', () => {
      expect(edit(v2(gallery('board.png')), posted)).toEqual([]);
      expect(edit({ ...v2(gallery('board.png')), attachments: [{ id: '55' }] }, posted)).toEqual([]);
      expect(edit({ ...v2(gallery('board.png')), attachments: [] }, posted)).toEqual([expect.stringMatching(/attachment:\/\/board\.png names no file of this message/)]);
    });

    it('turns a classic message into a V2 one only with its content and embeds set to null', () => {
      const classic = { flags: 0, content: 'old text', embeds: 1, attachments: [] };
      expect(edit(v2(text('new')), classic)).toEqual([
        'content: turning a message into a Components V2 one needs content set to null',
        'embeds: turning a message into a Components V2 one needs embeds set to null',
      ]);
      expect(edit({ ...v2(text('new')), content: null, embeds: null }, classic)).toEqual([]);
    });
  });
});
