import { useEffect, useState } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { documentation, inSubProcess, is, services } from '../../model/access';
import type { SectionProps } from '../types';

/** Basic settings: id, name, description; the read-only initiator of a top-level start event. */
export function BasicSection({ modeler, element, version }: SectionProps) {
  const { t } = useTranslation('designer');
  const bo = element.businessObject;
  const [id, setId] = useState(bo.id ?? '');
  const [name, setName] = useState(bo.name ?? '');
  const [doc, setDoc] = useState(documentation(bo));
  useEffect(() => {
    setId(bo.id ?? '');
    setName(bo.name ?? '');
    setDoc(documentation(bo));
  }, [bo, version]);
  const s = services(modeler);
  const commitId = () => {
    if (id && id !== bo.id && /^[A-Za-z_][\w.-]*$/.test(id)) s.modeling.updateProperties(element, { id });
    else setId(bo.id ?? '');
  };
  const commitName = () => name !== (bo.name ?? '') && s.modeling.updateProperties(element, { name });
  const commitDoc = () => {
    if (doc === documentation(bo)) return;
    const docs = doc ? [s.moddle.create('bpmn:Documentation', { text: doc })] : [];
    s.modeling.updateProperties(element, { documentation: docs });
  };
  const initiator = is(bo, 'bpmn:StartEvent') && !inSubProcess(bo);
  return (
    <Form layout="vertical" size="small">
      <Form.Item label={t('panel.id')}>
        <Input value={id} onChange={(e) => setId(e.target.value)} onBlur={commitId} onPressEnter={commitId} data-field="id" />
      </Form.Item>
      <Form.Item label={t('panel.name')}>
        <Input value={name} onChange={(e) => setName(e.target.value)} onBlur={commitName} onPressEnter={commitName} data-field="name" />
      </Form.Item>
      <Form.Item label={t('panel.description')}>
        <Input.TextArea rows={2} value={doc} onChange={(e) => setDoc(e.target.value)} onBlur={commitDoc} data-field="description" />
      </Form.Item>
      {initiator ? (
        <Form.Item label={t('panel.initiator')}>
          <Input value={bo.get('flowable:initiator') || 'applyUserId'} readOnly data-field="initiator" />
        </Form.Item>
      ) : null}
    </Form>
  );
}
