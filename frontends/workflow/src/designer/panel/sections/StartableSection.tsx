import { useEffect, useState } from 'react';
import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { PickerField } from '@loom/ui';
import { services } from '../../model/access';
import type { SectionProps } from '../types';

/** Start permission (seed 001 §4.3): everyone ('1', clears users and groups) or chosen users and roles ('2'). */
export function StartableSection({ modeler, element, version }: SectionProps) {
  const { t } = useTranslation('designer');
  const bo = element.businessObject;
  const users: string = bo.get('flowable:candidateStarterUsers') ?? '';
  const groups: string = bo.get('flowable:candidateStarterGroups') ?? '';
  const [choice, setChoice] = useState<'1' | '2'>(users || groups ? '2' : '1');
  useEffect(() => {
    if (users || groups) setChoice('2');
  }, [users, groups, version]);
  const s = services(modeler);
  const set = (props: Record<string, unknown>) => s.modeling.updateProperties(element, props);
  return (
    <Form layout="vertical" size="small">
      <Form.Item>
        <Radio.Group
          value={choice}
          onChange={(e) => {
            setChoice(e.target.value);
            if (e.target.value === '1') set({ 'flowable:candidateStarterUsers': undefined, 'flowable:candidateStarterGroups': undefined });
          }}
          data-field="startable"
        >
          <Radio value="1">{t('panel.everyone')}</Radio>
          <Radio value="2">{t('panel.specified')}</Radio>
        </Radio.Group>
      </Form.Item>
      {choice === '2' ? (
        <>
          <Form.Item label={t('panel.users')}>
            <PickerField kind="user" asString value={users} onChange={(v) => set({ 'flowable:candidateStarterUsers': String(v) || undefined })} />
          </Form.Item>
          <Form.Item label={t('panel.roles')}>
            <PickerField kind="role" asString value={groups} onChange={(v) => set({ 'flowable:candidateStarterGroups': String(v) || undefined })} />
          </Form.Item>
        </>
      ) : null}
    </Form>
  );
}
