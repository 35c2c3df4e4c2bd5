import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, AutoComplete, Button, Checkbox, Col, Form, Input, InputNumber, Modal, Row, Select, Space, Spin, Steps, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, SettingOutlined, SelectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DictSelect, useFeedback, useSession, type FormMode } from '@loom/ui';
import { tableService } from '../service';
import type { GenColumn, GenTable, LabelValue, QueryConfig } from '../types';
import type { DataSourceNode } from '../../datasource/service';
import { dataSourceService } from '../../datasource/service';
import {
  STEP_COUNT,
  applyJavaType,
  applyTableType,
  baseColumnBlock,
  classNameFor,
  defaultColumns,
  dropColumn,
  isRelatedType,
  newColumn,
  rowKey,
  toPayload,
  validateAll,
  validateStep,
} from '../rules';
import { PropertyPicker } from './PropertyPicker';
import { GridSelectDrawer } from './GridSelectDrawer';

export interface TableWizardProps {
  open: boolean;
  mode: FormMode;
  id?: string;
  /** Data source of a new design (the one chosen in the list's tree), default master. */
  dataSourceId?: string;
  onClose: () => void;
  onSaved?: () => void;
  /** Injected in tests; loaded from the server otherwise. */
  config?: QueryConfig;
  dataSources?: DataSourceNode[];
}

type TableFields = Omit<GenTable, 'columnList' | 'dataSource'> & { dataSourceId: string };

const FIELD_TYPE_KEYS: Record<string, keyof QueryConfig['config']> = {
  mysql: 'mysqlFieldType',
  mariadb: 'mysqlFieldType',
  postgresql: 'postGreSqlFieldType',
  kingbase: 'postGreSqlFieldType',
  oracle: 'oracleFieldType',
  mssql: 'mssqlFieldType',
  sqlserver: 'mssqlFieldType',
};
const DICT_CONTROLS = ['select', 'radiobox', 'checkbox'];
const flag = (v: boolean) => (v ? '1' : '0');
const live = (c: GenColumn) => c.delFlag !== '1';

function flattenSources(nodes: DataSourceNode[]): DataSourceNode[] {
  const out: DataSourceNode[] = [];
  const walk = (list: DataSourceNode[]) =>
    list.forEach((n) => {
      if (n.type !== 'db') out.push(n);
      if (n.children) walk(n.children);
    });
  walk(nodes);
  return out;
}

/**
 * The table design wizard (full screen; add, edit, view): 1 database table, 2 Java entity,
 * 3 form page, 4 form validation, 5 list page. Forward only when the current step validates.
 */
export function TableWizard(props: TableWizardProps) {
  const { open, mode, id } = props;
  const { t } = useTranslation('gencode');
  const { message } = useFeedback();
  const session = useSession();
  const [form] = Form.useForm<TableFields>();
  const [step, setStep] = useState(0);
  const [cols, setCols] = useState<GenColumn[]>([]);
  const [savedNames, setSavedNames] = useState<string[]>([]);
  const [meta, setMeta] = useState<{ id?: string; isSync?: string }>({});
  const [config, setConfig] = useState<QueryConfig | null>(props.config ?? null);
  const [sources, setSources] = useState<DataSourceNode[]>(props.dataSources ? flattenSources(props.dataSources) : []);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [picker, setPicker] = useState<GenColumn | null>(null);
  const [grid, setGrid] = useState<GenColumn | null>(null);
  const readOnly = mode === 'view';

  const dsId = Form.useWatch('dataSourceId', form);
  const tableType = Form.useWatch('tableType', form);
  const parentTable = Form.useWatch('parentTable', form);
  const dbType = useMemo(() => sources.find((s) => s.id === dsId)?.dbType ?? 'postgresql', [sources, dsId]);

  // load the lists and the design each time the wizard opens
  useEffect(() => {
    if (!open) return;
    let alive = true;
    setStep(0);
    setError(null);
    form.resetFields();
    const needConfig = props.config ? Promise.resolve(props.config) : tableService.queryConfig();
    const needSources = props.dataSources ? Promise.resolve(props.dataSources) : dataSourceService.treeData();
    setLoading(true);
    Promise.all([needConfig, needSources])
      .then(async ([cfg, tree]) => {
        if (!alive) return;
        setConfig(cfg);
        const flat = flattenSources(Array.isArray(tree) ? tree : []);
        setSources(flat);
        if (mode === 'add' || !id) {
          const ds = props.dataSourceId && flat.some((s) => s.id === props.dataSourceId) ? props.dataSourceId : flat[0]?.id ?? 'master';
          const kind = flat.find((s) => s.id === ds)?.dbType ?? 'postgresql';
          form.setFieldsValue({ dataSourceId: ds, idType: '1', tableType: '0', name: '', comments: '', className: '' });
          setCols(defaultColumns('0', kind));
          setSavedNames([]);
          setMeta({});
        } else {
          const rec = await tableService.queryById(id);
          if (!alive) return;
          form.setFieldsValue({
            name: rec.name,
            comments: rec.comments,
            className: rec.className,
            idType: rec.idType || '1',
            tableType: rec.tableType || '0',
            parentTable: rec.parentTable || undefined,
            parentTableFk: rec.parentTableFk || undefined,
            dataSourceId: rec.dataSource?.id ?? 'master',
          });
          const list = (rec.columnList ?? []).map((c) => ({ ...c, delFlag: c.delFlag ?? '0', _key: c.id || rowKey() }));
          setCols(list);
          setSavedNames(list.filter((c) => c.id).map((c) => c.name.toLowerCase()));
          setMeta({ id: rec.id, isSync: rec.isSync });
        }
      })
      .catch(() => undefined)
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, mode, id]);

  const update = useCallback((key: string | undefined, patch: Partial<GenColumn> | ((c: GenColumn) => GenColumn)) => {
    setCols((prev) => prev.map((c) => (c._key === key ? (typeof patch === 'function' ? patch(c) : { ...c, ...patch }) : c)));
  }, []);

  const tableValues = (): Partial<GenTable> => {
    const v = form.getFieldsValue(true) as TableFields;
    return { ...v, dataSource: { id: v.dataSourceId } };
  };

  const fail = (m: string) => {
    setError(m);
    void message.error(m);
  };

  const next = async () => {
    if (step === 0) {
      try {
        await form.validateFields();
      } catch (e) {
        const first = (e as { errorFields?: Array<{ errors: string[] }> }).errorFields?.[0]?.errors[0];
        fail(first ?? t('common.required'));
        return;
      }
    }
    const problem = validateStep(step, tableValues(), cols, t);
    if (problem) {
      fail(problem);
      return;
    }
    setError(null);
    setStep((s) => Math.min(STEP_COUNT - 1, s + 1));
  };

  const prev = () => {
    setError(null);
    setStep((s) => Math.max(0, s - 1));
  };

  const confirm = async () => {
    try {
      await form.validateFields();
    } catch (e) {
      setStep(0);
      fail((e as { errorFields?: Array<{ errors: string[] }> }).errorFields?.[0]?.errors[0] ?? t('common.required'));
      return;
    }
    const values = tableValues();
    const problem = validateAll(values, cols, savedNames, t);
    if (problem) {
      setStep(problem.step);
      fail(problem.message);
      return;
    }
    const v = form.getFieldsValue(true) as TableFields;
    const src = sources.find((s) => s.id === v.dataSourceId);
    const payload = toPayload({
      id: meta.id,
      isSync: meta.isSync ?? '0',
      name: v.name,
      comments: v.comments,
      className: v.className,
      idType: v.idType,
      tableType: v.tableType,
      parentTable: v.parentTable ?? '',
      parentTableFk: v.parentTable ? v.parentTableFk ?? '' : '',
      dataSource: { id: v.dataSourceId, name: src?.label, type: src?.dbType },
      columnList: cols,
    });
    setSaving(true);
    try {
      const msg = await tableService.save(payload);
      if (msg) void message.success(msg);
      props.onSaved?.();
      props.onClose();
    } catch (e) {
      const m = (e as Error).message;
      if (m) setError(m);
    } finally {
      setSaving(false);
    }
  };

  const onTableTypeChange = (type: string) => {
    setCols((prev) => applyTableType(prev, type, dbType));
    if (type !== '2' && type !== '5') form.setFieldsValue({ parentTable: undefined, parentTableFk: undefined });
  };

  const onNameBlur = () => {
    if (mode !== 'add') return;
    const name = String(form.getFieldValue('name') ?? '').trim();
    if (name && !form.getFieldValue('className')) form.setFieldsValue({ className: classNameFor(name) });
  };

  const removeColumn = (c: GenColumn) => {
    if (baseColumnBlock(c, tableType)) {
      fail(t('wizard.baseColumn', { name: c.name }));
      return;
    }
    setCols((prev) => dropColumn(prev, c));
  };

  const addColumn = () => {
    const sort = Math.max(0, ...cols.filter(live).map((c) => Number(c.sort) || 0)) + 10;
    setCols((prev) => [...prev, newColumn('', 'varchar(64)', '', sort)]);
  };

  const fieldTypes: LabelValue[] = (config?.config[FIELD_TYPE_KEYS[dbType] ?? 'mysqlFieldType'] as LabelValue[] | undefined) ?? [];
  const javaTypes = config?.config.javaTypeList ?? [];
  const showTypes = config?.config.showTypeList ?? [];
  const validateTypes = config?.config.validateTypeList ?? [];
  const queryTypes = config?.config.queryTypeList ?? [];
  const tableList = (config?.tableList ?? []).filter((x) => x.name !== form.getFieldValue('name'));
  const dictTypes = Object.keys(session.dictList).sort();
  const rows = cols.filter(live);

  const nameCol = { title: t('wizard.colName'), dataIndex: 'name', width: 160, render: (v: string) => <Typography.Text code>{v}</Typography.Text> };
  const commentsCol = { title: t('wizard.colComments'), dataIndex: 'comments', width: 180 };
  const check = (field: keyof GenColumn, title: string): ColumnsType<GenColumn>[number] => ({
    title,
    dataIndex: field,
    width: 70,
    align: 'center',
    render: (_v, c) => <Checkbox checked={c[field] === '1'} disabled={readOnly} onChange={(e) => update(c._key, { [field]: flag(e.target.checked) })} data-col={`${c.name}:${field}`} />,
  });

  const stepColumns: ColumnsType<GenColumn>[] = [
    // 1 database table
    [
      {
        title: t('wizard.colName'),
        dataIndex: 'name',
        width: 180,
        render: (_v, c) => (
          <Input
            size="small"
            value={c.name}
            disabled={readOnly}
            status={!c.name ? 'error' : undefined}
            onChange={(e) => update(c._key, (x) => ({ ...x, name: e.target.value, javaField: x.javaField && x.javaField !== camelOf(x.name) ? x.javaField : camelOf(e.target.value) }))}
            data-col={`name:${cols.indexOf(c)}`}
          />
        ),
      },
      {
        title: t('wizard.colComments'),
        dataIndex: 'comments',
        width: 200,
        render: (_v, c) => <Input size="small" value={c.comments} disabled={readOnly} onChange={(e) => update(c._key, { comments: e.target.value })} data-col={`comments:${cols.indexOf(c)}`} />,
      },
      {
        title: t('wizard.jdbcType'),
        dataIndex: 'jdbcType',
        width: 200,
        render: (_v, c) => (
          <AutoComplete
            size="small"
            style={{ width: '100%' }}
            value={c.jdbcType}
            disabled={readOnly}
            options={fieldTypes.map((f) => ({ value: f.value, label: f.label }))}
            filterOption={(input, o) => String(o?.value ?? '').toLowerCase().includes(input.toLowerCase())}
            onChange={(v: string) => update(c._key, { jdbcType: v })}
            data-col={`jdbcType:${cols.indexOf(c)}`}
          />
        ),
      },
      check('isPk', t('wizard.isPk')),
      check('isNull', t('wizard.isNull')),
      check('isInsert', t('wizard.isInsert')),
      check('isEdit', t('wizard.isEdit')),
      {
        title: t('common.sort'),
        dataIndex: 'sort',
        width: 100,
        render: (_v, c) => <InputNumber size="small" value={c.sort} step={10} disabled={readOnly} onChange={(v) => update(c._key, { sort: Number(v ?? 0) })} />,
      },
      {
        title: t('common.operation'),
        key: 'op',
        width: 80,
        render: (_v, c) =>
          readOnly ? null : (
            <Typography.Link type="danger" onClick={() => removeColumn(c)} data-row-action="remove-column">
              {t('common.delete')}
            </Typography.Link>
          ),
      },
    ],
    // 2 Java entity
    [
      nameCol,
      commentsCol,
      {
        title: t('wizard.javaType'),
        dataIndex: 'javaType',
        width: 300,
        render: (_v, c) => (
          <Select
            size="small"
            showSearch
            style={{ width: '100%' }}
            value={c.javaType || undefined}
            disabled={readOnly}
            options={javaTypes.some((j) => j.value === c.javaType) || !c.javaType ? javaTypes : [...javaTypes, { label: c.javaType, value: c.javaType }]}
            optionFilterProp="label"
            onChange={(v: string) => update(c._key, (x) => applyJavaType(x, v))}
            data-col={`javaType:${c.name}`}
          />
        ),
      },
      {
        title: t('wizard.javaField'),
        dataIndex: 'javaField',
        render: (_v, c) => (
          <Space.Compact style={{ width: '100%' }}>
            <Input size="small" value={c.javaField} disabled={readOnly} onChange={(e) => update(c._key, { javaField: e.target.value })} data-col={`javaField:${c.name}`} />
            {isRelatedType(c.javaType) ? (
              <Tooltip title={t('wizard.pickProperty')}>
                <Button size="small" icon={<SelectOutlined />} disabled={readOnly} onClick={() => setPicker(c)} data-action={`pick-property:${c.name}`} />
              </Tooltip>
            ) : null}
          </Space.Compact>
        ),
      },
    ],
    // 3 form page
    [
      nameCol,
      commentsCol,
      check('isForm', t('wizard.isForm')),
      {
        title: t('wizard.showType'),
        dataIndex: 'showType',
        width: 200,
        render: (_v, c) => (
          <Select size="small" style={{ width: '100%' }} value={c.showType || undefined} disabled={readOnly} options={showTypes} onChange={(v: string) => update(c._key, { showType: v })} data-col={`showType:${c.name}`} />
        ),
      },
      {
        title: t('wizard.dictType'),
        dataIndex: 'dictType',
        width: 220,
        render: (_v, c) =>
          DICT_CONTROLS.includes(c.showType) ? (
            <Select
              size="small"
              allowClear
              showSearch
              style={{ width: '100%' }}
              value={c.dictType || undefined}
              disabled={readOnly}
              options={dictTypes.map((d) => ({ value: d, label: d }))}
              onChange={(v?: string) => update(c._key, { dictType: v ?? '' })}
            />
          ) : null,
      },
      {
        title: t('wizard.gridConfig'),
        key: 'grid',
        width: 120,
        render: (_v, c) =>
          c.showType === 'gridselect' ? (
            <Button size="small" icon={<SettingOutlined />} onClick={() => setGrid(c)} data-action={`grid-config:${c.name}`}>
              {t('wizard.gridConfig')}
            </Button>
          ) : null,
      },
    ],
    // 4 form validation
    [
      nameCol,
      commentsCol,
      check('isNull', t('wizard.isNull')),
      {
        title: t('wizard.validateType'),
        dataIndex: 'validateType',
        width: 260,
        render: (_v, c) => (
          <Select
            size="small"
            mode="multiple"
            allowClear
            style={{ width: '100%' }}
            value={c.validateType ? c.validateType.split(',').filter(Boolean) : []}
            disabled={readOnly}
            options={validateTypes}
            onChange={(v: string[]) => update(c._key, { validateType: v.join(',') })}
          />
        ),
      },
      ...(['minLength', 'maxLength', 'minValue', 'maxValue'] as const).map(
        (f): ColumnsType<GenColumn>[number] => ({
          title: t(`wizard.${f}`),
          dataIndex: f,
          width: 110,
          render: (_v, c) => <Input size="small" value={c[f] ?? ''} disabled={readOnly} onChange={(e) => update(c._key, { [f]: e.target.value })} />,
        }),
      ),
    ],
    // 5 list page
    [
      nameCol,
      commentsCol,
      check('isList', t('wizard.isList')),
      check('isQuery', t('wizard.isQuery')),
      {
        title: t('wizard.queryType'),
        dataIndex: 'queryType',
        width: 200,
        render: (_v, c) => (
          <Select size="small" style={{ width: '100%' }} value={c.queryType || undefined} disabled={readOnly} options={queryTypes} onChange={(v: string) => update(c._key, { queryType: v })} />
        ),
      },
    ],
  ];

  const tableForm: ReactNode = (
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

  const title = t(mode === 'add' ? 'wizard.addTitle' : mode === 'edit' ? 'wizard.editTitle' : 'wizard.viewTitle');
  const steps = [t('wizard.step1'), t('wizard.step2'), t('wizard.step3'), t('wizard.step4'), t('wizard.step5')];

  return (
    <Modal
      open={open}
      title={title}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0, margin: 0 }}
      styles={{ body: { height: 'calc(100vh - 120px)', overflow: 'auto' } }}
      maskClosable={false}
      destroyOnHidden
      onCancel={props.onClose}
      className="loom-table-wizard"
      footer={
        <Space>
          <Button disabled={step === 0} onClick={prev} data-action="prev">
            {t('wizard.prev')}
          </Button>
          <Button disabled={step === STEP_COUNT - 1} onClick={() => void next()} data-action="next">
            {t('wizard.next')}
          </Button>
          <Button onClick={props.onClose} data-action="close">
            {t('common.close')}
          </Button>
          {!readOnly ? (
            <Button type="primary" disabled={step !== STEP_COUNT - 1} loading={saving} onClick={() => void confirm()} data-action="confirm">
              {t('common.confirm')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Spin spinning={loading}>
        <Steps current={step} items={steps.map((s) => ({ title: s }))} style={{ marginBottom: 16 }} onChange={(s) => (s < step ? (setError(null), setStep(s)) : undefined)} />
        {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} className="loom-wizard-error" closable onClose={() => setError(null)} /> : null}
        <div style={{ display: step === 0 ? 'block' : 'none' }}>{tableForm}</div>
        {step === 0 && !readOnly ? (
          <Button size="small" icon={<PlusOutlined />} onClick={addColumn} style={{ marginBottom: 8 }} data-action="add-column">
            {t('wizard.addColumn')}
          </Button>
        ) : null}
        <Table<GenColumn>
          size="small"
          bordered
          rowKey={(c) => String(c._key ?? c.id)}
          dataSource={rows}
          columns={stepColumns[step] ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          className={`loom-wizard-columns loom-wizard-step-${step}`}
        />
      </Spin>
      <PropertyPicker
        open={!!picker}
        javaType={picker?.javaType ?? ''}
        javaField={picker?.javaField ?? ''}
        onCancel={() => setPicker(null)}
        onOk={(javaField) => {
          update(picker?._key, { javaField });
          setPicker(null);
        }}
      />
      <GridSelectDrawer
        open={!!grid}
        column={grid}
        disabled={readOnly}
        onClose={() => setGrid(null)}
        onOk={(v) => {
          update(grid?._key, v);
          setGrid(null);
        }}
      />
    </Modal>
  );
}

function camelOf(name: string): string {
  const [head = '', ...rest] = name.toLowerCase().split('_');
  return head + rest.map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('');
}
