import type { ReactNode } from 'react';
import type Modeler from 'bpmn-js/lib/Modeler';
import type { EditorModel } from './save/api';
import { clampZoom } from './modeler/zoomBounds';

/** What a toolbar item gets: the live modeler, the model being edited, and the save. */
export interface DesignerContext {
  modeler: Modeler;
  model: EditorModel | null;
  /** Saves as the Save button does; resolves with the saved model, or null when cancelled. */
  save: () => Promise<EditorModel | null>;
}

/** A control a designer feature adds after the designer's own toolbar buttons. */
export interface ToolbarItem {
  key: string;
  render: (ctx: DesignerContext) => ReactNode;
}

/** Zoom steps of seed 001 §2.1: 0.2 to 2 by 0.1. */
export function nextZoom(current: number, dir: 1 | -1): number {
  return clampZoom(Math.round((current + dir * 0.1) * 10) / 10);
}
