import { useRef } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictRadio, DictTag, ExpandedChildren, FormDialog, getDictList, LabelLink, ListPage, NestedRowsEditor, required, SortInput, sortRules, useFormDialog, type ListPageHandle, type NestedRow, type PageProps } from '@loom/ui';
import { refService } from '../../shared/service';

interface CustomField extends NestedRow {
  name?: string;
  remarks?: string;
  sort?: number;
}
interface CustomObj extends Record<string, unknown> {
  id: string;
  label: string;
  value: string;
  dataUrl?: string;
  tableName?: string;
  sort?: number;
  description?: string;
  type?: string;
  customFieldDTOList?: CustomField[];
}

/** The seed names yes_no; sys seeds gen_java_type_kind ('0' 基本类型, '1' 自定义对象) for exactly this field. */
const kindDict = () => (getDictList('gen_java_type_kind').length ? 'gen_java_type_kind' : 'yes_no');

const svc = refService<CustomObj>('customObj');
const P = { view: 'gencode:customObj:view', add: 'gencode:customObj:add', edit: 'gencode:customObj:edit', del: 'gencode:customObj:del' };

/** 自定义java对象 (`/gen/GenCustomObjList`). */
export default function GenCustomObjList(_props: PageProps) {
  const { t } = useTranslation('gencode');
  const list = useRef<ListPageHandle<CustomObj>>(null);
  const dlg = useFormDialog();
  const fieldColumns = [
    { title: t('customObj.fieldName'), dataIndex: 'name' },
    { title: t('customObj.fieldRemarks'), dataIndex: 'remarks' },
  ];
  return (
    <div className="loom-gencode-customObj">
      <ListPage<CustomObj>
        actionRef={list}
        url={svc.listUrl}
        deleteUrl={svc.deleteUrl}
        exportName={t('customObj.entity')}
        permissions={P}
        onAdd={() => dlg.show('add')}
        onEdit={(r) => dlg.show('edit', r.id)}
        onView={(r) => dlg.show('view', r.id)}
        rowActions={{ width: 180, items: () => ['view', 'edit', 'delete'] }}
        tableProps={{
          expandable: {
            rowExpandable: (r) => String(r.type ?? '') === '0',
            expandedRowRender: (r) => <ExpandedChildren<CustomField> url="/gencode/customObj/queryById" id={r.id} listKey="customFieldDTOList" columns={fieldColumns} />,
          },
        }}
        columns={[
          {
            title: t('customObj.label'),
            dataIndex: 'label',
            query: true,
            sorter: true,
            render: (_d, r) => (
              <LabelLink editPermission={P.edit} viewPermission={P.view} onEdit={() => dlg.show('edit', r.id)} onView={() => dlg.show('view', r.id)}>
                {r.label}
              </LabelLink>
            ),
          },
          { title: t('customObj.value'), dataIndex: 'value', query: true, sorter: true },
          { title: t('customObj.dataUrl'), dataIndex: 'dataUrl', ellipsis: true },
          { title: t('customObj.tableName'), dataIndex: 'tableName', sorter: true },
          { title: t('common.sort'), dataIndex: 'sort', sorter: true, width: 90 },
          { title: t('customObj.type'), dataIndex: 'type', width: 110, render: (_d, r) => <DictTag type={kindDict()} value={r.type} /> },
          { title: t('customObj.description'), dataIndex: 'description', ellipsis: true },
        ]}
      />
      <FormDialog<CustomObj>
        open={dlg.open}
        mode={dlg.mode}
        name={t('customObj.entity')}
        width={900}
        continueAdding={false}
        initialValues={{ sort: 1, type: '0', customFieldDTOList: [] }}
        load={() => svc.queryById(String(dlg.id ?? ''))}
        onSubmit={(v) => svc.save(v)}
        onSaved={() => list.current?.reload()}
        onClose={dlg.close}
        formProps={{ labelCol: { span: 4 }, wrapperCol: { span: 19 } }}
      >
        {({ mode }) => (
          <>
            <Form.Item name="label" label={t('customObj.label')} rules={[required(t('common.labelRequired'))]}>
              <Input />
            </Form.Item>
            <Form.Item name="value" label={t('customObj.value')} rules={[required(t('customObj.valueRequired'))]}>
              <Input placeholder="com.jeeplus.modules.test.entity.Demo" />
            </Form.Item>
            <Form.Item name="type" label={t('customObj.type')} rules={[{ required: true, message: t('customObj.typeRequired') }]}>
              <DictRadio type={kindDict()} />
            </Form.Item>
            <Form.Item name="dataUrl" label={t('customObj.dataUrl')}>
              <Input />
            </Form.Item>
            <Form.Item name="tableName" label={t('customObj.tableName')}>
              <Input />
            </Form.Item>
            <Form.Item name="sort" label={t('common.sort')}>
              <SortInput />
            </Form.Item>
            <Form.Item name="description" label={t('customObj.description')}>
              <Input.TextArea rows={2} />
            </Form.Item>
            <Form.Item name="customFieldDTOList" label={t('customObj.fields')}>
              <NestedRowsEditor<CustomField>
                name={t('customObj.field')}
                columns={[...fieldColumns, { title: t('common.sort'), dataIndex: 'sort', width: 90 }]}
                disabled={mode === 'view'}
                deletedFlag={1}
                newRow={() => ({ sort: 10, delFlag: 0 })}
                fields={
                  <>
                    <Form.Item name="name" label={t('customObj.fieldName')}>
                      <Input />
                    </Form.Item>
                    <Form.Item name="remarks" label={t('customObj.fieldRemarks')}>
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
