import { useState } from 'react';
import { Alert, Form, Input, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../locales/work';
import { DecisionAuditView } from '../../components/work/DecisionAudit';
import { workService, type ExecuteResult, type RestVariable } from '../../components/work/service';

/** `name=value` lines as the DMN API's variables: numbers, true/false and null typed, the rest text. */
export function parseInputs(text: string): RestVariable[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf('=');
      const name = (at < 0 ? line : line.slice(0, at)).trim();
      const raw = at < 0 ? '' : line.slice(at + 1).trim();
      if (/^-?\d+$/.test(raw)) return { name, type: 'integer', value: Number(raw) };
      if (/^-?\d*\.\d+$/.test(raw)) return { name, type: 'double', value: Number(raw) };
      if (raw === 'true' || raw === 'false') return { name, type: 'boolean', value: raw === 'true' };
      if (raw === 'null') return { name, type: 'null', value: null };
      return { name, type: 'string', value: raw.replace(/^"(.*)"$/, '$1') };
    });
}

/** 测试: evaluates the deployed decision with the variables typed in, and shows what it decided. */
export function ExecuteDialog({ decisionKey, onClose }: { decisionKey: string; onClose: () => void }) {
  const { t } = useTranslation('work');
  const [text, setText] = useState('');
  const [result, setResult] = useState<ExecuteResult | null>(null);
  return (
    <Modal
      open
      width={900}
      title={t('decision.testTitle', { key: decisionKey })}
      okText={t('decision.evaluate')}
      cancelText={t('close')}
      maskClosable={false}
      onCancel={onClose}
      onOk={() => workService.execute(decisionKey, parseInputs(text)).then(setResult)}
      className="loom-decision-test"
    >
      <Form layout="vertical">
        <Form.Item label={t('decision.inputsHint')}>
          <Input.TextArea rows={4} value={text} onChange={(e) => setText(e.target.value)} placeholder="amount=1200" data-field="decision-inputs" />
        </Form.Item>
      </Form>
      {result ? (
        <>
          <Alert type="success" showIcon message={t('decision.resultCount', { n: result.resultVariables.length, version: result.decisionVersion })} style={{ marginBottom: 8 }} />
          <Table
            size="small"
            pagination={false}
            className="loom-decision-results"
            rowKey={(_r, i) => String(i)}
            dataSource={result.resultVariables.map((vars) => Object.fromEntries(vars.map((v) => [v.name, v.value])))}
            columns={[...new Set(result.resultVariables.flatMap((vars) => vars.map((v) => v.name)))].map((name) => ({
              title: name,
              dataIndex: name,
              render: (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)),
            }))}
          />
          <div style={{ marginTop: 12 }}>
            <DecisionAuditView audit={result.audit} />
          </div>
        </>
      ) : null}
    </Modal>
  );
}
