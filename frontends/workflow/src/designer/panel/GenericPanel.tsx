import { useEffect, useRef } from 'react';
import type Modeler from 'bpmn-js/lib/Modeler';

/**
 * Variant A (seed 001 §2.2): bpmn-js-properties-panel with our Flowable descriptor and the
 * Flowable groups of ./generic. The panel is a DI service of the modeler; this component only
 * gives it a place in the page while the variant is chosen.
 */
export function GenericPanel({ modeler }: { modeler: Modeler }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const panel = modeler.get<{ attachTo: (el: HTMLElement) => void; detach: () => void }>('propertiesPanel');
    if (host.current) panel.attachTo(host.current);
    return () => panel.detach();
  }, [modeler]);
  return <div ref={host} className="loom-generic-panel" data-generic-panel="" style={{ height: '100%' }} />;
}
