/**
 * The tabs and the search box of the generic panel (seed 001 §2.2 variant A): every group belongs
 * to one tab; a tab shows when the element has a group in it (Connector only for a connector
 * implementation, Listeners not for link-throw events); when the active tab becomes hidden the
 * first one is chosen; the search keeps the groups and entries whose label holds the text.
 * The state is a DI service the React wrapper (../GenericPanel.tsx) reads and changes.
 */
export const TABS = [
  { key: 'general', label: 'General' },
  { key: 'variables', label: 'Variables' },
  { key: 'connector', label: 'Connector' },
  { key: 'forms', label: 'Forms' },
  { key: 'listeners', label: 'Listeners' },
  { key: 'inputOutput', label: 'Input/Output' },
  { key: 'buttons', label: 'Buttons Settings' },
  { key: 'fieldInjections', label: 'Field Injections' },
  { key: 'extensions', label: 'Extensions' },
] as const;

export type TabKey = (typeof TABS)[number]['key'];

/** The tab of a group, by its id; every group not named here (BPMN's own…) is General. */
const TAB_OF: Record<string, TabKey> = {
  'flowable-mapping-in': 'variables', 'flowable-mapping-out': 'variables',
  'flowable-connector-input': 'connector', 'flowable-connector-output': 'connector',
  'flowable-form': 'forms', 'flowable-form-fields': 'forms',
  'flowable-execution-listeners': 'listeners', 'flowable-task-listeners': 'listeners',
  'flowable-io-input': 'inputOutput', 'flowable-io-output': 'inputOutput',
  'flowable-buttons': 'buttons',
  'flowable-fields': 'fieldInjections',
  'flowable-properties': 'extensions',
};

/** General's groups in the seed's order (General, Details, …, Documentation); the others keep theirs in between. */
const GENERAL_ORDER = ['general', 'flowable-initiator'];
const GENERAL_LAST = ['flowable-async', 'flowable-job', 'flowable-external', 'flowable-starter', 'flowable-history', 'flowable-tasklist', 'documentation'];
const rank = (id: string) => (GENERAL_ORDER.includes(id) ? GENERAL_ORDER.indexOf(id) : GENERAL_LAST.includes(id) ? 10 + GENERAL_LAST.indexOf(id) : 5);

export const tabOf = (groupId: string): TabKey => TAB_OF[groupId] ?? 'general';

export interface PanelGroup {
  id: string;
  label: string;
  entries?: Array<{ id: string; label?: string } & Record<string, unknown>>;
  items?: Array<{ id: string; label?: string; entries?: Array<{ label?: string }> }>;
}

type Listener = () => void;

export class GenericPanelState {
  static $inject = ['eventBus'];
  tab: TabKey = 'general';
  query = '';
  /** The tabs the selected element has, in the seed's order. */
  visible: TabKey[] = ['general'];
  private readonly listeners = new Set<Listener>();
  private snapshot = { tab: this.tab, query: this.query, visible: this.visible };

  constructor(private readonly eventBus: { fire: (event: string) => void }) {}

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private changed(rerender: boolean) {
    this.snapshot = { tab: this.tab, query: this.query, visible: this.visible };
    this.listeners.forEach((l) => l());
    if (rerender) this.eventBus.fire('propertiesPanel.providersChanged');
  }

  select(tab: TabKey) {
    if (tab === this.tab) return;
    this.tab = tab;
    this.changed(true);
  }

  search(query: string) {
    if (query === this.query) return;
    this.query = query;
    this.changed(true);
  }

  /** The groups of the active tab matching the search; records which tabs the element has. */
  filter<G extends PanelGroup>(groups: G[]): G[] {
    const visible = TABS.map((t) => t.key).filter((k) => groups.some((g) => tabOf(g.id) === k));
    const tab = visible.includes(this.tab) ? this.tab : (visible[0] ?? 'general');
    if (tab !== this.tab || visible.join() !== this.visible.join()) {
      this.tab = tab;
      this.visible = visible;
      // tells the tabs only: the groups below are already those of the chosen tab
      queueMicrotask(() => this.changed(false));
    }
    const shown = groups.filter((g) => tabOf(g.id) === tab).sort((a, b) => rank(a.id) - rank(b.id));
    return searchGroups(shown, this.query);
  }
}

const holds = (text: unknown, q: string) => typeof text === 'string' && text.toLowerCase().includes(q);

/** Groups whose label holds the text whole; in the others, only the entries (or list items) that do. */
export function searchGroups<G extends PanelGroup>(groups: G[], query: string): G[] {
  const q = query.trim().toLowerCase();
  if (!q) return groups;
  const out: G[] = [];
  for (const g of groups) {
    if (holds(g.label, q)) {
      out.push(g);
      continue;
    }
    const entries = g.entries?.filter((e) => holds(e.label, q) || holds(e.id, q));
    if (entries?.length) out.push({ ...g, entries });
    const items = g.items?.filter((i) => holds(i.label, q) || i.entries?.some((e) => holds(e.label, q)));
    if (items?.length) out.push({ ...g, items, shouldOpen: true });
  }
  return out;
}

/** The last provider: it keeps the groups of the active tab that match the search. */
export class GenericTabsFilter {
  static $inject = ['propertiesPanel', 'genericPanelState'];
  constructor(propertiesPanel: { registerProvider: (priority: number, provider: unknown) => void }, private readonly state: GenericPanelState) {
    propertiesPanel.registerProvider(1, this);
  }

  getGroups() {
    return (groups: PanelGroup[]) => this.state.filter(groups);
  }
}
