/**
 * The designer's palette (seed 001 §2.1): hand, lasso and global connect; start event, timer
 * intermediate catch event, end event, exclusive gateway, user task, expanded sub-process, pool.
 * A palette provider that rewrites bpmn-js's entries (diagram-js calls a returned function with them).
 */
type Entry = { group: string; className: string; title: string; action: unknown };
type Entries = Record<string, Entry>;
type Shape = unknown;

interface Injected {
  palette: { registerProvider: (priority: number, provider: unknown) => void };
  create: { start: (event: Event, shape: Shape) => void };
  elementFactory: { createShape: (attrs: Record<string, unknown>) => Shape };
  bpmnFactory: { create: (type: string, attrs?: Record<string, unknown>) => unknown };
  translate: (s: string) => string;
}

const KEEP = ['hand-tool', 'lasso-tool', 'global-connect-tool', 'tool-separator', 'create.start-event', 'create.end-event', 'create.exclusive-gateway', 'create.subprocess-expanded', 'create.participant-expanded'];

export class LoomPaletteProvider {
  static $inject = ['palette', 'create', 'elementFactory', 'bpmnFactory', 'translate'];
  private readonly deps: Injected;

  constructor(palette: Injected['palette'], create: Injected['create'], elementFactory: Injected['elementFactory'], bpmnFactory: Injected['bpmnFactory'], translate: Injected['translate']) {
    this.deps = { palette, create, elementFactory, bpmnFactory, translate };
    palette.registerProvider(500, this);
  }

  private action(title: string, className: string, group: string, attrs: () => Record<string, unknown>): Entry {
    const start = (event: Event) => this.deps.create.start(event, this.deps.elementFactory.createShape(attrs()));
    return { group, className, title: this.deps.translate(title), action: { dragstart: start, click: start } };
  }

  getPaletteEntries(): (entries: Entries) => Entries {
    return (entries) => {
      const out: Entries = {};
      for (const [id, entry] of Object.entries(entries)) {
        if (!KEEP.includes(id)) continue;
        out[id] = entry;
        if (id === 'create.start-event') {
          out['create.timer-catch-event'] = this.action('Create timer intermediate catch event', 'bpmn-icon-intermediate-event-catch-timer', 'event', () => ({
            type: 'bpmn:IntermediateCatchEvent',
            eventDefinitionType: 'bpmn:TimerEventDefinition',
          }));
        }
        if (id === 'create.exclusive-gateway') {
          out['create.user-task'] = this.action('Create user task', 'bpmn-icon-user-task', 'activity', () => ({ type: 'bpmn:UserTask' }));
        }
      }
      if (out['create.exclusive-gateway']) out['create.exclusive-gateway'] = { ...out['create.exclusive-gateway'], title: this.deps.translate('Create exclusive gateway') };
      return out;
    };
  }
}

/**
 * A tooltip beside the palette entry under the pointer: the entry's translated name (diagram-js
 * puts it in `aria-label` only, so a new user hovering the icons saw nothing).
 */
export class LoomPaletteTips {
  static $inject = ['canvas'];

  constructor(canvas: { getContainer: () => HTMLElement }) {
    const container = canvas.getContainer();
    let tip: HTMLDivElement | null = null;
    const hide = () => {
      tip?.remove();
      tip = null;
    };
    container.addEventListener('mouseover', (e) => {
      const entry = (e.target as Element | null)?.closest?.('.djs-palette .entry[aria-label]') as HTMLElement | null;
      const text = entry?.getAttribute('aria-label');
      if (!entry || !text) return hide();
      if (!tip) {
        tip = document.createElement('div');
        tip.className = 'loom-palette-tip';
        container.appendChild(tip);
      }
      tip.textContent = text;
      const box = container.getBoundingClientRect();
      const at = entry.getBoundingClientRect();
      tip.style.left = `${at.right - box.left + 8}px`;
      tip.style.top = `${at.top - box.top + at.height / 2}px`;
    });
    container.addEventListener('mouseleave', hide);
    container.addEventListener('mousedown', hide);
  }
}

export const paletteModule = {
  __init__: ['loomPaletteProvider', 'loomPaletteTips'],
  loomPaletteProvider: ['type', LoomPaletteProvider],
  loomPaletteTips: ['type', LoomPaletteTips],
};
