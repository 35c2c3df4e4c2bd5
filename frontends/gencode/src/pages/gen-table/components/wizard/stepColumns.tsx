import { AutoComplete, Button, Checkbox, Input, InputNumber, Select, Space, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { SettingOutlined, SelectOutlined } from '@ant-design/icons';
import { DictTypeSelect } from '@loom/ui';
import type { GenColumn } from '../../types';
import { applyJavaType, isRelatedType, renamed } from '../../rules';
import type { TableWizardState } from './useTableWizard';

const DICT_CONTROLS = ['select', 'radiobox', 'checkbox'];
const flag = (v: boolean) => (v ? '1' : '0');
type Column = ColumnsType<GenColumn>[number];

/**
 * The column grids of the five steps: 1 database table, 2 Java entity, 3 form page,
 * 4 form validation, 5 list page.
 */
export function stepColumns(w: TableWizardState): ColumnsType<GenColumn>[] {
  const { t, readOnly, update, cols, fieldTypes, javaTypes, showTypes, validateTypes, queryTypes, removeColumn, setPicker, setGrid } = w;
  const nameCol = { title: t('wizard.colName'), dataIndex: 'name', width: 160, render: (v: string) => <Typography.Text code>{v}</Typography.Text> };
  const commentsCol = { title: t('wizard.colComments'), dataIndex: 'comments', width: 180 };
  // every step after the first shows which column a row is first: its name and comments
  const named = (...rest: Column[]): Column[] => [nameCol, commentsCol, ...rest];
  // a column's choice from one of the lists (control type, query type); `marked` names the cell for tests
  const choice = (field: 'showType' | 'queryType', width: number, options: TableWizardState['showTypes'], marked: boolean): Column => ({
    title: t(`wizard.${field}`),
    dataIndex: field,
    width,
    render: (_v, c) => (
      <Select size="small" style={{ width: '100%' }} value={c[field] || undefined} disabled={readOnly} options={options} onChange={(v: string) => update(c._key, { [field]: v })} data-col={marked ? `${field}:${c.name}` : undefined} />
    ),
  });
  const check = (field: keyof GenColumn, title: string): Column => ({
    title,
    dataIndex: field,
    width: 70,
    align: 'center',
    render: (_v, c) => <Checkbox checked={c[field] === '1'} disabled={readOnly} onChange={(e) => update(c._key, { [field]: flag(e.target.checked) })} data-col={`${c.name}:${field}`} />,
  });

  return [
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
            onChange={(e) => update(c._key, (x) => renamed(x, { name: e.target.value }))}
            data-col={`name:${cols.indexOf(c)}`}
          />
        ),
      },
      {
        title: t('wizard.colComments'),
        dataIndex: 'comments',
        width: 200,
        render: (_v, c) => <Input size="small" value={c.comments ?? ''} disabled={readOnly} onChange={(e) => update(c._key, { comments: e.target.value })} data-col={`comments:${cols.indexOf(c)}`} />,
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
            onChange={(v: string) => update(c._key, (x) => renamed(x, { jdbcType: v }))}
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
    named(
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
            <Input size="small" value={c.javaField ?? ''} disabled={readOnly} onChange={(e) => update(c._key, { javaField: e.target.value })} data-col={`javaField:${c.name}`} />
            {isRelatedType(c.javaType) ? (
              <Tooltip title={t('wizard.pickProperty')}>
                <Button size="small" icon={<SelectOutlined />} disabled={readOnly} onClick={() => setPicker(c)} data-action={`pick-property:${c.name}`} />
              </Tooltip>
            ) : null}
          </Space.Compact>
        ),
      },
    ),
    // 3 form page
    named(
      check('isForm', t('wizard.isForm')),
      choice('showType', 200, showTypes, true),
      {
        title: t('wizard.dictType'),
        dataIndex: 'dictType',
        width: 220,
        render: (_v, c) =>
          DICT_CONTROLS.includes(c.showType ?? '') ? (
            <DictTypeSelect
              size="small"
              style={{ width: '100%' }}
              value={c.dictType || undefined}
              disabled={readOnly}
              popupMatchSelectWidth={false}
              onChange={(v?: string) => update(c._key, { dictType: v ?? '' })}
              data-col={`dictType:${c.name}`}
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
    ),
    // 4 form validation
    named(
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
        (f): Column => ({
          title: t(`wizard.${f}`),
          dataIndex: f,
          width: 110,
          render: (_v, c) => <Input size="small" value={c[f] ?? ''} disabled={readOnly} onChange={(e) => update(c._key, { [f]: e.target.value })} />,
        }),
      ),
    ),
    // 5 list page
    named(check('isList', t('wizard.isList')), check('isQuery', t('wizard.isQuery')), choice('queryType', 200, queryTypes, true)),
  ];
}
