import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Col, DatePicker, Empty, Input, List, Row, Select, Space, Spin, Statistic } from 'antd';
import { LoomTreeSelect, type PageProps } from '@loom/ui';
import type { Dayjs } from 'dayjs';
import { analyticsApi, type AnalyticsFilter, type DefinitionVersion, type ProcessAnalytics } from '../../components/analytics/api';
import { Heatmap } from '../../components/analytics/Heatmap';
import { NodeBars } from '../../components/analytics/NodeBars';
import { humanDuration } from '../../components/analytics/duration';
import { NS } from '../../components/analytics/messages';

// ECharts comes with the charts, in a chunk of its own, when a definition's figures are drawn
const Charts = lazy(() => import('../../components/analytics/Charts'));

/** 流程分析 (`/flowable/analytics/ProcessAnalytics`): where the time of a process version goes —
 * counts, durations, 退回/撤销, a heatmap of each node's waiting time over the diagram, charts of the
 * nodes' waits, throughput and overdue rates, the most frequent paths and 退回/撤销/overdue counts, and
 * the nodes as a table, for a time range, department and initiator. */
export default function ProcessAnalyticsPage(_props: PageProps) {
  const { t } = useTranslation(NS);
  const [versions, setVersions] = useState<DefinitionVersion[]>([]);
  const [filter, setFilter] = useState<AnalyticsFilter>({ procDefId: '' });
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [found, setFound] = useState<ProcessAnalytics>();
  const [loading, setLoading] = useState(false);
  useEffect(() => void analyticsApi.versions().then(setVersions), []);
  const query = async (wanted: AnalyticsFilter) => {
    if (!wanted.procDefId) return;
    setLoading(true);
    try {
      const dates = {
        beginDate: range?.[0]?.format('YYYY-MM-DD') ?? '',
        endDate: range?.[1]?.format('YYYY-MM-DD') ?? '',
      };
      setFound(await analyticsApi.process({ ...wanted, ...dates }));
    } finally {
      setLoading(false);
    }
  };
  const pick = (procDefId: string) => {
    const next = { ...filter, procDefId };
    setFilter(next);
    void query(next);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} className="loom-analytics">
      <Card size="small">
        <Space wrap>
          <Select
            data-field="definition"
            style={{ width: 260 }}
            placeholder={t('definition')}
            value={filter.procDefId || undefined}
            onChange={pick}
            showSearch
            optionFilterProp="label"
            options={versions.map((v) => ({ value: v.id, label: `${v.name || v.key} v${v.version}` }))}
          />
          <DatePicker.RangePicker value={range} onChange={(v) => setRange(v)} placeholder={[t('range'), t('range')]} />
          <div style={{ width: 200 }}>
            <LoomTreeSelect
              url="/sys/office/treeData"
              value={filter.officeId ?? null}
              onChange={(v) => setFilter({ ...filter, officeId: v ?? undefined })}
            />
          </div>
          <Input
            style={{ width: 160 }}
            allowClear
            placeholder={t('initiator')}
            value={filter.startUserId}
            onChange={(e) => setFilter({ ...filter, startUserId: e.target.value || undefined })}
          />
          <Button type="primary" data-action="query" onClick={() => void query(filter)}>
            {t('query')}
          </Button>
        </Space>
      </Card>
      <Spin spinning={loading}>
        {found ? <Figures found={found} /> : <Empty description={t('empty')} />}
      </Spin>
    </Space>
  );
}

function Figures({ found }: { found: ProcessAnalytics }) {
  const { t } = useTranslation(NS);
  const figures: [string, string | number][] = [
    ['started', found.started],
    ['finished', found.finished],
    ['running', found.running],
    ['p50', humanDuration(found.duration.p50Ms)],
    ['p90', humanDuration(found.duration.p90Ms)],
    ['overdueRate', `${(100 * found.duration.overdueRate).toFixed(1)} %`],
    ['backs', found.backs],
    ['revoked', found.revoked],
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small">
        <Row gutter={16}>
          {figures.map(([key, value]) => (
            <Col key={key} span={3} data-figure={key}>
              <Statistic title={t(key)} value={value} />
            </Col>
          ))}
        </Row>
      </Card>
      <Card size="small" title={t('heatmap')}>
        <Heatmap xml={found.bpmnXml} nodes={found.nodes} />
      </Card>
      <Suspense fallback={<Spin />}>
        <Charts found={found} />
      </Suspense>
      <Card size="small" title={t('nodes')}>
        <NodeBars nodes={found.nodes} />
      </Card>
      <Card size="small" title={t('paths')}>
        <List
          size="small"
          dataSource={found.paths}
          renderItem={(p) => (
            <List.Item extra={`${p.count} · ${(100 * p.share).toFixed(1)} %`}>{p.names.join(' → ')}</List.Item>
          )}
        />
      </Card>
    </Space>
  );
}
