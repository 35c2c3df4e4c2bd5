import { useRef, useState } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictOrInput, FormDialog, LabelLink, ListPage, LoomTreeSelect, SortInput, type ListPageHandle, type PageProps } from '@loom/ui';
import { areaService } from './service';
import type { Area } from './types';
import { requiredRule } from '../../shared/fields';

const P = { view: 'sys:area:view', add: 'sys:area:add', edit: 'sys:area:edit', del: 'sys:area:del' };

/** 区域管理 (`/sys/area/AreaList`): the area tree. */
export default function AreaList(_props: PageProps) {
  const { t } = useTranslation('sys');
  const list = useRef<ListPageHandle<Area>>(null);
  const [dlg, setDlg] = useState<{ open: boolean; mode: 'add' | 'edit' | 'view'; id?: string; parentId?: string }>({ open: false, mode: 'add' });
  const [treeKey, setTreeKey] = useState(0);
  const show = (mode: 'add' | 'edit' | 'view', id?: string, parentId?: string) => setDlg({ open: true, mode, id, parentId });
  return (
    <>
      <ListPage<Area>
        actionRef={list}
        fetch={() => areaService.treeData()}
        paging={false}
        deleteUrl={areaService.deleteUrl}
        exportName={t('area.entity')}
        permissions={P}
        onAdd={() => show('add')}
        onEdit={(r) => show('edit', r.id)}
        onView={(r) => show('view', r.id)}
        rowActions={{
          width: 200,
          items: (r) => [
            'view',
            'edit',
            { key: 'addChild', label: t('common.addChild'), permission: P.add, onClick: () => show('add', undefined, r.id) },
          ],
        }}
        columns={[
          {
            title: t('area.name'),
            dataIndex: 'name',
            render: (_d, r) => (
              <LabelLink editPermission={P.edit} viewPermission={P.view} onEdit={() => show('edit', r.id)} onView={() => show('view', r.id)}>
                {r.name}
              </LabelLink>
            ),
          },
          { title: t('area.code'), dataIndex: 'code' },
          { title: t('area.type'), dataIndex: 'type', dictType: 'sys_area_type' },
          { title: t('common.sort'), dataIndex: 'sort' },
          { title: t('common.remarks'), dataIndex: 'remarks', ellipsis: true },
        ]}
      />
      <FormDialog<Area>
        open={dlg.open}
        mode={dlg.mode}
        name={t('area.entity')}
        width={640}
        initialValues={{ parentId: dlg.parentId ?? '', sort: 30 }}
        load={() => areaService.queryById(dlg.id ?? '')}
        onSubmit={(v) => areaService.save({ ...v, parentId: v.parentId || '0' })}
        onSaved={() => {
          setTreeKey((k) => k + 1);
          list.current?.reload();
        }}
        onClose={() => setDlg((d) => ({ ...d, open: false }))}
      >
        {({ mode }) => (
          <>
            <Form.Item name="parentId" label={t('area.parent')}>
              <LoomTreeSelect key={treeKey} url="/sys/area/treeData" fieldNames={{ label: 'name' }} disabled={mode === 'view'} />
            </Form.Item>
            <Form.Item name="name" label={t('area.name')} rules={[requiredRule(t, t('area.name')), { max: 100 }]}>
              <Input />
            </Form.Item>
            <Form.Item name="code" label={t('area.code')} rules={[{ max: 100 }]}>
              <Input />
            </Form.Item>
            <Form.Item name="type" label={t('area.type')}>
              <DictOrInput type="sys_area_type" />
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
