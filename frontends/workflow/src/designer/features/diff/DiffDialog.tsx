import { useEffect, useRef, useState } from 'react';
import { Alert, Col, Modal, Row, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import type Modeler from 'bpmn-js/lib/Modeler';
import { flowableDescriptor } from '../../moddle/flowable';
import { exportXml } from '../../modeler';
import { prepareForImport } from '../../moddle/namespaces';
import { NS } from '../checks/api';
import { diffApi, type Version } from './api';
import { compare, type ChangeKind, type Comparison } from './compare';
import './diff.css';

export interface DiffDialogProps {
  open: boolean;
  onClose: () => void;
  /** The process key whose versions are compared. */
  processKey: string;
  /** The designer: its diagram is the "current design" side. */
  modeler: Modeler;
}

const CURRENT = 'current';
const COLOURS: Record<ChangeKind, string> = { added: 'success', removed: 'error', changed: 'warning', layout: 'processing' };

interface Canvas {
  addMarker: (id: string, marker: string) => void;
  zoom: (z: string) => void;
}

function useViewer(ref: React.RefObject<HTMLDivElement | null>, open: boolean) {
  const [viewer, setViewer] = useState<NavigatedViewer | null>(null);
  useEffect(() => {
    if (!open || !ref.current) return;
    const v = new NavigatedViewer({ container: ref.current, moddleExtensions: { flowable: flowableDescriptor } });
    setViewer(v);
    return () => {
      v.destroy();
      setViewer(null);
    };
  }, [open, ref]);
  return viewer;
}

async function show(viewer: NavigatedViewer, xml: string, marks: Array<[string[], string]>) {
  await viewer.importXML(prepareForImport(xml));
  const canvas = viewer.get<Canvas>('canvas');
  const registry = viewer.get<{ get: (id: string) => unknown }>('elementRegistry');
  for (const [ids, marker] of marks) for (const id of ids) if (registry.get(id)) canvas.addMarker(id, marker);
  canvas.zoom('fit-viewport');
}

/**
 * Version diff (issue 16): the model against a deployed version, or two deployed versions, with
 * bpmn-js-differ — removed elements red on the old side, added green and changed orange on the new
 * side, and a table of every changed property including the node extensions.
 */
export function DiffDialog({ open, onClose, processKey, modeler }: DiffDialogProps) {
  const { t } = useTranslation(NS);
  const leftRef = useRef<HTMLDivElement>(null);
  const rightRef = useRef<HTMLDivElement>(null);
  const [container, setContainer] = useState(false);
  const left = useViewer(leftRef, open && container);
  const right = useViewer(rightRef, open && container);
  const [versions, setVersions] = useState<Version[] | null>(null);
  const [oldSide, setOldSide] = useState<string>('');
  const [newSide, setNewSide] = useState<string>(CURRENT);
  const [result, setResult] = useState<Comparison | null>(null);

  useEffect(() => {
    if (!open) return;
    setResult(null);
    void diffApi.versions(processKey).then((found) => {
      setVersions(found);
      setOldSide(found[0]?.id ?? '');
      setNewSide(CURRENT);
    });
  }, [open, processKey]);

  useEffect(() => {
    if (!open || !left || !right || !oldSide) return;
    let live = true;
    const xmlOf = (side: string) => (side === CURRENT ? exportXml(modeler) : diffApi.xml(side));
    void (async () => {
      const [a, b] = await Promise.all([xmlOf(oldSide), xmlOf(newSide)]);
      const found = await compare(a, b);
      if (!live) return;
      setResult(found);
      await show(left, a, [[found.removed, 'loom-diff-removed'], [found.changed, 'loom-diff-changed']]);
      await show(right, b, [[found.added, 'loom-diff-added'], [found.changed, 'loom-diff-changed'], [found.layout, 'loom-diff-layout']]);
    })();
    return () => {
      live = false;
    };
  }, [open, left, right, oldSide, newSide, modeler]);

  const options = [
    { value: CURRENT, label: t('diff.current') },
    ...(versions ?? []).map((v) => ({ value: v.id, label: t('diff.version', { version: v.version }) })),
  ];
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={1400} title={t('diff.title')} destroyOnHidden maskClosable={false} className="loom-diff-dialog" afterOpenChange={(o) => setContainer(o)}>
      {versions && !versions.length ? <Alert type="info" showIcon message={t('diff.noDeployed')} /> : null}
      <Row gutter={12}>
        <Col span={12}>
          <Typography.Text strong>{t('diff.left')} </Typography.Text>
          <Select size="small" style={{ width: 200 }} value={oldSide || undefined} options={options.filter((o) => o.value !== CURRENT)} onChange={setOldSide} data-field="diff-old" />
          <div ref={leftRef} className="loom-diff-canvas" data-diff-side="old" />
        </Col>
        <Col span={12}>
          <Typography.Text strong>{t('diff.right')} </Typography.Text>
          <Select size="small" style={{ width: 200 }} value={newSide} options={options} onChange={setNewSide} data-field="diff-new" />
          <div ref={rightRef} className="loom-diff-canvas" data-diff-side="new" />
        </Col>
      </Row>
      {result && !result.rows.length ? <Alert style={{ marginTop: 12 }} type="success" message={t('diff.same')} /> : null}
      {result && result.rows.length ? (
        <Table
          style={{ marginTop: 12 }}
          size="small"
          rowKey="key"
          pagination={false}
          scroll={{ y: 240 }}
          dataSource={result.rows}
          onRow={(r) => ({ 'data-diff-row': r.id, 'data-diff-kind': r.kind, 'data-diff-property': r.property }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { title: t('diff.element'), dataIndex: 'name', width: 200, render: (v: string, r) => `${v}${v !== r.id ? ` (${r.id})` : ''}` },
            { title: t('diff.changed'), dataIndex: 'kind', width: 90, render: (k: ChangeKind) => <Tag color={COLOURS[k]}>{t(`diff.${k}`)}</Tag> },
            { title: t('diff.property'), dataIndex: 'property', width: 140, render: (p: string) => (p ? t(`diff.props.${p}`, { defaultValue: p }) : '') },
            { title: t('diff.before'), dataIndex: 'before' },
            { title: t('diff.after'), dataIndex: 'after' },
          ]}
        />
      ) : null}
    </Modal>
  );
}
