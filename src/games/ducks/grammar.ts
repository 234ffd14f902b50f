/** Small English for the words players read: counts that agree with their nouns, lists, articles. */

/** "1 point", "2 points"; `many` for irregular ones ("2 bread"). */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** "1, 2 and 3". */
export const listText = (items: readonly string[]): string => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/** "a P pen", "an L pen": the article as the letter is said. */
export const a = (word: string): string => `${/^([AEFHILMNORSX](\b|-|\s)|[aeio])/.test(word) ? 'an' : 'a'} ${word}`;
