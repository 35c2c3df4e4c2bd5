import { useEffect, useState } from 'react';
import { App, Button, Checkbox, Form, Input, Modal, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { http, type Page } from '@loom/ui';
import { extensions, is, services, setExtensions } from '../../model/access';
import { formMemoryKey, formTypeOf } from '../rules';
import type { SectionProps } from '../types';
import type { FormDefinition, FormVersion } from '../../../api/types';
import { ChoiceItem } from './ChoiceItem';
import { FieldRights } from './FieldRights';
import { WorkflowFormModuleSelect } from './WorkflowFormModules';
import { fieldTree, propertiesOf, setRight, withRights, type RightFlag } from './formRights';

/** A form the picker lists: a definition with its published version, as forms answers it
 * (`/extension/formDefinition/list`, `/extension/formDefinition/queryByJsonId`). */
type FormOption = FormDefinition;
/** The row shown for a node's form key that forms no longer answers for: the key named by itself.
 * Not an answer: a UI-only placeholder, so declared here. */
interface UnknownForm {
  id: string;
  name: string;
  formDefinitionJson: Pick<FormVersion, 'id'> & Partial<FormVersion>;
}
/** The node's form, as the settings table shows it. */
type ChosenForm = FormOption | UnknownForm;
const unknownForm = (formKey: string): UnknownForm => ({ id: formKey, name: formKey, formDefinitionJson: { id: formKey } });
/** Controls bound to a model in a form definition's layout (grid, tabs, report, table containers walked). */
export function boundFields(json: string | undefined): Array<{ id: string; name: string }> {
  let root: unknown;
  try {
    root = JSON.parse(json || '{}');
  } catch {
    return [];
  }
  const out: Array<{ id: string; name: string }> = [];
  const walk = (n: unknown) => {
    if (Array.isArray(n)) return n.forEach(walk);
    if (!n || typeof n !== 'object') return;
    const o = n as Record<string, unknown>;
    if (typeof o.model === 'string' && o.model && typeof o.type === 'string' && !['grid', 'tabs', 'report', 'table', 'col', 'td', 'divider'].includes(o.type)) {
      out.push({ id: o.model, name: String(o.name ?? o.model) });
    }
    for (const k of ['list', 'columns', 'tabs', 'rows', 'tableColumns']) if (k in o) walk(o[k]);
  };
  walk(root);
  return out;
}

const remember = (key: string, value: string) => {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage full or blocked: nothing to remember */
  }
};
const recall = (key: string) => {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
};

/** Form settings (seed 001 §2.2, §4.3): dynamic form with its fields' flags, or an external form path. */
export function FormSection({ modeler, element, version }: SectionProps) {
  const { t } = useTranslation('designer');
  const { modal } = App.useApp();
  const bo = element.businessObject;
  const s = services(modeler);
  const formKey: string = bo.get('flowable:formKey') ?? '';
  const formType = formTypeOf(bo.get('flowable:formType'), formKey);
  const [external, setExternal] = useState(formType === '2' ? formKey : '');
  const [chosen, setChosen] = useState<ChosenForm | null>(null);
  const [pick, setPick] = useState(false);
  const [options, setOptions] = useState<FormOption[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const startEvent = is(bo, 'bpmn:StartEvent');

  useEffect(() => setExternal(formType === '2' ? formKey : ''), [formKey, formType, version]);
  useEffect(() => {
    setChosen(null);
    if (formType !== '1' || !formKey) return;
    http
      .get<FormOption>('/extension/formDefinition/queryByJsonId', { jsonId: formKey }, { silent: true })
      .then((f) => setChosen(f && f.name ? f : unknownForm(formKey)))
      .catch(() => setChosen(unknownForm(formKey)));
  }, [formKey, formType]);

  const set = (props: Record<string, unknown>) => s.modeling.updateProperties(element, props);
  const switchType = (next: '1' | '2') => {
    if (next === formType) return;
    remember(formMemoryKey(element.id, formType), formKey);
    set({ 'flowable:formType': next, 'flowable:formKey': recall(formMemoryKey(element.id, next)) || undefined });
  };
  const props = extensions(bo, 'flowable:FormProperty');
  const fields = withRights(fieldTree(chosen?.formDefinitionJson?.json ?? undefined), props);
  const setFlag = (id: string, flag: RightFlag, value: boolean) => {
    const next = propertiesOf(setRight(fields, id, flag, value));
    setExtensions(s, element, ['flowable:FormProperty'], next.map((attrs) => s.moddle.create('flowable:FormProperty', attrs)));
  };
  const openPicker = () => {
    setSelected(chosen?.formDefinitionJson?.id ?? null);
    setPick(true);
    http
      .get<Page<FormOption>>('/extension/formDefinition/list', { current: 1, size: -1, 'formDefinitionJson.status': '1' }, { silent: true })
      .then((r) => setOptions(r.records ?? []))
      .catch(() => setOptions([]));
  };
  const confirmPick = () => {
    const f = options.find((o) => (o.formDefinitionJson?.id ?? o.id) === selected);
    if (!f) {
      void modal.warning({ title: t('panel.dynamicRequired') });
      return;
    }
    set({ 'flowable:formType': '1', 'flowable:formKey': f.formDefinitionJson?.id ?? f.id });
    setPick(false);
  };

  return (
    <Form layout="vertical" size="small" className="loom-form-settings">
      <ChoiceItem label={t('panel.formType')} value={formType} onChange={switchType} field="form-type" choices={[['1', t('panel.dynamicForm')], ['2', t('panel.externalForm')]]} />
      {formType === '1' ? (
        <>
          <Space style={{ marginBottom: 8 }}>
            <Button size="small" disabled={!!formKey} onClick={openPicker} data-action="form-add">{t('common.add')}</Button>
            <Button size="small" disabled={!formKey} onClick={openPicker} data-action="form-edit">{t('common.edit')}</Button>
            <Button size="small" danger disabled={!formKey} onClick={() => modal.confirm({ title: t('panel.confirmDeleteForm'), onOk: () => set({ 'flowable:formKey': undefined }) })} data-action="form-delete">{t('common.delete')}</Button>
          </Space>
          <Table<ChosenForm>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={chosen ? [chosen] : []}
            expandable={{
              expandedRowRender: () => <FieldRights fields={fields} onChange={setFlag} />,
            }}
            columns={[
              { title: t('panel.formName'), dataIndex: 'name' },
              { title: t('panel.formVersion'), render: (_v, r) => r.formDefinitionJson?.version ?? '' },
              { title: t('panel.formKey'), render: (_v, r) => r.formDefinitionJson?.id ?? r.id },
            ]}
          />
        </>
      ) : (
        <>
          <Form.Item label={t('panel.formModule')}>
            <WorkflowFormModuleSelect
              value={external}
              onChange={(url) => {
                setExternal(url);
                set({ 'flowable:formKey': url || undefined, 'flowable:formType': '2' });
              }}
            />
          </Form.Item>
          <Form.Item label={t('panel.formAddress')}>
            <Input value={external} placeholder="/test/leave/LeaveForm" onChange={(e) => setExternal(e.target.value)} data-field="form-address"
              onBlur={() => external !== formKey && set({ 'flowable:formKey': external || undefined, 'flowable:formType': external && !external.includes('/') ? '1' : '2' })} />
          </Form.Item>
          <Form.Item>
            <Checkbox disabled={startEvent} checked={!!bo.get('flowable:formReadOnly')} onChange={(e) => set({ 'flowable:formReadOnly': e.target.checked || undefined })} data-field="form-readonly">
              {t('panel.readOnly')}
            </Checkbox>
          </Form.Item>
        </>
      )}
      <Modal open={pick} width={500} title={t('panel.chooseForm')} maskClosable={false} onCancel={() => setPick(false)} onOk={confirmPick} destroyOnHidden>
        <Table<FormOption>
          size="small"
          rowKey={(r) => r.formDefinitionJson?.id ?? r.id}
          pagination={false}
          scroll={{ y: 400 }}
          dataSource={options}
          rowSelection={{ type: 'radio', selectedRowKeys: selected ? [selected] : [], onChange: (keys) => setSelected(String(keys[0] ?? '')) }}
          columns={[
            { title: t('panel.formName'), dataIndex: 'name' },
            { title: t('panel.formVersion'), render: (_v, r) => r.formDefinitionJson?.version ?? '' },
          ]}
        />
      </Modal>
    </Form>
  );
}
