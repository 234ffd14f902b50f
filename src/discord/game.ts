/**
 * Answering whoever changed a game: privately, once the change is saved under the channel's
 * lock and its public posts are out. The change itself is the runtime's (src/runtime/moves.ts).
 */
import { StaleVersionError } from '../store/index.ts';
import type { PrivatePayload, Reply } from './reply.ts';

/**
 * What to tell whoever acted, once the change is saved under the channel's lock: said after
 * the lock is released and the posts are out, with why they could not be posted, if so.
 */
export interface Answer {
  text: string;
  posted: Promise<string | null>;
  /** Buttons that go with the answer (a move's **Undo**, the next level of a choice). */
  components?: PrivatePayload['components'];
  /** Pictures that go with it (a choice's level): the answer is then one Components V2 message. */
  files?: PrivatePayload['files'];
  v2?: boolean;
  /** Text read after the pictures (a level's options in words). */
  after?: string;
  /** It tells what the posts show (the game is over): a new message below them, not the reply placed before them. */
  below?: boolean;
}

/** `how`: a new private answer, or the presser's own ephemeral message replaced (a confirmation). */
export async function answerWhenPosted(r: Reply, answer: Answer | null | void, how: 'private' | 'update' = 'private'): Promise<void> {
  if (!answer) return;
  const problem = await answer.posted;
  const content = problem ? `${answer.text} ${problem}` : answer.text;
  // An update replaces the pressed message: its old buttons go unless the answer brings new ones.
  const body = {
    content,
    ...(answer.components || how === 'update' ? { components: answer.components ?? [] } : {}),
    ...(answer.files ? { files: answer.files } : {}),
    ...(answer.v2 ? { v2: true } : {}),
    ...(answer.after ? { below: answer.after } : {}),
  };
  await (answer.below ? r.below(body) : how === 'update' ? r.update(body) : r.private(body));
}

export function isStale(err: unknown): err is StaleVersionError {
  return err instanceof StaleVersionError;
}
