import { useCallback, useEffect, useMemo, useState } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback, type FormMode } from '@loom/ui';
import { tableService } from '../../service';
import type { Choice as LabelValue, WizardConfig as QueryConfig } from '../../../../api/types';
import type { GenColumn, GenTable } from '../../types';
import type { DataSourceNode } from '../../../datasource/service';
import { dataSourceService } from '../../../datasource/service';
import {
  STEP_COUNT,
  applyTableType,
  baseColumnBlock,
  classNameFor,
  defaultColumns,
  dropColumn,
  newColumn,
  rowKey,
  toPayload,
  validateAll,
  validateStep,
} from '../../rules';

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

export type TableFields = Omit<GenTable, 'columnList' | 'dataSource'> & { dataSourceId: string };

const FIELD_TYPE_KEYS: Record<string, keyof QueryConfig['config']> = {
  mysql: 'mysqlFieldType',
  mariadb: 'mysqlFieldType',
  postgresql: 'postGreSqlFieldType',
  kingbase: 'postGreSqlFieldType',
  oracle: 'oracleFieldType',
  mssql: 'mssqlFieldType',
  sqlserver: 'mssqlFieldType',
};
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
 * The state of the table design wizard: the table form, the columns edited in memory, the step
 * and its checks (forward only when the current step validates), loading and saving the design.
 */
export function useTableWizard(props: TableWizardProps) {
  const { open, mode, id } = props;
  const { t } = useTranslation('gencode');
  const { message } = useFeedback();
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
      dataSource: { id: v.dataSourceId, name: src?.label, type: src?.dbType ?? undefined },
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
  const rows = cols.filter(live);

  return {
    t,
    mode,
    form,
    step,
    setStep,
    cols,
    rows,
    sources,
    loading,
    saving,
    error,
    setError,
    picker,
    setPicker,
    grid,
    setGrid,
    readOnly,
    tableType,
    parentTable,
    update,
    next,
    prev,
    confirm,
    onTableTypeChange,
    onNameBlur,
    removeColumn,
    addColumn,
    fieldTypes,
    javaTypes,
    showTypes,
    validateTypes,
    queryTypes,
    tableList,
  };
}

export type TableWizardState = ReturnType<typeof useTableWizard>;
