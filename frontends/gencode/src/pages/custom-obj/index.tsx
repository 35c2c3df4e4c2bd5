import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage, DictRadio, DictTag, ExpandedChildren, getDictList, maxLen, NestedRowsEditor, required, SortItem, sortRules, type PageProps } from '@loom/ui';
import type { CustomFieldPublic, CustomObjPublic } from '../../api/types';
import { refService } from '../../shared/service';

/** A custom Java type and its properties, as the list and queryById answer them. */
type CustomObj = CustomObjPublic;
type CustomField = CustomFieldPublic;

/** The seed names yes_no; sys seeds gen_java_type_kind ('0' 基本类型, '1' 自定义对象) for exactly this field. */
const kindDict = () => (getDictList('gen_java_type_kind').length ? 'gen_java_type_kind' : 'yes_no');

const svc = refService<CustomObj>('customObj');
const P = { view: 'gencode:customObj:view', add: 'gencode:customObj:add', edit: 'gencode:customObj:edit', del: 'gencode:customObj:del' };

/** 自定义java对象 (`/gen/GenCustomObjList`). */
export default function GenCustomObjList(_props: PageProps) {
  const { t } = useTranslation('gencode');
  const fieldColumns = [
    { title: t('customObj.fieldName'), dataIndex: 'name' },
    { title: t('customObj.fieldRemarks'), dataIndex: 'remarks' },
  ];
  return (
    <CrudPage<CustomObj>
      className="loom-gencode-customObj"
      entity={t('customObj.entity')}
      resource={svc}
      permissions={P}
      rowActions={{ width: 180, items: () => ['view', 'edit', 'delete'] }}
      tableProps={{
        expandable: {
          rowExpandable: (r) => String(r.type ?? '') === '0',
          expandedRowRender: (r) => <ExpandedChildren<CustomField> url="/gencode/customObj/queryById" id={r.id} listKey="customFieldDTOList" columns={fieldColumns} />,
        },
      }}
      columns={[
        { title: t('customObj.label'), dataIndex: 'label', query: true, sorter: true, link: true },
        { title: t('common.labelEn'), dataIndex: 'labelEn' },
        { title: t('customObj.value'), dataIndex: 'value', query: true, sorter: true },
        { title: t('customObj.dataUrl'), dataIndex: 'dataUrl', ellipsis: true },
        { title: t('customObj.tableName'), dataIndex: 'tableName', sorter: true },
        { title: t('common.sort'), dataIndex: 'sort', sorter: true, width: 90 },
        { title: t('customObj.type'), dataIndex: 'type', width: 110, render: (_d, r) => <DictTag type={kindDict()} value={r.type} /> },
        { title: t('customObj.description'), dataIndex: 'description', ellipsis: true },
      ]}
      dialog={{
        width: 900,
        continueAdding: false,
        initialValues: { sort: 1, type: '0', customFieldDTOList: [] },
        formProps: { labelCol: { span: 4 }, wrapperCol: { span: 19 } },
      }}
    >
      {({ mode }) => (
        <>
          <Form.Item name="label" label={t('customObj.label')} rules={[required(t('common.labelRequired'))]}>
            <Input />
          </Form.Item>
          <Form.Item name="labelEn" label={t('common.labelEn')} rules={[maxLen(100)]}>
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
          <SortItem label={t('common.sort')} />
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
                  <SortItem label={t('common.sort')} rules={sortRules()} />
                </>
              }
            />
          </Form.Item>
        </>
      )}
    </CrudPage>
  );
}
