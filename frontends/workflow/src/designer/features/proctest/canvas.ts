/**
 * A case's run on the canvas (bpmn-js markers and an overlay): the nodes and flows it passed, and
 * the node where it diverged from what the case expected, with the failure's message beside it.
 */
import type Modeler from 'bpmn-js/lib/Modeler';
import type { CaseResult } from '../../../api/types';
import './proctest.css';
import { clearMarks, type Canvas, type Overlays, type Registry } from '../canvasMarks';

const PASSED = 'loom-proctest-passed';
const DIVERGED = 'loom-proctest-diverged';
const OVERLAY = 'loom-proctest';

export function clearCase(modeler: Modeler): void {
  clearMarks(modeler, [PASSED, DIVERGED], OVERLAY);
}

/** The node a failed case diverged at: the one the service named, else its first failure's. */
export function divergedNode(result: CaseResult): string {
  return result.divergedAt || result.failures?.find((f) => f.nodeId)?.nodeId || '';
}

export function paintCase(modeler: Modeler, result: CaseResult): void {
  clearCase(modeler);
  const canvas = modeler.get<Canvas>('canvas');
  const registry = modeler.get<Registry>('elementRegistry');
  for (const id of [...(result.activityIds ?? []), ...(result.flows ?? [])]) if (registry.get(id)) canvas.addMarker(id, PASSED);
  const node = result.passed ? '' : divergedNode(result);
  const element = node ? registry.get(node) : null;
  if (!element) return;
  canvas.addMarker(node, DIVERGED);
  const html = document.createElement('div');
  html.className = 'loom-proctest-reason';
  html.dataset.proctestDiverged = node;
  html.textContent = result.failures?.[0]?.message ?? '';
  modeler.get<Overlays>('overlays').add(node, OVERLAY, { position: { bottom: -8, left: 0 }, html });
  canvas.scrollToElement(element);
}
