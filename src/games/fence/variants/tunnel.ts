/**
 * Tunnel (E4): after the map is built, the First Player draws two red/blue pairs and picks a
 * neighborhood on each tile; the two are joined by a two-way road one tile long that ignores
 * One Way signs. An absent tile, or the first end's tile again, is drawn again.
 */
import { inPlayAt, tileKeyOf, firstPlayerOf } from '../rules.ts';
import { takePair } from '../stash.ts';
import type { NbId } from '../geometry.ts';
import type { Table, Variant } from './variant.ts';

/** Draws the next end: placed at once when the tile has one neighborhood, else asked. */
function drawEnd(t: Table): void {
  const ends = t.s.extended?.tunnel ?? [];
  for (let attempt = 0; attempt < 200; attempt++) {
    const { stash, discard } = t.piles();
    const pair = takePair(stash, discard);
    if (pair) discard.push(pair.red, pair.blue);
    // An empty Stash: the dice stand in for the cards, as the rules allow.
    const red = pair ? Number(pair.red[1]) : t.die(), blue = pair ? Number(pair.blue[1]) : t.die();
    const options = inPlayAt(t.s, red, blue).filter((nb) => !ends.some((e) => tileKeyOf(e) === tileKeyOf(nb)));
    t.emit({ type: 'tunnelDrawn', cards: pair ? [pair.red, pair.blue] : [], red, blue, again: options.length === 0 });
    if (options.length === 1) return addEnd(t, options[0]!);
    if (options.length > 1) {
      t.s.pending = { kind: 'marker', seat: firstPlayerOf(t.s), what: 'tunnel', options };
      return;
    }
  }
}

function addEnd(t: Table, nb: NbId): void {
  const ends = [...(t.s.extended?.tunnel ?? []), nb];
  t.ext().tunnel = ends;
  if (ends.length < 2) drawEnd(t);
  else t.emit({ type: 'tunnelDug', ends });
}

export const tunnel: Variant = {
  name: 'Tunnel',
  on: (o) => o.tunnel,
  afterBuilding: drawEnd,
  answerMarker(t, what, nb) {
    if (what === 'tunnel') addEnd(t, nb);
  },
  links: (s) => {
    const ends = s.extended?.tunnel;
    return ends && ends.length === 2 ? [[ends[0]!, ends[1]!]] : [];
  },
};

