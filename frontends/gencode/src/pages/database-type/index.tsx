import { useRef } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictSelect, ExpandedChildren, FormDialog, getDictLabel, ListPage, NestedRowsEditor, required, SortInput, sortRules, useFormDialog, type ListPageHandle, type NestedRow, type PageProps } from '@loom/ui';
import { refService } from '../../shared/service';

interface FieldType extends NestedRow {
  label?: string;
  value?: string;
  sort?: number;
}
interface DataBaseType extends Record<string, unknown> {
  id: string;
  type: string;
  tableFieldTypeDTOList?: FieldType[];
}

const svc = refService<DataBaseType>('dataBaseType');
const P = { view: 'gencode:dataBaseType:view', add: 'gencode:dataBaseType:add', edit: 'gencode:dataBaseType:edit', del: 'gencode:dataBaseType:del' };

/** 数据库类型 (`/gencode/dataBaseType/DataBaseTypeList`): a database kind and its physical column types. */
export default function DataBaseTypeList(_props: PageProps) {
  const { t } = useTranslation('gencode');
  const list = useRef<ListPageHandle<DataBaseType>>(null);
  const dlg = useFormDialog();
  const childColumns = [
    { title: t('common.label'), dataIndex: 'label' },
    { title: t('common.value'), dataIndex: 'value' },
    { title: t('common.sort'), dataIndex: 'sort', width: 100 },
  ];
  return (
    <div className="loom-gencode-dataBaseType">
      <ListPage<DataBaseType>
        actionRef={list}
        url={svc.listUrl}
        deleteUrl={svc.deleteUrl}
        exportName={t('dataBaseType.entity')}
        permissions={P}
        onAdd={() => dlg.show('add')}
        onEdit={(r) => dlg.show('edit', r.id)}
        onView={(r) => dlg.show('view', r.id)}
        rowActions={{ width: 180, items: () => ['view', 'edit', 'delete'] }}
        tableProps={{
          expandable: {
            expandedRowRender: (r) => <ExpandedChildren<FieldType> url="/gencode/dataBaseType/queryById" id={r.id} listKey="tableFieldTypeDTOList" columns={childColumns} />,
          },
        }}
        columns={[
          {
            title: t('dataBaseType.type'),
            dataIndex: 'type',
            query: true,
            sorter: true,
            renderFormItem: () => <DictSelect type="db_type" />,
            render: (_d, r) => getDictLabel('db_type', r.type),
          },
        ]}
      />
      <FormDialog<DataBaseType>
        open={dlg.open}
        mode={dlg.mode}
        name={t('dataBaseType.entity')}
        width={900}
        continueAdding={false}
        initialValues={{ tableFieldTypeDTOList: [] }}
        load={() => svc.queryById(String(dlg.id ?? ''))}
        onSubmit={(v) => svc.save(v)}
        onSaved={() => list.current?.reload()}
        onClose={dlg.close}
        formProps={{ labelCol: { span: 4 }, wrapperCol: { span: 19 } }}
      >
        {({ mode }) => (
          <>
            <Form.Item name="type" label={t('dataBaseType.type')} rules={[required(t('dataBaseType.typeRequired'))]}>
              <DictSelect type="db_type" />
            </Form.Item>
            <Form.Item name="tableFieldTypeDTOList" label={t('dataBaseType.fieldTypes')}>
              <NestedRowsEditor<FieldType>
                name={t('dataBaseType.fieldType')}
                columns={childColumns}
                disabled={mode === 'view'}
                newRow={() => ({ sort: 10, delFlag: '0' })}
                fields={
                  <>
                    <Form.Item name="label" label={t('common.label')} rules={[required(t('common.labelRequired'))]}>
                      <Input />
                    </Form.Item>
                    <Form.Item name="value" label={t('common.value')} rules={[required(t('common.valueRequired'))]}>
                      <Input />
                    </Form.Item>
                    <Form.Item name="sort" label={t('common.sort')} rules={sortRules()}>
                      <SortInput />
                    </Form.Item>
                  </>
                }
              />
            </Form.Item>
          </>
        )}
      </FormDialog>
    </div>
  );
}
