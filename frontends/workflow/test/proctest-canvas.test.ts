import { describe, expect, it } from 'vitest';
import type Modeler from 'bpmn-js/lib/Modeler';
import type { CaseResult } from '../src/api/types';
import { clearCase, paintCase } from '../src/designer/features/proctest/canvas';

/** A modeler's canvas, registry and overlays as far as painting a case uses them. */
function fakeModeler(ids: string[]) {
  const markers = new Map<string, Set<string>>();
  const overlays: Array<{ id: string; text: string; node: string }> = [];
  const scrolled: unknown[] = [];
  const services: Record<string, unknown> = {
    canvas: {
      addMarker: (id: string, m: string) => markers.set(id, new Set([...(markers.get(id) ?? []), m])),
      removeMarker: (id: string, m: string) => markers.get(id)?.delete(m),
      scrollToElement: (el: unknown) => scrolled.push(el),
    },
    elementRegistry: { get: (id: string) => (ids.includes(id) ? { id } : undefined), getAll: () => ids.map((id) => ({ id })) },
    overlays: {
      add: (id: string, _type: string, o: { html: HTMLElement }) => overlays.push({ id, text: o.html.textContent ?? '', node: o.html.dataset.proctestDiverged ?? '' }),
      remove: () => overlays.splice(0),
    },
  };
  const modeler = { get: (name: string) => services[name] } as unknown as Modeler;
  const marked = (marker: string) => [...markers].filter(([, s]) => s.has(marker)).map(([id]) => id);
  return { modeler, marked, overlays, scrolled };
}

const failed: CaseResult = {
  name: '五天假到人事',
  passed: false,
  status: 'completed',
  millis: 3,
  activityIds: ['start', 'dept', 'gw', 'end'],
  flows: ['f1', 'f2', 'f_short'],
  divergedAt: 'gw',
  failures: [{ step: 2, nodeId: 'hr', message: '第2步: 没有待办任务，期望在节点[人事审批(hr)]办理' }],
};
const IDS = ['start', 'dept', 'gw', 'hr', 'end', 'f1', 'f2', 'f_long', 'f_short', 'f3'];

describe('a process test case on the diagram', () => {
  it('marks the path it took and the node it diverged at, with the failure beside it', () => {
    // given
    const { modeler, marked, overlays, scrolled } = fakeModeler(IDS);
    // when
    paintCase(modeler, failed);
    // then
    expect(marked('loom-proctest-passed')).toEqual(['start', 'dept', 'gw', 'end', 'f1', 'f2', 'f_short']);
    expect(marked('loom-proctest-diverged')).toEqual(['gw']);
    expect(overlays).toEqual([{ id: 'gw', node: 'gw', text: '第2步: 没有待办任务，期望在节点[人事审批(hr)]办理' }]);
    expect(scrolled).toEqual([{ id: 'gw' }]);
  });

  it('falls back to the failure’s node, and a passed case or a cleared one marks no divergence', () => {
    const { modeler, marked, overlays } = fakeModeler(IDS);
    paintCase(modeler, { ...failed, divergedAt: null });
    expect(marked('loom-proctest-diverged')).toEqual(['hr']);
    paintCase(modeler, { ...failed, passed: true, failures: [] });
    expect(marked('loom-proctest-diverged')).toEqual([]);
    clearCase(modeler);
    expect(marked('loom-proctest-passed')).toEqual([]);
    expect(overlays).toEqual([]);
  });
});
