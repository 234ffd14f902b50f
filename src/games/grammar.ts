/** Small English that the games' words share: counts that agree with their nouns, lists. */

/** "1 card", "2 cards"; `many` for irregular ones ("2 sheep", "3 duck boxes"). */
export const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** "a, b and c". */
export const listAnd = (items: readonly string[]): string => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);
