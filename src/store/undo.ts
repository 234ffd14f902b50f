/**
 * Undos in the action log. An undo is itself a row of the log (`{"platform":"undo",
 * "undoes":<seq>}`, no events), never a deleted row: replaying the log skips what was undone,
 * so the replayed state is exactly the stored one. Who may undo what, and the replay itself,
 * are src/runtime/replay.ts's; Store.saveUndo writes one.
 */
export interface UndoRecord {
  platform: 'undo';
  /** The seq of the action taken back. */
  undoes: number;
}

export function isUndo(action: unknown): action is UndoRecord {
  const a = action as Partial<UndoRecord> | null;
  return typeof a === 'object' && a !== null && a.platform === 'undo' && typeof a.undoes === 'number';
}

/** The entries of a log still in effect: neither undos nor actions taken back. */
export function inEffectOf<T extends { seq: number; action: unknown }>(log: readonly T[]): T[] {
  const kept: T[] = [];
  for (const entry of log) {
    if (!isUndo(entry.action)) kept.push(entry);
    else if (kept.at(-1)?.seq === entry.action.undoes) kept.pop();
  }
  return kept;
}
