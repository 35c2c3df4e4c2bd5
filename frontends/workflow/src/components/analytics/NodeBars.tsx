import { Progress, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NodeFigures } from './api';
import { heat, humanDuration } from './duration';
import { NS } from './messages';

/** Each node's mean wait as a bar (slowest first), p50/p90, throughput and overdue rate. */
export function NodeBars({ nodes }: { nodes: NodeFigures[] }) {
  const { t } = useTranslation(NS);
  const slowest = Math.max(...nodes.map((n) => n.meanMs), 1);
  return (
    <Table<NodeFigures>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={nodes}
      className="loom-analytics-nodes"
      columns={[
        { title: t('node'), dataIndex: 'name' },
        {
          title: t('mean'),
          width: 260,
          render: (_, n) => (
            <Progress
              percent={(100 * n.meanMs) / slowest}
              strokeColor={heat(n.meanMs / slowest)}
              format={() => humanDuration(n.meanMs)}
            />
          ),
        },
        { title: 'P50', render: (_, n) => humanDuration(n.p50Ms) },
        { title: 'P90', render: (_, n) => humanDuration(n.p90Ms) },
        { title: t('throughput'), dataIndex: 'count' },
        { title: t('overdueRate'), render: (_, n) => `${(100 * n.overdueRate).toFixed(1)} %` },
      ]}
    />
  );
}
