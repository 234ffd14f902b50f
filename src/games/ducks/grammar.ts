/** Duck Pens' own small English: the article of a pen's name (counts and lists: ../grammar.ts). */

/** "a P pen", "an L pen": the article as the letter is said. */
export const a = (word: string): string => `${/^([AEFHILMNORSX](\b|-|\s)|[aeio])/.test(word) ? 'an' : 'a'} ${word}`;
