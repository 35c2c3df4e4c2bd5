import { useEffect, useState } from 'react';
import { App, Form, Input, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CellInput, GridPickerDialog, NestedRowsEditor, type PickedItem } from '@loom/ui';
import { extensions, is, plain, processOf, services, setExtensions, type Bo } from '../../model/access';
import { designerApi } from '../../save/api';
import { COMPARES, type Compare, expressionToRows, newConditionRow, rowsToExpression, type ConditionRow } from '../rules';
import type { SectionProps } from '../types';
import { ChoiceItem } from './ChoiceItem';

const KEYS: Array<keyof ConditionRow & string> = ['id', 'field', 'compare', 'value', 'logic', 'sort'];

function conditionHolder(bo: Bo): Bo | undefined {
  if (is(bo, 'bpmn:SequenceFlow')) return bo;
  return ((bo.get('eventDefinitions') as Bo[] | undefined) ?? []).find((d) => is(d, 'bpmn:ConditionalEventDefinition'));
}

function expressionOf(bo: Bo): string {
  const holder = conditionHolder(bo);
  const prop = is(bo, 'bpmn:SequenceFlow') ? 'conditionExpression' : 'condition';
  return holder?.get(prop)?.get('body') ?? '';
}

/**
 * Condition (seed 001 §2.2, §4.3, §5.1): form-field rows that write the expression with the
 * product's and/or mapping, or a process expression with the common-expression picker.
 */
export function ConditionSection({ modeler, element, version }: SectionProps) {
  const { t } = useTranslation('designer');
  const { message } = App.useApp();
  const bo = element.businessObject;
  const s = services(modeler);
  const stored = extensions(bo, 'flowable:Condition').map((c) => ({ ...plain<ConditionRow>(c, KEYS), sort: Number(c.get('sort')) || 0 }));
  const [rows, setRows] = useState<ConditionRow[]>(stored);
  const [expr, setExpr] = useState(expressionOf(bo));
  const [fetched, setFetched] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  useEffect(() => {
    setRows(extensions(bo, 'flowable:Condition').map((c) => ({ ...plain<ConditionRow>(c, KEYS), sort: Number(c.get('sort')) || 0 })));
    setExpr(expressionOf(bo));
  }, [bo, version]);
  // stored on the element, else the node setting conditionType (seed §4.3)
  useEffect(() => {
    setFetched(null);
    if (bo.get('flowable:conditionType') || !bo.id) return;
    const key = processOf(s).id;
    if (key) designerApi.settingOf(key, bo.id, 'conditionType').then((v) => setFetched(typeof v === 'string' && v ? v : null)).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bo]);
  const type: '1' | '2' = (bo.get('flowable:conditionType') as '1' | '2') || (fetched as '1' | '2' | null) || (stored.length ? '1' : '2');

  const writeExpression = (text: string, extra: Record<string, unknown> = {}) => {
    const holder = conditionHolder(bo);
    const body = text ? s.moddle.create('bpmn:FormalExpression', { body: text }) : undefined;
    if (is(bo, 'bpmn:SequenceFlow')) s.modeling.updateProperties(element, { conditionExpression: body, ...extra });
    else if (holder) {
      s.modeling.updateModdleProperties(element, holder, { condition: body });
      if (Object.keys(extra).length) s.modeling.updateProperties(element, extra);
    }
  };
  const writeRows = (next: ConditionRow[]) => {
    setRows(next);
    setExtensions(s, element, ['flowable:Condition'], next.map((r, i) => s.moddle.create('flowable:Condition', { ...r, id: r.id || undefined, sort: String(r.sort || i + 1) })));
    writeExpression(rowsToExpression(next), { 'flowable:conditionType': '1' });
  };
  const switchType = (next: '1' | '2') => {
    if (next === '1') {
      // switching to '1' regenerates the expression from the rows (or reads rows back from it)
      const base = rows.length ? rows : (expressionToRows(expr) ?? []);
      writeRows(base);
    } else s.modeling.updateProperties(element, { 'flowable:conditionType': '2' });
  };

  return (
    <Form layout="vertical" size="small" className="loom-condition">
      <ChoiceItem label={t('panel.conditionType')} value={type} onChange={switchType} field="condition-type" choices={[['1', t('panel.byField')], ['2', t('panel.byExpression')]]} />
      {type === '2' ? (
        <Form.Item label={t('panel.expression')}>
          <Input
            value={expr}
            onChange={(e) => setExpr(e.target.value)}
            onBlur={() => expr !== expressionOf(bo) && writeExpression(expr, { 'flowable:conditionType': '2' })}
            addonAfter={<SearchOutlined onClick={() => setPicking(true)} data-action="condition-pick" />}
            data-field="condition-expression"
          />
        </Form.Item>
      ) : (
        <>
          <NestedRowsEditor<ConditionRow>
            inTable
            value={rows}
            onChange={writeRows}
            deletedFlag={null}
            bordered={false}
            // a new row is only shown: the expression is written once a cell of it changes
            onAdd={() => setRows([...rows, { ...newConditionRow(), sort: rows.length + 1 }])}
            add={{ label: t('panel.addRow'), action: 'condition-add', below: true }}
            rowColumn={{ small: true }}
            columns={(patch) => [
              { title: t('panel.field'), dataIndex: 'field', render: (v: string, r) => <CellInput size="small" value={v} onCommit={(field) => patch(r, { field })} data-field="condition-field" /> },
              { title: t('panel.compare'), dataIndex: 'compare', width: 70, render: (v: Compare, r) => <Select<Compare> size="small" value={v} style={{ width: 60 }} options={COMPARES.map((c) => ({ value: c, label: c }))} onChange={(c) => patch(r, { compare: c })} data-field="condition-compare" /> },
              { title: t('panel.value'), dataIndex: 'value', render: (v: string, r) => <CellInput size="small" value={v} onCommit={(value) => patch(r, { value })} data-field="condition-value" /> },
              { title: t('panel.logic'), dataIndex: 'logic', width: 70, render: (v: 'and' | 'or', r) => <Select<'and' | 'or'> size="small" value={v} style={{ width: 60 }} options={[{ value: 'and', label: t('panel.and') }, { value: 'or', label: t('panel.or') }]} onChange={(x) => patch(r, { logic: x })} /> },
            ]}
          />
          <div className="loom-condition-preview" style={{ marginTop: 6, color: '#888', wordBreak: 'break-all' }} data-field="condition-preview">{expressionOf(bo)}</div>
        </>
      )}
      <GridPickerDialog<PickedItem>
        open={picking}
        title={t('panel.chooseExpression')}
        url="/extension/condition/list"
        limit={1}
        searchFields={[{ name: 'name', label: t('common.name') }]}
        columns={[
          { title: t('common.name'), dataIndex: 'name' },
          { title: t('panel.expression'), dataIndex: 'expression' },
          { title: t('common.remarks'), dataIndex: 'remarks' },
        ]}
        onCancel={() => setPicking(false)}
        onOk={(items) => {
          const picked = items[0];
          if (!picked) {
            void message.warning(t('panel.pickOneExpression'));
            return;
          }
          const text = String(picked.expression ?? '');
          const wrapped = text.includes('${') ? text : '${' + text + '}';
          setExpr(wrapped);
          writeExpression(wrapped, { 'flowable:conditionType': '2' });
          setPicking(false);
        }}
      />
    </Form>
  );
}
