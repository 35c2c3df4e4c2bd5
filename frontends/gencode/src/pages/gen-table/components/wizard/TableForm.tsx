import { Col, Form, Input, Row, Select } from 'antd';
import { DictSelect } from '@loom/ui';
import type { TableFields, TableWizardState } from './useTableWizard';

/** Step 1's table form: name, comments, class name, data source, id type, table type and the parent table. */
export function TableForm({ w }: { w: TableWizardState }) {
  const { t, form, readOnly, mode, sources, tableType, parentTable, tableList, rows, onNameBlur, onTableTypeChange } = w;
  return (
    <Form<TableFields> form={form} layout="horizontal" labelCol={{ span: 7 }} wrapperCol={{ span: 16 }} disabled={readOnly} validateTrigger="onBlur" className="loom-wizard-table-form">
      <Row gutter={8}>
        <Col span={8}>
          <Form.Item name="name" label={t('table.name')} rules={[{ required: true, whitespace: true, message: t('table.nameRequired') }, { max: 50, message: t('common.maxLength', { max: 50 }) }]}>
            <Input onBlur={onNameBlur} data-field="name" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="comments" label={t('table.comments')} rules={[{ required: true, whitespace: true, message: t('table.commentsRequired') }]}>
            <Input data-field="comments" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="className"
            label={t('table.className')}
            rules={[
              { required: true, whitespace: true, message: t('table.classNameRequired') },
              { pattern: /^[A-Z]/, message: t('table.classNameUpper') },
            ]}
          >
            <Input data-field="className" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="dataSourceId" label={t('table.dataSource')} rules={[{ required: true, message: t('table.dataSourceRequired') }]}>
            <Select options={sources.map((s) => ({ value: s.id, label: s.label }))} disabled={readOnly || mode === 'edit'} data-field="dataSource" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="idType" label={t('table.idType')} rules={[{ required: true, message: t('table.idTypeRequired') }]}>
            <DictSelect type="gen_id_type" allowClear={false} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="tableType" label={t('table.tableType')} rules={[{ required: true, message: t('table.tableTypeRequired') }]}>
            <DictSelect type="table_type" allowClear={false} onChange={(v) => onTableTypeChange(String(v ?? '0'))} data-field="tableType" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="parentTable" label={t('table.parentTable')}>
            <Select
              allowClear
              showSearch
              options={tableList.map((x) => ({ value: x.name, label: x.nameAndComments || x.name }))}
              disabled={readOnly || (tableType !== '2' && tableType !== '5')}
              data-field="parentTable"
              onChange={(v) => {
                if (!v) form.setFieldsValue({ parentTableFk: undefined });
              }}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="parentTableFk"
            label={t('table.parentTableFk')}
            dependencies={['parentTable']}
            rules={[{ validator: (_r, v) => (form.getFieldValue('parentTable') && !v ? Promise.reject(new Error(t('table.parentTableFkRequired'))) : Promise.resolve()) }]}
          >
            <Select allowClear showSearch options={rows.filter((c) => c.name).map((c) => ({ value: c.name, label: `${c.name} ${c.comments ?? ''}` }))} disabled={readOnly || !parentTable} data-field="parentTableFk" />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  
  );
}
