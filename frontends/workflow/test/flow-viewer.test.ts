import { chartColours, fitWhenShown } from '../src/components/flow-viewer/colours';

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

describe('fitting the chart to its viewport', () => {
  const sized = (w: number, h: number) => {
    const el = document.createElement('div');
    Object.defineProperty(el, 'clientWidth', { configurable: true, get: () => w });
    Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => h });
    return el;
  };

  it('fits at once when the chart is shown', () => {
    let fits = 0;
    fitWhenShown(sized(800, 500), () => (fits += 1), () => () => undefined);
    expect(fits).toBe(1);
  });

  it('waits while its tab is hidden (no size), and fits once when it is shown', () => {
    // given a chart in a hidden tab
    let w = 0;
    const el = document.createElement('div');
    Object.defineProperty(el, 'clientWidth', { get: () => w });
    Object.defineProperty(el, 'clientHeight', { get: () => w });
    let resized: () => void = () => undefined;
    let stopped = false;
    let fits = 0;
    fitWhenShown(el, () => (fits += 1), (_el, cb) => {
      resized = cb;
      return () => (stopped = true);
    });
    // then nothing is fitted (the viewer would log a non-finite matrix)
    expect(fits).toBe(0);
    resized();
    expect(fits).toBe(0);
    // when the tab is shown
    w = 600;
    resized();
    // then it is fitted once, and no longer watched
    expect(fits).toBe(1);
    expect(stopped).toBe(true);
  });
});
