import { useEffect, useRef, useState } from 'react';
import { App, Button, Modal, Segmented, Space, Typography } from 'antd';
import { CloudUploadOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import DmnModeler, { type DmnView } from 'dmn-js/lib/Modeler';
import 'dmn-js/dist/assets/diagram-js.css';
import 'dmn-js/dist/assets/dmn-js-shared.css';
import 'dmn-js/dist/assets/dmn-js-drd.css';
import 'dmn-js/dist/assets/dmn-js-decision-table.css';
import 'dmn-js/dist/assets/dmn-js-decision-table-controls.css';
import 'dmn-js/dist/assets/dmn-js-literal-expression.css';
import 'dmn-js/dist/assets/dmn-font/css/dmn.css';
import '../../locales/work';
import { designerApi, type EditorModel } from '../../designer/save/api';
import { newDecisionXml } from './newDecision';

export interface DecisionEditorProps {
  /** The decision model (created before the editor opens). */
  modelId: string;
  onClose: () => void;
  /** After a save or a deployment (the list reloads). */
  onSaved: () => void;
}

const viewLabel = (v: DmnView) => `${v.element.name || v.element.id}${v.type === 'drd' ? ' (DRD)' : ''}`;

/**
 * The decision editor (issue 37): bpmn.io's dmn-js on a full-screen dialog — the decision requirement
 * graph and each decision's table or literal expression —, saved as the model's DMN and deployed
 * like a process model.
 */
export function DecisionEditor({ modelId, onClose, onSaved }: DecisionEditorProps) {
  const { t } = useTranslation('work');
  const { message } = App.useApp();
  const container = useRef<HTMLDivElement>(null);
  const [modeler, setModeler] = useState<DmnModeler | null>(null);
  const [model, setModel] = useState<EditorModel | null>(null);
  const [views, setViews] = useState<DmnView[]>([]);
  const [active, setActive] = useState<string>('');

  useEffect(() => {
    let live = true;
    let m: DmnModeler | null = null;
    const start = async () => {
      if (!container.current) return void requestAnimationFrame(() => void start());
      const loaded = await designerApi.editorJson(modelId);
      if (!live) return;
      m = new DmnModeler({ container: container.current, common: { keyboard: { bindTo: document } } });
      m.on('views.changed', (event) => {
        const e = event as { views: DmnView[]; activeView?: DmnView };
        setViews(e.views);
        setActive(e.activeView ? `${e.activeView.type}:${e.activeView.element.id}` : '');
      });
      await m.importXML(loaded.bpmnXml || newDecisionXml(loaded.key, loaded.name));
      // a table opens at its rules, not at the graph
      const table = m.getViews().find((v) => v.type === 'decisionTable' && v.element.id === loaded.key) ?? m.getViews().find((v) => v.type === 'decisionTable');
      if (table) await m.open(table);
      setModel(loaded);
      setModeler(m);
    };
    void start();
    return () => {
      live = false;
      m?.destroy();
    };
  }, [modelId]);

  const save = async (): Promise<boolean> => {
    if (!modeler || !model) return false;
    const { xml } = await modeler.saveXML({ format: true });
    const saved = await designerApi.saveXml(model.id, { json_xml: xml, name: model.name, key: model.key, description: model.description ?? '', lastUpdated: model.lastUpdated });
    setModel({ ...model, lastUpdated: saved.lastUpdated });
    void message.success(t('decision.saved'));
    onSaved();
    return true;
  };

  const deploy = async () => {
    if (!(await save()) || !model) return;
    void message.success(await designerApi.deploy(model.id, ''));
    onSaved();
  };

  return (
    <Modal
      open
      width="100%"
      style={{ top: 0, paddingBottom: 0, maxWidth: '100vw' }}
      styles={{ body: { height: 'calc(100vh - 110px)', display: 'flex', flexDirection: 'column' } }}
      title={
        <Space>
          <Typography.Text strong>{t('decision.editorTitle', { name: model?.name ?? '' })}</Typography.Text>
          {views.length > 1 ? (
            <Segmented
              size="small"
              value={active}
              options={views.map((v) => ({ value: `${v.type}:${v.element.id}`, label: viewLabel(v) }))}
              onChange={(value) => {
                const view = views.find((v) => `${v.type}:${v.element.id}` === value);
                if (view && modeler) void modeler.open(view);
              }}
            />
          ) : null}
        </Space>
      }
      maskClosable={false}
      onCancel={onClose}
      className="loom-decision-editor"
      footer={
        <Space>
          <Button onClick={onClose} data-action="close-decision">
            {t('close')}
          </Button>
          <Button icon={<SaveOutlined />} disabled={!modeler} onClick={() => void save()} data-action="save-decision">
            {t('save')}
          </Button>
          <Button type="primary" icon={<CloudUploadOutlined />} disabled={!modeler} onClick={() => void deploy()} data-action="deploy-decision">
            {t('decision.saveAndDeploy')}
          </Button>
        </Space>
      }
    >
      <div ref={container} className="loom-dmn-canvas" style={{ flex: 1, overflow: 'auto', border: '1px solid #f0f0f0' }} />
    </Modal>
  );
}
