/**
 * Undo / redo of the designer (seed 001 §4.4): every change appends a snapshot and discards the
 * redo steps after the cursor; undo is possible while the cursor is above 1 (the first snapshot
 * is the form as opened), redo while snapshots remain ahead; a new designer starts a new history.
 */
export interface History {
  /** JSON snapshots, oldest first. */
  entries: string[];
  /** 1-based position of the current snapshot. */
  cursor: number;
}

/** At most this many snapshots are kept (the oldest go first). */
export const HISTORY_LIMIT = 100;

/** A new history holding the form as opened (called on mount: any older history is dropped). */
export function startHistory(snapshot: string): History {
  return { entries: [snapshot], cursor: 1 };
}

/** Records a change: the steps after the cursor are discarded. An unchanged form records nothing. */
export function record(h: History, snapshot: string): History {
  if (h.entries[h.cursor - 1] === snapshot) return h;
  let entries = [...h.entries.slice(0, h.cursor), snapshot];
  if (entries.length > HISTORY_LIMIT) entries = entries.slice(entries.length - HISTORY_LIMIT);
  return { entries, cursor: entries.length };
}

export const canUndo = (h: History) => h.cursor > 1;
export const canRedo = (h: History) => h.cursor < h.entries.length;

/** Steps back; answers the history and the snapshot to show (null when there is nothing to undo). */
export function undo(h: History): [History, string | null] {
  if (!canUndo(h)) return [h, null];
  const next = { ...h, cursor: h.cursor - 1 };
  return [next, next.entries[next.cursor - 1]!];
}

export function redo(h: History): [History, string | null] {
  if (!canRedo(h)) return [h, null];
  const next = { ...h, cursor: h.cursor + 1 };
  return [next, next.entries[next.cursor - 1]!];
}
