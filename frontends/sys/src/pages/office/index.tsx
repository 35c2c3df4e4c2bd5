import { useRef, useState } from 'react';
import { Form, Input, Radio, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, LabelLink, ListPage, LoomTreeSelect, PickerField, SortInput, YesNo, type ListPageHandle, type PageProps } from '@loom/ui';
import { officeService } from './service';
import type { Office } from './types';
import { requiredRule } from '../../shared/fields';

const P = { view: 'sys:office:view', add: 'sys:office:add', edit: 'sys:office:edit', del: 'sys:office:del' };

/** 机构管理 (`/sys/office/OfficeList`): companies and departments as one tree table. */
export default function OfficeList(_props: PageProps) {
  const { t } = useTranslation('sys');
  const list = useRef<ListPageHandle<Office>>(null);
  const [dlg, setDlg] = useState<{ open: boolean; mode: 'add' | 'edit' | 'view'; id?: string; parentId?: string }>({ open: false, mode: 'add' });
  const [treeKey, setTreeKey] = useState(0);
  const show = (mode: 'add' | 'edit' | 'view', id?: string, parentId?: string) => setDlg({ open: true, mode, id, parentId });
  return (
    <>
      <ListPage<Office>
        actionRef={list}
        fetch={() => officeService.treeData()}
        paging={false}
        exportName={t('office.entity')}
        permissions={P}
        onAdd={() => show('add')}
        onEdit={(r) => show('edit', r.id)}
        deleteUrl={officeService.deleteUrl}
        onDeleted={() => setTreeKey((k) => k + 1)}
        onView={(r) => show('view', r.id)}
        rowActions={{
          width: 230,
          items: (r) => [
            'view',
            'edit',
            { key: 'addChild', label: t('common.addChild'), permission: P.add, onClick: () => show('add', undefined, r.id) },
            'delete',
          ],
        }}
        columns={[
          {
            title: t('office.name'),
            dataIndex: 'name',
            render: (_d, r) => (
              <LabelLink editPermission={P.edit} viewPermission={P.view} onEdit={() => show('edit', r.id)} onView={() => show('view', r.id)}>
                {r.name}
              </LabelLink>
            ),
          },
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
      />
      <FormDialog<Office>
        open={dlg.open}
        mode={dlg.mode}
        name={t('office.entity')}
        width={720}
        initialValues={{ parentId: dlg.parentId ?? '', type: '2', useable: '1', sort: 30, grade: '1' }}
        load={() => officeService.queryById(dlg.id ?? '')}
        onSubmit={(v) => officeService.save({ ...v, parentId: v.parentId || '0' })}
        onSaved={() => {
          setTreeKey((k) => k + 1);
          list.current?.reload();
        }}
        onClose={() => setDlg((d) => ({ ...d, open: false }))}
      >
        {({ mode }) => (
          <>
            <Form.Item name="parentId" label={t('office.parent')}>
              <LoomTreeSelect key={treeKey} url="/sys/office/treeData" params={{ showAll: '1' }} fieldNames={{ label: 'name' }} disabled={mode === 'view'} />
            </Form.Item>
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
            <Form.Item name="sort" label={t('common.sort')} rules={[requiredRule(t, t('common.sort'))]}>
              <SortInput clamp />
            </Form.Item>
            <Form.Item name="remarks" label={t('common.remarks')}>
              <Input.TextArea rows={3} maxLength={255} />
            </Form.Item>
          </>
        )}
      </FormDialog>
    </>
  );
}
