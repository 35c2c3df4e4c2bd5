import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Input, Tabs } from 'antd';
import type Modeler from 'bpmn-js/lib/Modeler';
import { TABS, type GenericPanelState, type TabKey } from './generic';

/**
 * Variant A (seed 001 §2.2): bpmn-js-properties-panel with our Flowable descriptor and the
 * Flowable groups of ./generic, under the seed's tabs and a search box. The panel is a DI service
 * of the modeler; this component gives it a place in the page while the variant is chosen, and
 * shows the tabs the selected element has (state: the `genericPanelState` service).
 */
export function GenericPanel({ modeler }: { modeler: Modeler }) {
  const host = useRef<HTMLDivElement>(null);
  const state = modeler.get<GenericPanelState>('genericPanelState');
  const translate = modeler.get<(text: string) => string>('translate');
  const { tab, query, visible } = useSyncExternalStore(state.subscribe, state.getSnapshot);
  useEffect(() => {
    const panel = modeler.get<{ attachTo: (el: HTMLElement) => void; detach: () => void }>('propertiesPanel');
    if (host.current) panel.attachTo(host.current);
    return () => panel.detach();
  }, [modeler]);
  return (
    <div className="loom-generic-panel" data-generic-panel="" style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Input.Search
        allowClear
        size="small"
        data-generic-search=""
        placeholder={translate('Search properties')}
        defaultValue={query}
        onChange={(e) => state.search(e.target.value)}
        style={{ padding: '6px 8px' }}
      />
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(key) => state.select(key as TabKey)}
        items={TABS.filter((t) => visible.includes(t.key)).map((t) => ({ key: t.key, label: <span data-generic-tab={t.key}>{translate(t.label)}</span> }))}
        tabBarStyle={{ margin: '0 8px' }}
      />
      <div ref={host} style={{ flex: 1, minHeight: 0, overflow: 'auto' }} />
    </div>
  );
}
