/**
 * Custom ids of buttons and select menus. Each carries everything its handler needs (the game
 * id, and the game version for one-time choices), so they keep working after a restart: the
 * state always comes from the store. Format: `f:<verb>:<gameId>[:<version>[:<value>]]`, at
 * most 100 characters. Every part is untrusted: handlers check it against the store.
 * A choice (`pick`) also names the seats it was offered to: `f:pick:<gameId>:<version>:s<seats>:<action>`.
 */
export type ButtonVerb = 'join' | 'leave' | 'start' | 'hand' | 'handr' | 'pick' | 'abort' | 'resign' | 'cancel' | 'opts' | 'opt' | 'optp' | 'undo' | 'rematch' | 'replay' | 'pause' | 'resume';
const VERBS: ReadonlySet<string> = new Set<ButtonVerb>(['join', 'leave', 'start', 'hand', 'handr', 'pick', 'abort', 'resign', 'cancel', 'opts', 'opt', 'optp', 'undo', 'rematch', 'replay', 'pause', 'resume']);

export interface ButtonId {
  verb: ButtonVerb;
  gameId: number;
  version?: number;
  value?: string;
}

export function buttonId(b: ButtonId): string {
  const parts: (string | number)[] = ['f', b.verb, b.gameId];
  if (b.version !== undefined) parts.push(b.version);
  if (b.value !== undefined) parts.push(b.value);
  const id = parts.join(':');
  if (id.length > 100) throw new Error(`custom id too long: ${id.length}`);
  return id;
}

export function parseButtonId(id: string): ButtonId | null {
  const [f, verb, game, version, ...rest] = id.split(':');
  if (f !== 'f' || !verb || !VERBS.has(verb) || !game || !/^\d{1,15}$/.test(game)) return null;
  const out: ButtonId = { verb: verb as ButtonVerb, gameId: Number(game) };
  if (version !== undefined) {
    if (!/^\d{1,15}$/.test(version)) return null;
    out.version = Number(version);
  }
  if (rest.length) out.value = rest.join(':');
  return out;
}

/**
 * A choice button's id: `value` (the game's encoding of the action) offered at `version` to
 * `seats` (written as a bit mask in base 36: seats 0 and 2 are `s5`).
 */
export function choiceId(gameId: number, version: number, seats: readonly number[], value: string): string {
  const mask = seats.reduce((m, s) => m | (1 << s), 0);
  return buttonId({ verb: 'pick', gameId, version, value: `s${mask.toString(36)}:${value}` });
}

/**
 * What a choice button offers: its action's encoding, and the seats it was offered to (null
 * for a button posted before choices named their seats).
 */
export function choiceOf(b: ButtonId): { seats: number[] | null; value: string } {
  const m = /^s([0-9a-z]{1,7}):(.*)$/s.exec(b.value ?? '');
  if (!m) return { seats: null, value: b.value ?? '' };
  const mask = parseInt(m[1]!, 36);
  const seats: number[] = [];
  for (let s = 0; s < 31; s++) if (mask & (1 << s)) seats.push(s);
  return { seats, value: m[2]! };
}
