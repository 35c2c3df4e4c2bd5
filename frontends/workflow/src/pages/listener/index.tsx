import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage, crudResource, http, RemarksItem, useCrud, type PageProps } from '@loom/ui';
import '../../locales/designer';
import '../../locales/designer-panel';
import type { ListenerRecord } from '../../api/types';

/** Permission strings of seed 001 §6. */
const P = { view: 'extension:listener:view', add: 'extension:listener:add', edit: 'extension:listener:edit', del: 'extension:listener:del' };
export const LISTENER_EVENTS: Record<string, string[]> = { '1': ['start', 'take', 'end'], '2': ['create', 'assignment', 'complete', 'delete'] };

const resource = crudResource<ListenerRecord>('/extension/listener');

/** 监听器 (`/flowable/extension/ListenerList`): common execution ('1') and task ('2') listeners. */
export default function ListenerList(_props: PageProps) {
  const { t } = useTranslation('designer');
  const crud = useCrud<ListenerRecord>();
  const typeLabel = (v: string) => (v === '2' ? t('listener.task') : t('listener.execution'));
  const valueTypeLabel = (v: string) => (v === '1' ? t('listener.class') : v === '3' ? t('listener.delegateExpression') : t('listener.expression'));
  return (
    <CrudPage<ListenerRecord>
      crud={crud}
      entity={t('listener.entity')}
      resource={resource}
      permissions={P}
      rowActions={{
        width: 160,
        items: (r) => [
          'view',
          'edit',
          { key: 'delete', confirm: t('common.confirmDelete'), onClick: () => void http.delete('/extension/listener/delete', { ids: r.id }).then(() => crud.list.current?.reload()) },
        ],
      }}
      columns={[
        { title: t('listener.name'), dataIndex: 'name', query: true, sorter: true, link: true },
        {
          title: t('listener.listenerType'), dataIndex: 'listenerType', query: true, width: 130, render: (_d, r) => typeLabel(r.listenerType),
          valueType: 'select', valueEnum: { '1': { text: t('listener.execution') }, '2': { text: t('listener.task') } },
        },
        { title: t('listener.event'), dataIndex: 'event', sorter: true, width: 110 },
        { title: t('listener.valueType'), dataIndex: 'valueType', width: 120, render: (_d, r) => valueTypeLabel(r.valueType) },
        { title: t('listener.value'), dataIndex: 'value', ellipsis: true },
      ]}
      dialog={{ width: 640, initialValues: { listenerType: '1', event: 'start', valueType: '1' } as Partial<ListenerRecord> }}
    >
      {({ form }) => (
        <>
          <Form.Item name="name" label={t('listener.name')} rules={[{ required: true, whitespace: true, message: t('panel.nameRequired') }]}>
            <Input />
          </Form.Item>
          <Form.Item name="listenerType" label={t('listener.listenerType')} rules={[{ required: true }]}>
            <Select
              options={[{ value: '1', label: t('listener.execution') }, { value: '2', label: t('listener.task') }]}
              onChange={(v: string) => form.setFieldValue('event', LISTENER_EVENTS[v]?.[0])}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.listenerType !== b.listenerType}>
            {() => (
              <Form.Item name="event" label={t('listener.event')} rules={[{ required: true }]}>
                <Select options={(LISTENER_EVENTS[form.getFieldValue('listenerType') as string] ?? []).map((e) => ({ value: e, label: e }))} />
              </Form.Item>
            )}
          </Form.Item>
          <Form.Item name="valueType" label={t('listener.valueType')} rules={[{ required: true }]}>
            <Select options={[{ value: '1', label: t('listener.class') }, { value: '2', label: t('listener.expression') }, { value: '3', label: t('listener.delegateExpression') }]} />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.valueType !== b.valueType}>
            {() => {
              const vt = form.getFieldValue('valueType') as string;
              const key = vt === '1' ? 'classRequired' : vt === '3' ? 'delegateRequired' : 'expressionRequired';
              return (
                <Form.Item name="value" label={t('listener.value')} rules={[{ required: true, whitespace: true, message: t(`panel.${key}`) }]}>
                  <Input />
                </Form.Item>
              );
            }}
          </Form.Item>
          <RemarksItem label={t('common.remarks')} />
        </>
      )}
    </CrudPage>
  );
}
