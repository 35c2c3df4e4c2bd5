import { useEffect, useRef, useState } from 'react';
import { Alert, Spin } from 'antd';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './flow-viewer.css';
import { http } from '@loom/ui';
import { chartColours, COLOURS, fitWhenShown, MARKER, type FlowChart } from './colours';

export interface FlowViewerProps {
  /** A process instance: its definition with visited nodes and taken flows (the usual case). */
  procInsId?: string;
  /** A process definition (no colours). */
  procDefId?: string;
  /** A model (its latest saved XML; no colours). */
  modelId?: string;
  /** Or the chart data itself. */
  data?: FlowChart;
  /** Height of the canvas (default 560). */
  height?: number | string;
}

/** Loads the chart data: `/flowable/task/getFlowChart` answers for instances, definitions and models alike. */
export function loadFlowChart(props: Pick<FlowViewerProps, 'procInsId' | 'procDefId' | 'modelId'>): Promise<FlowChart> {
  const params: Record<string, string> = {};
  if (props.procInsId) params.processInstanceId = props.procInsId;
  else if (props.procDefId) params.processDefId = props.procDefId;
  else if (props.modelId) params.modelId = props.modelId;
  return http.get<FlowChart>('/flowable/task/getFlowChart', params);
}

type Moddle = {
  fromXML: (xml: string, type: string) => Promise<{ rootElement: ModdleElement }>;
};
type ModdleElement = {
  $type: string;
  id?: string;
  get: (name: string) => unknown;
  set: (name: string, value: unknown) => void;
  [k: string]: unknown;
};

/** Paints the DI of highlighted elements (so arrowheads and labels take the colour too). */
function paint(definitions: ModdleElement, data: FlowChart): Map<string, keyof typeof MARKER> {
  const types = new Map<string, string>();
  const walk = (el: unknown) => {
    if (!el || typeof el !== 'object') return;
    const e = el as ModdleElement;
    if (e.id && typeof e.$type === 'string' && e.$type.startsWith('bpmn:') && !types.has(e.id)) types.set(e.id, e.$type);
    for (const k of ['rootElements', 'flowElements', 'participants', 'laneSets', 'lanes', 'artifacts']) {
      const v = e[k];
      if (Array.isArray(v)) v.forEach(walk);
    }
  };
  walk(definitions);
  const colours = chartColours(data, (id) => types.get(id));
  const diagrams = (definitions.get('diagrams') as ModdleElement[] | undefined) ?? [];
  for (const d of diagrams) {
    const plane = d.get('plane') as ModdleElement | undefined;
    for (const di of ((plane?.get('planeElement') as ModdleElement[] | undefined) ?? [])) {
      const target = di.get('bpmnElement') as ModdleElement | undefined;
      const c = target?.id ? colours.get(target.id) : undefined;
      if (c) di.set('color:border-color', COLOURS[c]);
    }
  }
  return colours;
}

/**
 * The read-only flow chart (seed 001 §2.3, §4.3) of an instance, a definition or a model:
 * visited nodes and taken flows blue, the current node red unless it is an end event.
 * Drag to pan, wheel to zoom.
 */
export function FlowViewer(props: FlowViewerProps) {
  const host = useRef<HTMLDivElement>(null);
  const viewer = useRef<NavigatedViewer | null>(null);
  const [data, setData] = useState<FlowChart | null>(props.data ?? null);
  const [error, setError] = useState<string | null>(null);
  const { procInsId, procDefId, modelId } = props;

  useEffect(() => {
    if (props.data) {
      setData(props.data);
      return;
    }
    let live = true;
    setData(null);
    loadFlowChart({ procInsId, procDefId, modelId })
      .then((d) => live && setData(d))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [procInsId, procDefId, modelId, props.data]);

  useEffect(() => {
    if (!host.current) return;
    const v = new NavigatedViewer({ container: host.current });
    viewer.current = v;
    return () => {
      v.destroy();
      viewer.current = null;
    };
  }, []);

  useEffect(() => {
    const v = viewer.current;
    if (!v || !data?.bpmnXml) return;
    let live = true;
    let unfit = () => undefined as void;
    (async () => {
      const moddle = v.get<Moddle>('moddle');
      const { rootElement } = await moddle.fromXML(data.bpmnXml, 'bpmn:Definitions');
      const colours = paint(rootElement, data);
      await v.importDefinitions(rootElement as never);
      if (!live) return;
      const canvas = v.get<{ addMarker: (id: string, m: string) => void; zoom: (z: string) => void; resized: () => void }>('canvas');
      const registry = v.get<{ get: (id: string) => unknown }>('elementRegistry');
      for (const [id, c] of colours) if (registry.get(id)) canvas.addMarker(id, MARKER[c]);
      // hidden (another tab), the canvas has no size to fit: it is fitted when shown, after it forgets
      // the size it cached while hidden (zero: fitting to it threw a non-finite SVGMatrix scale)
      if (host.current)
        unfit = fitWhenShown(host.current, () => {
          canvas.resized();
          canvas.zoom('fit-viewport');
        });
      setError(null);
    })().catch((e: Error) => {
      // Diagram import errors go to the console (seed §8) and show as a short notice.
      console.error(e);
      if (live) setError(e.message);
    });
    return () => {
      live = false;
      unfit();
    };
  }, [data]);

  return (
    <div className="loom-flow-viewer-wrap" style={{ position: 'relative', height: props.height ?? 560 }}>
      {error ? <Alert type="error" message={error} showIcon style={{ position: 'absolute', zIndex: 2, left: 8, top: 8 }} /> : null}
      {!data && !error ? <Spin style={{ position: 'absolute', left: '50%', top: '40%', zIndex: 2 }} /> : null}
      <div ref={host} className="loom-flow-viewer" data-flow-viewer="" style={{ height: '100%' }} />
    </div>
  );
}
