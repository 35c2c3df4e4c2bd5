import { useState } from 'react';
import { AutoComplete, Button, Input, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { parseValue, showValue } from './cases';
import { NS } from './messages';

export interface KeyValuesProps {
  /** Names the container for tests and styles: `data-kv`. */
  name: string;
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
  /** Names offered while typing (the variables the diagram reads). */
  suggestions?: string[];
}

/** Name = value rows (start variables, form values, expected variables); a row without a name is kept while typed. */
export function KeyValues({ name, value, onChange, suggestions = [] }: KeyValuesProps) {
  const { t } = useTranslation(NS);
  const [rows, setRows] = useState(() => Object.entries(value).map(([k, v]) => ({ k, v: showValue(v) })));
  const put = (next: Array<{ k: string; v: string }>) => {
    setRows(next);
    onChange(Object.fromEntries(next.filter((r) => r.k.trim()).map((r) => [r.k.trim(), parseValue(r.v)])));
  };
  return (
    <div data-kv={name}>
      {rows.map((r, i) => (
        <Space.Compact key={i} block style={{ marginBottom: 4 }}>
          <AutoComplete
            value={r.k}
            style={{ width: '40%' }}
            options={suggestions.filter((s) => !rows.some((o) => o.k === s)).map((s) => ({ value: s }))}
            onChange={(k: string) => put(rows.map((o, j) => (j === i ? { ...o, k } : o)))}
            placeholder={t('kv.name')}
          >
            <Input data-field="kv-name" />
          </AutoComplete>
          <Input value={r.v} data-field="kv-value" placeholder={t('kv.value')} onChange={(e) => put(rows.map((o, j) => (j === i ? { ...o, v: e.target.value } : o)))} />
          <Button icon={<DeleteOutlined />} onClick={() => put(rows.filter((_, j) => j !== i))} data-action="kv-remove" />
        </Space.Compact>
      ))}
      <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => setRows([...rows, { k: '', v: '' }])} data-action="kv-add">
        {t('kv.add')}
      </Button>
    </div>
  );
}
