import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Button, Divider, Modal, Segmented, Space, Tooltip } from 'antd';
import {
  CloudUploadOutlined, DownloadOutlined, FolderOpenOutlined, RedoOutlined, SaveOutlined, UndoOutlined, ZoomInOutlined, ZoomOutOutlined, ExpandOutlined, FileImageOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '@loom/ui';
import '../locales/designer';
import '../locales/designer-panel';
import { createModeler, exportXml, importXml, type Modeler } from './modeler';
import { newDiagramXml } from './modeler/newDiagram';
import { designerApi, type EditorModel } from './save/api';
import { saveDiagram } from './save/saveFlow';
import { documentation, processOf, services, type Bo, type DiagramElement } from './model/access';
import { nextZoom, type DesignerContext } from './toolbar';
import { ProductPanel } from './panel/ProductPanel';
import { GenericPanel } from './panel/GenericPanel';
import './designer.css';
import { designerFeatures } from './features';

const FEATURE_MODULES = designerFeatures.flatMap((f) => f.modules ?? []);
const FEATURE_TOOLBAR = designerFeatures.flatMap((f) => f.toolbar ?? []);

export interface DesignerProps {
  open: boolean;
  /** The model to edit; none starts a blank diagram. */
  modelId?: string;
  /** Category used when publishing ('未设置' by default). */
  category?: string;
  onClose: () => void;
  /** After each successful save (the list refreshes). */
  onSaved?: () => void;
}

const download = (name: string, text: string, type: string) => saveBlob(new Blob([text], { type }), name);

/** All business objects of the diagram (no labels, no root), once each. */
function diagramElements(modeler: Modeler): Bo[] {
  const seen = new Map<string, Bo>();
  for (const e of services(modeler).elementRegistry.getAll()) {
    if (e.type === 'label' || !e.businessObject?.id) continue;
    seen.set(e.businessObject.id, e.businessObject);
  }
  return [...seen.values()];
}

/**
 * The process designer (seed 001 §2.1, §4.2): a full-screen dialog with the bpmn-js modeler,
 * the toolbar (save, save and publish, open, undo/redo, zoom, downloads, added items) and the
 * product or the generic properties panel.
 */
export function Designer(props: DesignerProps) {
  const { t } = useTranslation('designer');
  const { message, modal, notification } = App.useApp();
  const canvasRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [modeler, setModeler] = useState<Modeler | null>(null);
  const [model, setModel] = useState<EditorModel | null>(null);
  const [element, setElement] = useState<DiagramElement | null>(null);
  const [version, setVersion] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [panel, setPanel] = useState<'product' | 'generic'>('product');
  const [busy, setBusy] = useState(false);
  const modelRef = useRef<EditorModel | null>(null);
  modelRef.current = model;
  const category = props.category || t('model.notSet');

  // create the modeler once the dialog's body is in the DOM
  useEffect(() => {
    if (!props.open) return;
    let m: Modeler | null = null;
    let live = true;
    const start = () => {
      if (!live) return;
      if (!canvasRef.current) {
        requestAnimationFrame(start);
        return;
      }
      m = createModeler({ container: canvasRef.current, additionalModules: FEATURE_MODULES });
      const select = () => {
        const selection = m!.get<{ get: () => DiagramElement[] }>('selection').get();
        const one = selection.length === 1 ? (selection[0] as DiagramElement & { labelTarget?: DiagramElement }) : null;
        // a selected label edits the element it belongs to
        setElement(one ? (one.labelTarget ?? one) : m!.get<{ getRootElement: () => DiagramElement }>('canvas').getRootElement());
        setVersion((v) => v + 1);
      };
      const events = m.get<{ on: (e: string | string[], fn: (...a: unknown[]) => void) => void }>('eventBus');
      events.on(['selection.changed', 'import.done'], select);
      events.on('elements.changed', () => setVersion((v) => v + 1));
      events.on('canvas.viewbox.changed', (e) => setZoom(Math.round(((e as { viewbox: { scale: number } }).viewbox.scale) * 10) / 10));
      setModeler(m);
      void load(m);
    };
    start();
    return () => {
      live = false;
      m?.destroy();
      setModeler(null);
      setModel(null);
      setElement(null);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.open, props.modelId]);

  const load = async (m: Modeler) => {
    let xml = newDiagramXml();
    if (props.modelId) {
      const found = await designerApi.editorJson(props.modelId);
      setModel(found);
      xml = found.bpmnXml || newDiagramXml({ key: found.key, name: found.name });
    }
    try {
      await importXml(m, xml);
    } catch (e) {
      console.error(e); // seed §8: import errors go to the console
    }
  };

  /**
   * Saves the diagram as drawn (seed §4.2): `isExecutable` stays as the user set it. Publishing
   * (`publish`) marks the process executable first, as one undoable change: the engine deploys
   * executable processes only, and publishing is the user saying this one is to run.
   */
  const save = useCallback(async (opts: { publish?: boolean } = {}): Promise<EditorModel | null> => {
    if (!modeler) return null;
    const s = services(modeler);
    const proc = processOf(s);
    if (opts.publish && proc.get('isExecutable') !== true) s.modeling.updateModdleProperties(s.canvas.getRootElement(), proc, { isExecutable: true });
    const xml = await exportXml(modeler);
    setBusy(true);
    try {
      const result = await saveDiagram({
        model: modelRef.current,
        xml,
        process: { key: proc.id ?? '', name: proc.name ?? '', description: documentation(proc) },
        category: props.category,
        elements: diagramElements(modeler),
        confirmNewModel: () => new Promise<boolean>((resolve) => modal.confirm({ title: t('common.tip'), content: t('designer.confirmNewModel'), onOk: () => resolve(true), onCancel: () => resolve(false) })),
      });
      if (result.status === 'cancelled') {
        void message.info(t('designer.cancelled'));
        return null;
      }
      setModel(result.model);
      void message.success(t('designer.saved'));
      for (const w of result.warnings) {
        notification.warning({ message: t('common.tip'), description: t(`designer.${w.key}`, { name: w.name }), duration: 20, className: `loom-save-warning loom-save-warning-${w.key}` });
      }
      props.onSaved?.();
      return result.model;
    } catch {
      return null; // the HTTP client showed the error; seed §8: only the overlay closes
    } finally {
      setBusy(false);
    }
  }, [modeler, modal, message, notification, t, props]);

  const savePublish = async () => {
    // e.g. the live checks: a diagram with errors is published only after confirming them
    let overrideReason: string | undefined;
    for (const f of designerFeatures) {
      const answer = modeler && f.beforePublish ? await f.beforePublish(modeler, modal, modelRef.current) : true;
      if (!answer) return;
      if (typeof answer === 'object') overrideReason = answer.overrideReason;
    }
    modal.confirm({
      title: t('common.tip'),
      content: t('designer.confirmPublish'),
      onOk: async () => {
        const saved = await save({ publish: true });
        if (!saved) return;
        setBusy(true);
        // seed §9: publishing follows 2 s after the save
        setTimeout(() => {
          designerApi
            .deploy(saved.id, category, overrideReason)
            .then((msg) => {
              void message.success(typeof msg === 'string' ? msg : t('designer.saved'));
              props.onSaved?.();
            })
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }, 2000);
      },
    });
  };

  const command = (name: 'undo' | 'redo') => modeler?.get<{ undo: () => void; redo: () => void }>('commandStack')[name]();
  const zoomTo = (z: number) => {
    modeler?.get<{ zoom: (z: number) => void }>('canvas').zoom(z);
    setZoom(z);
  };
  const openFile = async (file: File | undefined) => {
    if (!file || !modeler) return;
    try {
      await importXml(modeler, await file.text());
      // a file drawn elsewhere lies wherever its author left it: show the whole of it
      modeler.get<{ zoom: (level: 'fit-viewport', center: 'auto') => number }>('canvas').zoom('fit-viewport', 'auto');
    } catch (e) {
      console.error(e);
      void message.error(t('designer.importFailed'));
    }
  };
  const processKey = () => (modeler ? processOf(services(modeler)).id : 'process') ?? 'process';
  const ctx: DesignerContext | null = modeler ? { modeler, model, save } : null;

  return (
    <Modal
      open={props.open}
      title={t('designer.title')}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 110px)', padding: 0 } }}
      maskClosable={false}
      keyboard={false}
      footer={null}
      onCancel={props.onClose}
      destroyOnHidden
      className="loom-designer-dialog"
    >
      <div className="loom-designer">
        <div className="loom-designer-toolbar">
          <Space wrap size={4}>
            <Button type="primary" icon={<SaveOutlined />} loading={busy} onClick={() => void save()} data-action="designer-save">{t('designer.save')}</Button>
            <Button icon={<CloudUploadOutlined />} disabled={busy} onClick={savePublish} data-action="designer-publish">{t('designer.savePublish')}</Button>
            <Button icon={<FolderOpenOutlined />} onClick={() => fileRef.current?.click()} data-action="designer-open">{t('designer.open')}</Button>
            <input ref={fileRef} type="file" accept=".bpmn,.xml" style={{ display: 'none' }} data-action="designer-file" onChange={(e) => { void openFile(e.target.files?.[0]); e.target.value = ''; }} />
            <Divider type="vertical" />
            <Tooltip title={t('designer.undo')}><Button icon={<UndoOutlined />} onClick={() => command('undo')} data-action="designer-undo" /></Tooltip>
            <Tooltip title={t('designer.redo')}><Button icon={<RedoOutlined />} onClick={() => command('redo')} data-action="designer-redo" /></Tooltip>
            <Tooltip title={t('designer.zoomOut')}><Button icon={<ZoomOutOutlined />} disabled={zoom <= 0.2} onClick={() => zoomTo(nextZoom(zoom, -1))} data-action="designer-zoom-out" /></Tooltip>
            <span className="loom-designer-zoom" data-zoom={zoom}>{Math.round(zoom * 100)}%</span>
            <Tooltip title={t('designer.zoomIn')}><Button icon={<ZoomInOutlined />} disabled={zoom >= 2} onClick={() => zoomTo(nextZoom(zoom, 1))} data-action="designer-zoom-in" /></Tooltip>
            <Tooltip title={t('designer.zoomReset')}><Button icon={<ExpandOutlined />} onClick={() => zoomTo(1)} data-action="designer-zoom-reset" /></Tooltip>
            <Divider type="vertical" />
            <Button icon={<DownloadOutlined />} onClick={async () => modeler && download(`${processKey()}.bpmn20.xml`, await exportXml(modeler), 'application/xml')} data-action="designer-download-bpmn">{t('designer.downloadBpmn')}</Button>
            <Button icon={<FileImageOutlined />} onClick={async () => { if (!modeler) return; const { svg } = await modeler.saveSVG(); download(`${processKey()}.svg`, svg, 'image/svg+xml'); }} data-action="designer-download-svg">{t('designer.downloadSvg')}</Button>
            {ctx ? FEATURE_TOOLBAR.map((item) => <span key={item.key}>{item.render(ctx)}</span>) : null}
          </Space>
          <Segmented
            value={panel}
            onChange={(v) => setPanel(v as 'product' | 'generic')}
            options={[{ label: t('designer.panelProduct'), value: 'product' }, { label: t('designer.panelGeneric'), value: 'generic' }]}
            data-action="designer-panel-toggle"
          />
        </div>
        <div className="loom-designer-main">
          <div ref={canvasRef} className="loom-designer-canvas" data-designer-canvas="" />
          <div ref={panelRef} className="loom-designer-panel" data-panel={panel}>
            {modeler && element && panel === 'product' ? <ProductPanel modeler={modeler} element={element} version={version} /> : null}
            {modeler && panel === 'generic' ? <GenericPanel modeler={modeler} /> : null}
          </div>
        </div>
      </div>
    </Modal>
  );
}
