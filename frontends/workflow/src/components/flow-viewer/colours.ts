/**
 * The flow chart's colours (seed 001 §4.3): visited nodes and taken flows blue; the last visited
 * node — the current one — red, unless it is an end event (then blue: the process is over).
 */
import type { FlowChart } from '../../api/types';

export type ChartColour = 'visited' | 'current';

/** `{bpmnXml, activityIds, flows}` of getFlowChart: visited nodes in order (the current one last), taken flows. */
export type { FlowChart } from '../../api/types';

/** Marker of each highlighted element; `typeOf` answers an element's BPMN type (`bpmn:EndEvent`). */
export function chartColours(data: Pick<FlowChart, 'activityIds' | 'flows'>, typeOf: (id: string) => string | undefined): Map<string, ChartColour> {
  const out = new Map<string, ChartColour>();
  for (const id of data.activityIds) out.set(id, 'visited');
  for (const id of data.flows) out.set(id, 'visited');
  const last = data.activityIds[data.activityIds.length - 1];
  if (last !== undefined && typeOf(last) !== 'bpmn:EndEvent') out.set(last, 'current');
  return out;
}

/** The CSS class put on a highlighted element (styles in flow-viewer.css). */
export const MARKER: Record<ChartColour, string> = { visited: 'loom-flow-visited', current: 'loom-flow-current' };
/** The colours themselves (also used by the browser tests to read back the chart). */
export const COLOURS: Record<ChartColour, string> = { visited: '#1677ff', current: '#ff4d4f' };

/**
 * Runs `fit` once `el` has a size: at once when it is shown, else when it is next laid out (a chart
 * loaded in a hidden tab has no size, and fitting it to the viewport there fails with a non-finite
 * matrix in the console). Answers the undo.
 */
export function fitWhenShown(el: HTMLElement, fit: () => void, observe: (el: HTMLElement, cb: () => void) => () => void = resizeObserved): () => void {
  const shown = () => el.clientWidth > 0 && el.clientHeight > 0;
  if (shown()) {
    fit();
    return () => undefined;
  }
  const stop = observe(el, () => {
    if (!shown()) return;
    stop();
    fit();
  });
  return stop;
}

function resizeObserved(el: HTMLElement, cb: () => void): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  const o = new ResizeObserver(cb);
  o.observe(el);
  return () => o.disconnect();
}
