/**
 * What the designer's features (dry run, process tests) draw on the canvas: bpmn-js markers on
 * nodes and flows, and overlays of their own type beside them. Each feature clears only its own.
 */
import type Modeler from 'bpmn-js/lib/Modeler';

export interface Canvas {
  addMarker: (id: string, marker: string) => void;
  removeMarker: (id: string, marker: string) => void;
  scrollToElement: (el: unknown) => void;
}
export interface Registry {
  get: (id: string) => unknown;
  getAll: () => Array<{ id: string }>;
}
export interface Overlays {
  add: (id: string, type: string, overlay: { position: Record<string, number>; html: HTMLElement }) => string;
  remove: (filter: { type: string }) => void;
}

/** Removes a feature's markers from every element and its overlays from the canvas. */
export function clearMarks(modeler: Modeler, markers: readonly string[], overlayType: string): void {
  const canvas = modeler.get<Canvas>('canvas');
  for (const el of modeler.get<Registry>('elementRegistry').getAll()) for (const m of markers) canvas.removeMarker(el.id, m);
  modeler.get<Overlays>('overlays').remove({ type: overlayType });
}
