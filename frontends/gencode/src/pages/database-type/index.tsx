import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage, DictSelect, ExpandedChildren, getDictLabel, NestedRowsEditor, required, SortItem, sortRules, type PageProps } from '@loom/ui';
import type { DataBaseTypePublic, TableFieldTypePublic } from '../../api/types';
import { refService } from '../../shared/service';
import { LabelValueItems } from '../../shared/RefTypeList';

/** A database kind and its physical column types, as the list and queryById answer them. */
type DataBaseType = DataBaseTypePublic;
type FieldType = TableFieldTypePublic;

const svc = refService<DataBaseType>('dataBaseType');
const P = { view: 'gencode:dataBaseType:view', add: 'gencode:dataBaseType:add', edit: 'gencode:dataBaseType:edit', del: 'gencode:dataBaseType:del' };

/** 数据库类型 (`/gen/GenDataBaseTypeList`): a database kind and its physical column types. */
export default function DataBaseTypeList(_props: PageProps) {
  const { t } = useTranslation('gencode');
  const childColumns = [
    { title: t('common.label'), dataIndex: 'label' },
    { title: t('common.value'), dataIndex: 'value' },
    { title: t('common.sort'), dataIndex: 'sort', width: 100 },
  ];
  return (
    <CrudPage<DataBaseType>
      className="loom-gencode-dataBaseType"
      entity={t('dataBaseType.entity')}
      resource={svc}
      permissions={P}
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
      dialog={{
        width: 900,
        continueAdding: false,
        initialValues: { tableFieldTypeDTOList: [] },
        formProps: { labelCol: { span: 4 }, wrapperCol: { span: 19 } },
      }}
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
                  <LabelValueItems />
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
