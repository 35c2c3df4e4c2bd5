import { useEffect, useRef } from 'react';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import type { NodeFigures } from './api';
import { heat, humanDuration } from './duration';

type Overlays = { add: (id: string, type: string, o: { position: object; html: HTMLElement }) => void };
type Canvas = { zoom: (mode: string) => void };
type Registry = { get: (id: string) => { width: number; height: number } | undefined };

/** The definition's diagram with each node that waits tinted by its mean waiting time (red = slowest)
 * and labelled with it (bpmn-js overlays, `data-node` / `data-rank` for tests). */
export function Heatmap({ xml, nodes, height = 420 }: { xml: string; nodes: NodeFigures[]; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current || !xml) return;
    const viewer = new NavigatedViewer({ container: box.current });
    const slowest = Math.max(...nodes.map((n) => n.meanMs), 1);
    void viewer.importXML(xml).then(() => {
      const overlays = viewer.get<Overlays>('overlays');
      const registry = viewer.get<Registry>('elementRegistry');
      nodes.forEach((n, rank) => {
        const shape = registry.get(n.id);
        if (!shape) return;
        const tint = document.createElement('div');
        tint.className = 'loom-heat';
        tint.dataset.node = n.id;
        tint.dataset.rank = String(rank);
        tint.title = `${n.name}: ${humanDuration(n.meanMs)}`;
        Object.assign(tint.style, {
          width: `${shape.width}px`,
          height: `${shape.height}px`,
          background: heat(n.meanMs / slowest),
          opacity: '0.45',
          borderRadius: '10px',
          pointerEvents: 'none',
        });
        overlays.add(n.id, 'heat', { position: { top: 0, left: 0 }, html: tint });
        const label = document.createElement('div');
        label.textContent = humanDuration(n.meanMs);
        Object.assign(label.style, { fontSize: '12px', fontWeight: '600', whiteSpace: 'nowrap' });
        overlays.add(n.id, 'heat-label', { position: { bottom: -4, left: 0 }, html: label });
      });
      viewer.get<Canvas>('canvas').zoom('fit-viewport');
    });
    return () => viewer.destroy();
  }, [xml, nodes]);
  return <div ref={box} className="loom-heatmap" style={{ height, border: '1px solid #f0f0f0' }} />;
}
