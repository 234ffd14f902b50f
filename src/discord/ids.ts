/**
 * Custom ids of buttons and select menus. Each carries everything its handler needs (the game
 * id, and the game version for one-time choices), so they keep working after a restart: the
 * state always comes from the store. Format: `f:<verb>:<gameId>[:<version>[:<value>]]`, at
 * most 100 characters. Every part is untrusted: handlers check it against the store.
 */
export type ButtonVerb = 'join' | 'leave' | 'start' | 'hand' | 'handr' | 'pick' | 'abort' | 'resign' | 'cancel' | 'opts' | 'opt' | 'optp' | 'undo' | 'rematch' | 'next';
const VERBS: ReadonlySet<string> = new Set<ButtonVerb>(['join', 'leave', 'start', 'hand', 'handr', 'pick', 'abort', 'resign', 'cancel', 'opts', 'opt', 'optp', 'undo', 'rematch', 'next']);

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
