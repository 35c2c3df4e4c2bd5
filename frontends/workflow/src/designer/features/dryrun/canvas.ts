/**
 * The dry run on the canvas: visited nodes and taken flows, the step being looked at, and the node
 * the run stopped on with its reason as an overlay.
 */
import type Modeler from 'bpmn-js/lib/Modeler';
import type { DryRunResult } from './api';
import './dryrun.css';
import { clearMarks, type Canvas, type Overlays, type Registry } from '../canvasMarks';

const MARKERS = ['loom-dryrun-visited', 'loom-dryrun-current', 'loom-dryrun-stopped'];

export function clearRun(modeler: Modeler): void {
  clearMarks(modeler, MARKERS, 'loom-dryrun');
}

/** Paints a run: everything visited up to `upTo` (a step's seq), that step's node as current. */
export function paintRun(modeler: Modeler, result: DryRunResult, upTo: number): void {
  clearRun(modeler);
  const canvas = modeler.get<Canvas>('canvas');
  const registry = modeler.get<Registry>('elementRegistry');
  const mark = (id: string, marker: string) => registry.get(id) && canvas.addMarker(id, marker);
  const shown = result.steps.filter((s) => s.seq <= upTo);
  for (const step of shown) if (step.type !== 'stop') mark(step.nodeId, 'loom-dryrun-visited');
  const current = shown[shown.length - 1];
  if (current) mark(current.nodeId, 'loom-dryrun-current');
  const stop = shown.find((s) => s.type === 'stop');
  if (stop && stop.nodeId && registry.get(stop.nodeId)) {
    mark(stop.nodeId, 'loom-dryrun-stopped');
    const html = document.createElement('div');
    html.className = 'loom-dryrun-reason';
    html.dataset.dryrunStop = stop.nodeId;
    html.textContent = result.reason ?? '';
    modeler.get<Overlays>('overlays').add(stop.nodeId, 'loom-dryrun', { position: { bottom: -8, left: 0 }, html });
  }
}
