import { Form, Input, Radio, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PickerField, RemarksItem, SortItem, TreePage, YesNo, type PageProps } from '@loom/ui';
import { officeService } from './service';
import type { Office } from './types';
import { requiredRule } from '../../shared/fields';

const P = { view: 'sys:office:view', add: 'sys:office:add', edit: 'sys:office:edit', del: 'sys:office:del' };

/** 机构管理 (`/sys/office/OfficeList`): companies and departments as one tree table. */
export default function OfficeList(_props: PageProps) {
  const { t } = useTranslation('sys');
  return (
    <TreePage<Office>
      entity={t('office.entity')}
      resource={officeService}
      permissions={P}
      rowActions={{ width: 230, items: (_r, addChild) => ['view', 'edit', addChild, 'delete'] }}
      columns={[
        { title: t('office.name'), dataIndex: 'name', link: true },
        { title: t('office.code'), dataIndex: 'code' },
        {
          title: t('office.type'),
          dataIndex: 'type',
          render: (_d, r) => (r.type === '1' ? <Tag color="blue">{t('office.company')}</Tag> : <Tag>{t('office.department')}</Tag>),
          exportValue: (r) => (r.type === '1' ? t('office.company') : t('office.department')),
        },
        {
          title: t('office.primaryPerson'),
          dataIndex: ['primaryPerson', 'name'],
          render: (_d, r) => r.primaryPerson?.name ?? '',
          exportValue: (r) => r.primaryPerson?.name ?? '',
        },
        { title: t('common.useable'), dataIndex: 'useable', dictType: 'yes_no' },
        { title: t('common.sort'), dataIndex: 'sort' },
        { title: t('common.remarks'), dataIndex: 'remarks', ellipsis: true },
      ]}
      parent={{ label: t('office.parent'), url: '/sys/office/treeData', params: { showAll: '1' } }}
      dialog={{ width: 720, initialValues: { type: '2', useable: '1', sort: 30, grade: '1' } }}
    >
      {({ mode }) => (
        <>
          <Form.Item name="name" label={t('office.name')} rules={[requiredRule(t, t('office.name')), { max: 100 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="code" label={t('office.code')} rules={[{ max: 100 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="type" label={t('office.type')} rules={[requiredRule(t, t('office.type'))]}>
            <Radio.Group>
              <Radio value="1">{t('office.company')}</Radio>
              <Radio value="2">{t('office.department')}</Radio>
            </Radio.Group>
          </Form.Item>
          {/* the department manager: workflow's "department manager" reviewer rules name this user */}
          <Form.Item name={['primaryPerson', 'id']} label={t('office.primaryPerson')} className="loom-office-primary-person">
            <PickerField kind="user" asString limit={1} disabled={mode === 'view'} />
          </Form.Item>
          <Form.Item name={['deputyPerson', 'id']} label={t('office.deputyPerson')} className="loom-office-deputy-person">
            <PickerField kind="user" asString limit={1} disabled={mode === 'view'} />
          </Form.Item>
          <Form.Item name="useable" label={t('common.useable')}>
            <YesNo />
          </Form.Item>
          <SortItem label={t('common.sort')} rules={[requiredRule(t, t('common.sort'))]} clamp />
          <RemarksItem label={t('common.remarks')} />
        </>
      )}
    </TreePage>
  );
}
