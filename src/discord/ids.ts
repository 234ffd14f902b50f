/**
 * Custom ids of buttons and select menus. Each carries everything its handler needs (the game
 * id, and the game version for one-time choices), so they keep working after a restart: the
 * state always comes from the store. Format: `f:<verb>:<gameId>[:<version>[:<value>]]`, at
 * most 100 characters. Every part is untrusted: handlers check it against the store.
 * A choice (`pick`) also names the seats it was offered to: `f:pick:<gameId>:<version>:s<seats>:<action>`;
 * so do an option that opens the next level of a choice (`tap`, with the labels pressed to reach
 * it) and a level's select menu (`tapm`): see src/platform/choices.ts.
 * A lobby's computer level button (`level`) names the seat and the level it sets: `f:level:<gameId>:<seat>:<level>`.
 */
export type ButtonVerb = 'join' | 'leave' | 'start' | 'hand' | 'handr' | 'pick' | 'tap' | 'tapm' | 'abort' | 'resign' | 'cancel' | 'opts' | 'opt' | 'optp' | 'undo' | 'rematch' | 'replay' | 'pause' | 'resume' | 'next' | 'level';
const VERBS: ReadonlySet<string> = new Set<ButtonVerb>(['join', 'leave', 'start', 'hand', 'handr', 'pick', 'tap', 'tapm', 'abort', 'resign', 'cancel', 'opts', 'opt', 'optp', 'undo', 'rematch', 'replay', 'pause', 'resume', 'next', 'level']);

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
  return buttonId({ verb: 'pick', gameId, version, value: `${seatMask(seats)}:${value}` });
}

const seatMask = (seats: readonly number[]): string => `s${seats.reduce((m, s) => m | (1 << s), 0).toString(36)}`;

/**
 * The labels pressed to reach a level, as a custom id keeps them: each URI-encoded, joined by
 * '/'. Labels that would make the id too long are written by their places in their levels
 * instead ('#0/3'), which mean the same only at the version offered.
 */
function pathText(path: readonly { label: string; index: number }[], room: number): string {
  const byLabel = path.map((p) => encodeURIComponent(p.label)).join('/');
  return byLabel.length <= room ? byLabel : `#${path.map((p) => p.index).join('/')}`;
}

/** The labels (or places, '#…') a path of a `tap` or `tapm` id holds. */
export type ChoicePath = { labels: string[] } | { places: number[] };

function readPath(text: string): ChoicePath | null {
  if (text === '') return { labels: [] };
  if (text.startsWith('#')) {
    const places = text.slice(1).split('/').map(Number);
    return places.every((n) => Number.isInteger(n) && n >= 0 && n < 1000) ? { places } : null;
  }
  try {
    return { labels: text.split('/').map(decodeURIComponent) };
  } catch {
    return null;
  }
}

/** An option that opens the level reached by `path` (the options pressed from the first level). */
export function tapId(gameId: number, version: number, seats: readonly number[], path: readonly { label: string; index: number }[]): string {
  const head = `f:tap:${gameId}:${version}:${seatMask(seats)}:`;
  return buttonId({ verb: 'tap', gameId, version, value: `${seatMask(seats)}:${pathText(path, 100 - head.length)}` });
}

/** The `n`th select menu of the level reached by `path`. */
export function tapMenuId(gameId: number, version: number, seats: readonly number[], n: number, path: readonly { label: string; index: number }[]): string {
  const head = `f:tapm:${gameId}:${version}:${seatMask(seats)}:${n}:`;
  return buttonId({ verb: 'tapm', gameId, version, value: `${seatMask(seats)}:${n}:${pathText(path, 100 - head.length)}` });
}

/** What a `tap` or `tapm` id holds: the seats offered, the path, and for a menu its place. */
export function tapOf(b: ButtonId): { seats: number[]; path: ChoicePath; menu: number | null } | null {
  const m = b.verb === 'tapm' ? /^s([0-9a-z]{1,7}):(\d{1,2}):(.*)$/s.exec(b.value ?? '') : /^s([0-9a-z]{1,7}):()(.*)$/s.exec(b.value ?? '');
  if (!m) return null;
  const path = readPath(m[3]!);
  if (!path) return null;
  return { seats: seatsOf(m[1]!), path, menu: b.verb === 'tapm' ? Number(m[2]) : null };
}

function seatsOf(mask36: string): number[] {
  const mask = parseInt(mask36, 36);
  const seats: number[] = [];
  for (let s = 0; s < 31; s++) if (mask & (1 << s)) seats.push(s);
  return seats;
}

/**
 * What a choice button offers: its action's encoding, and the seats it was offered to (null
 * for a button posted before choices named their seats).
 */
export function choiceOf(b: ButtonId): { seats: number[] | null; value: string } {
  const m = /^s([0-9a-z]{1,7}):(.*)$/s.exec(b.value ?? '');
  if (!m) return { seats: null, value: b.value ?? '' };
  return { seats: seatsOf(m[1]!), value: m[2]! };
}
