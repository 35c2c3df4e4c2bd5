import { Card, Descriptions, Empty, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../locales/work';
import type { DecisionAudit } from './service';

const show = (value: unknown) => (value === null || value === undefined ? 'null' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** What one evaluation of a decision (and of each decision it required) saw and decided: the inputs
 * with their values, the rules that matched and the outputs. */
export function DecisionAuditView({ audit }: { audit: DecisionAudit[] }) {
  const { t } = useTranslation('work');
  if (!audit.length) return <Empty />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {audit.map((d) => {
        const table = d.type === 'decisionTable' ? d : null;
        return (
        <Card
          key={d.decisionKey}
          size="small"
          data-decision={d.decisionKey}
          title={
            <Space>
              <Typography.Text strong>{d.decisionName || d.decisionKey}</Typography.Text>
              {table ? <Tag>{table.aggregation ? `${table.hitPolicy} ${table.aggregation}` : table.hitPolicy}</Tag> : null}
            </Space>
          }
        >
          {table?.inputs.length ? (
            <Table
              size="small"
              pagination={false}
              rowKey="id"
              className="loom-decision-inputs"
              dataSource={table.inputs}
              columns={[
                { title: t('decision.input'), dataIndex: 'label', render: (v: string | null, r) => v || r.id },
                { title: t('decision.expression'), dataIndex: 'expression', render: (v: string) => <code>{v}</code> },
                { title: t('decision.value'), dataIndex: 'value', render: (v: unknown) => <code>{show(v)}</code> },
              ]}
            />
          ) : null}
          <Descriptions size="small" column={1} style={{ marginTop: 8 }}>
            {table ? (
              <Descriptions.Item label={t('decision.matchedRules')}>
                <span className="loom-decision-rules">
                  {table.matchedRules.length ? table.matchedRules.map((r) => <Tag key={r.ruleId} color="blue">{t('decision.rule', { n: r.ruleNumber })}</Tag>) : t('decision.noRule')}
                </span>
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('decision.outputs')}>
              <code className="loom-decision-outputs">{d.outputs.map((o) => JSON.stringify(o)).join('; ') || '[]'}</code>
            </Descriptions.Item>
          </Descriptions>
        </Card>
        );
      })}
    </Space>
  );
}
