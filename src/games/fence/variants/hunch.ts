/**
 * State's Evidence on a Hunch (E18): a jailed player Moving Others may move the Cops by rolling
 * one die of the colour they choose, as a one-card tip-off of that value. Landing on a pawn
 * jails it and draws as a tip-off does; landing on nobody makes them an Unreliable Witness,
 * who skips their next turn.
 */
import type { Colour } from '../cards.ts';
import type { NbId } from '../geometry.ts';
import { coordsOfKey, inPlayAt, isJailed, tileKeyOf } from '../rules.ts';
import type { Table, Variant } from './variant.ts';

/** Where a roll of `value` on the `colour` die takes the Cops: in-play neighborhoods other than theirs. */
function hunchTargets(t: Table, colour: Colour, value: number): NbId[] {
  const s = t.s;
  const from = s.cops ? coordsOfKey(s, tileKeyOf(s.cops)) : null;
  if (!from) return [];
  const to = colour === 'red' ? { red: value, blue: from.blue } : { red: from.red, blue: value };
  return inPlayAt(s, to.red, to.blue).filter((nb) => nb !== s.cops);
}

function land(t: Table, seat: number, nb: NbId | null): void {
  const s = t.s;
  const caught = nb !== null && s.pawns.some((p, i) => p === nb && !s.out[i]);
  if (nb !== null) t.moveCops(seat, nb, 'hunch');
  else s.turn.cops = true;
  if (caught) return;
  const ext = t.ext();
  ext.witnesses = [...(ext.witnesses ?? []), seat];
  t.emit({ type: 'unreliableWitness', seat });
}

export const hunch: Variant = {
  name: 'State’s Evidence on a Hunch',
  on: (o) => o.hunch,
  actions(s, seat) {
    // Only the Cops part of a jailed player's Move Others, from a tile with coordinates.
    if (!isJailed(s, seat) || s.turn.cops || !s.cops || !coordsOfKey(s, tileKeyOf(s.cops))) return [];
    return [{ type: 'hunch', colour: 'red' }, { type: 'hunch', colour: 'blue' }];
  },
  act(t, seat, action) {
    if (action.type !== 'hunch') return false;
    const value = t.die();
    const targets = hunchTargets(t, action.colour, value);
    t.emit({ type: 'hunchRolled', seat, colour: action.colour, value, landed: targets.length > 0 });
    if (targets.length > 1) t.s.pending = { kind: 'marker', seat, what: 'hunch', options: targets };
    else land(t, seat, targets[0] ?? null);
    return true;
  },
  answerMarker(t, what, nb) {
    if (what === 'hunch') land(t, t.s.current, nb);
  },
  skipTurn(t, seat) {
    const w = t.s.extended?.witnesses ?? [];
    if (!w.includes(seat)) return false;
    t.ext().witnesses = w.filter((x) => x !== seat);
    t.emit({ type: 'credibilityRestored', seat });
    return true;
  },
  removed(t, seat) {
    const w = t.s.extended?.witnesses ?? [];
    if (w.includes(seat)) t.ext().witnesses = w.filter((x) => x !== seat);
  },
};
