/** Small pieces the games' definitions (`<game>/index.ts`) share. */

/** A move command's `accepts`: the actions of these types. */
export const ofTypes = <A extends { type: string }>(...types: A['type'][]) => (a: A): boolean => types.includes(a.type);

/** A definition's `isFinal`: events of these types make the action that caused them final. */
export function finalAfter<E extends { type: string }>(types: readonly E['type'][]): (event: E) => boolean {
  const final = new Set<string>(types);
  return (e) => final.has(e.type);
}
