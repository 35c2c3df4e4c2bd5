import { chartColours } from '../src/components/flow-viewer/colours';

const types: Record<string, string> = { start: 'bpmn:StartEvent', task: 'bpmn:UserTask', end: 'bpmn:EndEvent' };

describe('flow chart colours', () => {
  it('paints visited nodes and taken flows blue and the current task red', () => {
    // given a running instance waiting in `task`
    const c = chartColours({ activityIds: ['start', 'task'], flows: ['f1'] }, (id) => types[id]);
    // then
    expect(c.get('start')).toBe('visited');
    expect(c.get('f1')).toBe('visited');
    expect(c.get('task')).toBe('current');
  });

  it('keeps an ended instance all blue: the end event is never red', () => {
    const c = chartColours({ activityIds: ['start', 'task', 'end'], flows: ['f1', 'f2'] }, (id) => types[id]);
    expect([...c.values()].every((v) => v === 'visited')).toBe(true);
  });

  it('paints nothing for a definition without an instance', () => {
    expect(chartColours({ activityIds: [], flows: [] }, () => undefined).size).toBe(0);
  });
});
