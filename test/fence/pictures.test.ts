// FENCE! pictures at a phone's width: the turn's close-up, the round's overview with its Hot Goods, the whole map.
import { describe, expect, it } from 'vitest';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { play, cellName, computerAction, setup, playComputers, standardTileSet, view, whoMustAct, type FenceState } from '../../src/games/fence/index.ts';
import type { FenceEvent } from '../../src/games/fence/events.ts';
import { roundPicture, turnPicture } from '../../src/games/fence/pictures.ts';
import { pictureIdentity, type Picture } from '../../src/platform/game.ts';
import { posts } from '../../src/games/fence/posts.ts';
import { drawCloseUp, nameRects } from '../../src/games/fence/draw/closeup.ts';
import type { CloseUpView, OverviewView } from '../../src/games/fence/views.ts';
import { drawOverview } from '../../src/games/fence/draw/overview.ts';
import { smallestText, textsDrawn } from '../render/labels.ts';
import { drawMapPicture } from '../../src/games/fence/draw/picture.ts';
import type { MapLayout } from '../../src/games/fence/draw/layout.ts';
import type { FenceView } from '../../src/games/fence/views.ts';
import { drawTileHand, TILE_HAND_SIZE } from '../../src/games/fence/draw/hand.ts';
import { nameBlocks } from '../../src/games/fence/draw/tiles.ts';

/** Discord shows a picture at most the chat's width: ≈ 390 CSS px on a phone. */
const PHONE = 390;
const NAMES = ['Ann', 'Bob', 'Cara', 'Dmitri', 'Eve', 'Fatima', 'Gus', 'Hana'];

/** The worst case: 8 players on a Big Map (80 tiles), turns played by the computer from round 1. */
function bigGame(seed: string): FenceState {
  const s = setup({ seats: NAMES.map((name) => ({ name, computer: true })), seed, options: { autoBuild: true, bigMap: true } }).state;
  return playComputers(s, { steps: 10 }).state;
}

function* turns(start: FenceState, count: number): Generator<{ state: FenceState; events: readonly FenceEvent[] }> {
  let s = start;
  for (let i = 0; i < count; i++) {
    const seat = whoMustAct(s);
    if (seat === null) return;
    const r = play(s, seat, computerAction(s, seat, 'random')!);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    yield { state: s, events: r.events };
  }
}

const pixels = (ctx: SKRSContext2D, b: { x: number; y: number; w: number; h: number }) => ctx.getImageData(Math.floor(b.x), Math.floor(b.y), Math.ceil(b.w), Math.ceil(b.h)).data;
const noPieces = (v: FenceView): FenceView => ({ ...v, cops: null, seats: v.seats.map((s) => ({ ...s, pawn: null })) });

/** Every name's pixels are exactly what they are with no piece or arrow on the map: none covers any of them. */
function expectNamesUncovered(view: FenceView, layouts: MapLayout[], withPieces: SKRSContext2D, without: SKRSContext2D): number {
  let names = 0;
  for (const l of layouts) {
    for (const n of nameRects(view, l)) {
      names++;
      const a = pixels(withPieces, n), b = pixels(without, n);
      expect(Buffer.from(a).equals(Buffer.from(b)), `a piece or arrow covers "${n.text}"`).toBe(true);
    }
  }
  return names;
}

describe('the turn picture at a phone’s width (8 players, Big Map)', () => {
  it('shows the cells the turn touched with names ≥ 11 CSS px, pawns ≥ 18 CSS px and no pawn or arrow over a name', () => {
    let checked = 0, split = 0, smallestName = Infinity, smallestPawn = Infinity;
    for (const seed of ['phone-1', 'phone-2']) {
      for (const { state, events } of turns(bigGame(seed), 30)) {
        const p = turnPicture(state, events);
        if (p.kind !== 'closeup') continue;
        const z = p.view as CloseUpView;
        const pic = drawCloseUp(z);
        const scale = Math.min(1, PHONE / pic.canvas.width);
        // Two panes and the legend (the player to play, who is in Jail): still about a phone's screen.
        expect(pic.canvas.height).toBeLessThanOrEqual(pic.canvas.width * 1.9);
        // The cells every move ended in are shown.
        for (const e of events) {
          if (e.type !== 'movedSelf' && e.type !== 'pushed' && e.type !== 'copsMoved') continue;
          const key = e.to.slice(0, e.to.lastIndexOf('/'));
          const t = state.map.find((m) => m.key === key)!;
          expect(z.panes.some((b) => t.x >= b.x0 && t.x <= b.x1 && t.y >= b.y0 && t.y <= b.y1), `${cellName(state, t.x, t.y)} shown`).toBe(true);
        }
        for (const l of pic.panes) {
          for (const n of nameRects(z.view, l)) smallestName = Math.min(smallestName, n.px * scale);
          for (const s of l.pieces) smallestPawn = Math.min(smallestPawn, 2 * s.r * scale);
        }
        expect(pic.textPx * scale).toBeGreaterThanOrEqual(11);
        const bare = drawCloseUp({ ...z, view: noPieces(z.view), moves: [] });
        expectNamesUncovered(z.view, pic.panes, pic.canvas.getContext('2d'), bare.canvas.getContext('2d'));
        checked++;
        if (z.panes.length > 1) split++;
      }
    }
    expect(checked).toBeGreaterThan(30);
    expect(smallestName).toBeGreaterThanOrEqual(11);
    expect(smallestPawn).toBeGreaterThanOrEqual(18);
  }, 60_000);
});

describe('Hot Goods on the map', () => {
  it('B18 the post of a round\'s Hot Goods shows the whole city: each roll\'s tile framed in orange and numbered, its result and who was nearest in words, every text legible on a phone', () => {
    const seen = new Set<string>();
    let s = bigGame('phone-hot');
    for (const { state, events } of turns(s, 400)) {
      s = state;
      const rolls = events.flatMap((e) => (e.type === 'hotGoods' ? [e] : []));
      if (rolls.length === 0 || rolls.every((e) => e.roll.result === 'absent')) continue;
      const p = roundPicture(state, events);
      expect(p.kind).toBe('overview');
      const z = p.view as OverviewView;
      const { canvas, texts } = textsDrawn(() => drawOverview(z).canvas);
      const l = drawOverview(z).layout;
      const ctx = canvas.getContext('2d');
      for (const [k, e] of rolls.entries()) {
        if (e.roll.result === 'absent') continue;
        const rolled = state.map.filter((t) => t.key.split('#')[0] === `${e.roll.red}-${e.roll.blue}`);
        expect(rolled.length).toBeGreaterThan(0);
        for (const t of rolled) {
          // The tile's orange frame, on its edge halfway down.
          const left = l.left + l.gutter + (t.x - l.x0) * l.tile;
          const top = l.top + l.gutter + (t.y - l.y0) * l.tile;
          const d = ctx.getImageData(Math.round(left + Math.max(2, l.tile * 0.025) + 1), Math.round(top + l.tile * 0.5), 1, 1).data;
          expect([d[0], d[1], d[2]]).toEqual([0xe4, 0x57, 0x2e]);
        }
        expect(texts.map((t) => t.text)).toContain(String(e.index));
        const caption = z.caption[k]!;
        expect(caption).toMatch(new RegExp(`^Hot Goods ${e.index} of ${e.of}: red ${e.roll.red}, blue ${e.roll.blue}, `));
        const name = (seat: number) => state.seats[seat]!.name;
        if (e.roll.result === 'won') expect(caption).toMatch(new RegExp(`, ${name(e.roll.winner!)} wins`));
        if (e.roll.result === 'tie') {
          expect(caption).toMatch(/a tie between .+ and .+: nobody wins$/);
          expect(NAMES.filter((n) => caption.includes(n)).length).toBeGreaterThanOrEqual(2);
        }
        if (e.roll.result === 'unreachable') expect(caption).toMatch(/nobody can reach it: nobody wins$/);
        seen.add(e.roll.result);
      }
      expect(smallestText(texts)!.css).toBeGreaterThanOrEqual(11);
      if (seen.has('won') && seen.has('tie') && seen.size >= 3) break;
    }
    expect(seen.has('won')).toBe(true);
    expect(seen.has('tie')).toBe(true);
  }, 60_000);
});

describe('a round\'s Hot Goods drawn while a winner chooses a colour', () => {
  it('the rolls so far and what the post after the answer shows whatever it is are drawn before the answer', () => {
    let questions = 0, foreseen = 0, pictures = 0, drawnAhead = 0;
    for (let n = 0; n < 20 && questions < 20; n++) {
      let s = setup({ seats: NAMES.slice(0, 4).map((name) => ({ name, computer: false })), seed: `ahead-${n}`, options: { autoBuild: true } }).state;
      let ahead: Set<string> | null = null;
      // Each action a post of its own, as a person's move through Discord.
      for (let k = 0; k < 600 && questions < 20; k++) {
        const seat = whoMustAct(s);
        if (seat === null) break;
        const r = play(s, seat, computerAction(s, seat, 'simple')!);
        if (!r.ok) throw new Error(r.message);
        s = r.state;
        const plans = posts([{ state: r.state, events: r.events }]);
        if (ahead) {
          // The answer's post: every picture it shows that was drawn ahead, by identity.
          const shown = plans.flatMap((p) => [p.picture, ...(p.morePictures ?? [])]).filter((p): p is Picture => p !== null).map(pictureIdentity);
          pictures += shown.length;
          const hits = shown.filter((id) => ahead!.has(id)).length;
          drawnAhead += hits;
          if (hits === shown.length && shown.some((id) => id.startsWith('["overview"'))) foreseen++;
        }
        const asked = plans.at(-1)?.ahead;
        ahead = asked ? new Set(asked.map(pictureIdentity)) : null;
        if (asked) questions++;
      }
    }
    // Posts after an answer whose picture (the round's later rolls included) was ready.
    expect(questions).toBeGreaterThanOrEqual(20);
    expect(foreseen / questions).toBeGreaterThan(0.8);
    expect(drawnAhead / pictures).toBeGreaterThan(0.8);
  }, 120_000);

  it('the size of the draw piles, which pictures leave out so that either colour gives the same picture, changes no pixel', () => {
    const state = playComputers(bigGame('piles'), { steps: 30 }).state;
    const v = view(state, 'channel');
    const other = { ...v, stash: { red: v.stash.red + 3, blue: 0 } };
    expect(Buffer.from(drawMapPicture(v, { cache: false }).canvas.data()).equals(Buffer.from(drawMapPicture(other, { cache: false }).canvas.data()))).toBe(true);
    const z = turnPicture(state, []).view as CloseUpView;
    const panes = [{ x0: -1, y0: -1, x1: 1, y1: 1 }];
    const a = drawCloseUp({ ...z, view: v, panes, moves: [], caption: ['x'] }), b = drawCloseUp({ ...z, view: other, panes, moves: [], caption: ['x'] });
    expect(Buffer.from(a.canvas.data()).equals(Buffer.from(b.canvas.data()))).toBe(true);
  });
});

describe('the whole map (/fence map, and once a round)', () => {
  it('on a Big Map with 8 players no pawn, Cops or last move\'s arrow covers a name', () => {
    let s = bigGame('phone-whole');
    s = playComputers(s, { steps: 40 }).state;
    const v = view(s, 'channel');
    expect(v.lastMove?.from).toBeTruthy();
    const bare = { ...noPieces(v), lastMove: null };
    const a = drawMapPicture(v, { cache: false }), b = drawMapPicture(bare, { cache: false });
    expect(a.layout.pieces.length).toBeGreaterThanOrEqual(7);
    expect(expectNamesUncovered(v, [a.layout], a.canvas.getContext('2d'), b.canvas.getContext('2d'))).toBeGreaterThan(80);
  }, 30_000);
});

describe('the private pictures at a phone’s width', () => {
  it('B2 a 19-tile hand: every tile’s names ≥ 11 CSS px, the title too', () => {
    const s = setup({ seats: [{ name: 'Ann', computer: false }, { name: 'Bob', computer: false }], seed: 'hand' }).state;
    const v = view(s, 0);
    const tiles = v.seats[0]!.tiles;
    expect(tiles.length).toBeGreaterThanOrEqual(19);
    const canvas = drawTileHand(v, 0);
    const scale = Math.min(1, PHONE / canvas.width);
    const set = standardTileSet();
    const smallest = Math.min(...tiles.flatMap((k) => nameBlocks(set.byId.get(k.split('#')[0]!)!, 0).map((b) => b.px * TILE_HAND_SIZE)));
    expect(smallest * scale).toBeGreaterThanOrEqual(11);
    // Three tiles a row: the picture is as wide as three tiles and their gaps.
    expect(canvas.width).toBeLessThan(TILE_HAND_SIZE * 3.6);
  });
});
