import { useRef } from 'react';
import { Form, Input, InputNumber, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, LabelLink, ListPage, useFormDialog, type ListPageHandle, type PageProps } from '@loom/ui';
import '../../locales/designer';
import '../../locales/designer-panel';
import { categoryService, type ActCategory } from './service';

const P = { view: 'extension:actCategory:view', add: 'extension:actCategory:add', edit: 'extension:actCategory:edit', del: 'extension:actCategory:del' };

type Row = ActCategory & Record<string, unknown>;

interface Opt {
  value: string;
  title: string;
  children: Opt[];
}

function options(list: ActCategory[], skip?: string): Opt[] {
  return list.filter((c) => c.id !== skip).map((c) => ({ value: c.id, title: c.name, children: options(c.children ?? [], skip) }));
}

/** 流程分类 (`/flowable/extension/ActCategoryList`): the category tree the model and definition lists filter by. */
export default function ActCategoryList(_props: PageProps) {
  const { t } = useTranslation('designer');
  const list = useRef<ListPageHandle<Row>>(null);
  const tree = useRef<ActCategory[]>([]);
  const dlg = useFormDialog();
  const parentOf = useRef<string | undefined>(undefined);
  return (
    <>
      <ListPage<Row>
        actionRef={list}
        paging={false}
        fetch={async () => {
          const data = await categoryService.treeData();
          tree.current = Array.isArray(data) ? data : [];
          return tree.current as Row[];
        }}
        permissions={P}
        exportName={t('category.entity')}
        onAdd={() => { parentOf.current = undefined; dlg.show('add'); }}
        onEdit={(r) => dlg.show('edit', r.id)}
        onDelete={(rows) => categoryService.delete(rows.map((r) => r.id).join(',')).then(() => list.current?.reload())}
        rowActions={{
          width: 220,
          items: (r) => [
            { key: 'addChild', label: t('common.add'), permission: P.add, onClick: () => { parentOf.current = r.id; dlg.show('add'); } },
            'edit',
            { key: 'delete', confirm: t('common.confirmDelete'), onClick: () => void categoryService.delete(r.id).then(() => list.current?.reload()) },
          ],
        }}
        columns={[
          {
            title: t('category.name'), dataIndex: 'name',
            render: (_d, r) => <LabelLink editPermission={P.edit} viewPermission={P.view} onEdit={() => dlg.show('edit', r.id)} onView={() => dlg.show('view', r.id)}>{r.name}</LabelLink>,
          },
          { title: t('category.sort'), dataIndex: 'sort', width: 100 },
          { title: t('category.remarks'), dataIndex: 'remarks', ellipsis: true },
        ]}
      />
      <FormDialog<ActCategory>
        open={dlg.open}
        mode={dlg.mode}
        name={t('category.entity')}
        width={600}
        initialValues={{ sort: 30, parentId: parentOf.current }}
        load={() => categoryService.queryById(dlg.id ?? '')}
        onSubmit={(v) => categoryService.save({ ...v, parentId: v.parentId || '0' })}
        onSaved={() => list.current?.reload()}
        onClose={dlg.close}
      >
        <Form.Item name="parentId" label={t('category.parent')}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={options(tree.current, dlg.id ?? undefined)} />
        </Form.Item>
        <Form.Item name="name" label={t('category.name')} rules={[{ required: true, whitespace: true, message: t('common.required', { field: t('category.name') }) }, { max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="sort" label={t('category.sort')}>
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remarks" label={t('category.remarks')}>
          <Input.TextArea rows={3} maxLength={255} />
        </Form.Item>
      </FormDialog>
    </>
  );
}
