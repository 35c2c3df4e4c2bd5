import { useEffect, useState } from 'react';
import { Collapse, Empty, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../locales/work';
import { DecisionAuditView } from './DecisionAudit';
import { workService, type DecisionExecution } from './service';

/** The instance detail's 决策 tab: every decision its business-rule tasks evaluated, newest last. */
export function Evaluations({ procInsId, reloadKey }: { procInsId: string; reloadKey?: number }) {
  const { t } = useTranslation('work');
  const [rows, setRows] = useState<DecisionExecution[] | null>(null);
  useEffect(() => {
    let alive = true;
    void workService.executions(procInsId).then((r) => alive && setRows(r.data));
    return () => {
      alive = false;
    };
  }, [procInsId, reloadKey]);
  if (!rows) return null;
  if (!rows.length) return <Empty description={t('decision.noEvaluation')} />;
  return (
    <Collapse
      className="loom-evaluations"
      defaultActiveKey={rows.map((r) => r.id)}
      items={rows.map((r) => ({
        key: r.id,
        label: (
          <Space>
            <Typography.Text strong>{r.decisionName || r.decisionKey}</Typography.Text>
            <Tag>v{r.decisionVersion}</Tag>
            {r.activityId ? <Typography.Text type="secondary">{t('decision.atActivity', { id: r.activityId })}</Typography.Text> : null}
            <Typography.Text type="secondary">{r.startTime ? new Date(r.startTime).toLocaleString() : ''}</Typography.Text>
          </Space>
        ),
        children: <DecisionAuditView audit={r.audit?.decisions ?? []} />,
      }))}
    />
  );
}
