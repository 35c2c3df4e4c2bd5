import { createContext } from 'react';
import type { Layout } from 'react-grid-layout';
import type { Platform } from '../render';

/** What the canvas shows as chosen; changes re-render only containers, not every widget. */
export interface CanvasState {
  selected: string | null;
  /** A report cell chosen for the report's design actions: `${reportKey}:${row}:${col}`. */
  cell: string | null;
  platform: Platform;
}
export const CanvasStateCtx = createContext<CanvasState>({ selected: null, cell: null, platform: 'pc' });

/** The canvas's actions (a stable object). */
export interface CanvasApi {
  select: (key: string | null) => void;
  selectCell: (id: string | null) => void;
  clone: (key: string) => void;
  remove: (key: string) => void;
  /** Drops what is being dragged into a slot at an index. */
  drop: (slotId: string, index: number) => void;
  /** Reorders / resizes the root from the grid layout. */
  rootLayout: (layout: Layout, resized?: { key: string; w: number }) => void;
  report: (key: string, op: string, r: number, c: number) => void;
  refused: () => void;
}

export const CanvasCtx = createContext<CanvasApi>(null as never);
