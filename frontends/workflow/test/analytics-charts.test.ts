import { describe, expect, it } from 'vitest';
import type { NodeFigures, ProcessAnalytics } from '../src/components/analytics/api';
import { durationsOption, outcomesOption, pathsOption, throughputOption } from '../src/components/analytics/chartOptions';

const HOUR = 3_600_000;
const node = (id: string, name: string, meanMs: number, count: number, overdueRate = 0): NodeFigures => ({
  id,
  name,
  kind: 'userTask',
  count,
  meanMs,
  p50Ms: meanMs * 0.9,
  p90Ms: meanMs * 1.5,
  overdue: Math.round(count * overdueRate),
  overdueRate,
});
const NODES = [node('sign', '会签', 10 * HOUR, 4), node('apply', '提交申请', HOUR, 5), node('hr', '人事审批', 0.5 * HOUR, 4, 0.25)];
const FOUND = {
  nodes: NODES,
  backs: 1,
  revoked: 2,
  duration: { count: 5, meanMs: 0, p50Ms: 0, p90Ms: 0, overdue: 1, overdueRate: 0.2 },
  paths: [
    { ids: ['start', 'apply', 'sign', 'end'], names: ['开始', '提交申请', '会签', '结束'], count: 3, share: 0.6 },
    { ids: ['start', 'apply'], names: ['开始', '提交申请'], count: 2, share: 0.4 },
  ],
} as unknown as ProcessAnalytics;
const t = (key: string) => `[${key}]`;
type Series = { name: string; data: unknown[]; yAxisIndex?: number }[];

describe('流程分析 charts', () => {
  it('draws each node’s mean, P50 and P90 wait, the slowest first', () => {
    const option = durationsOption(NODES, t);
    const series = option.series as Series;
    expect((option.xAxis as { data: string[] }).data).toEqual(['会签', '提交申请', '人事审批']);
    expect(series.map((s) => s.name)).toEqual(['[mean]', 'P50', 'P90']);
    expect(series[0]?.data).toEqual([10 * HOUR, HOUR, 0.5 * HOUR]);
    expect(series[2]?.data).toEqual([15 * HOUR, 1.5 * HOUR, 0.75 * HOUR]);
  });

  it('draws throughput per node with the overdue rate in percent on its own axis', () => {
    const series = throughputOption(NODES, t).series as Series;
    expect(series[0]?.data).toEqual([4, 5, 4]);
    expect(series[1]).toMatchObject({ name: '[overdueRate]', yAxisIndex: 1, data: [0, 0, 25] });
  });

  it('lists the most frequent path on top, and counts 退回, 撤销 and overdue instances', () => {
    const paths = pathsOption(FOUND, t);
    expect((paths.yAxis as { data: string[] }).data).toEqual(['开始 → 提交申请', '开始 → 提交申请 → 会签 → 结束']);
    expect((paths.series as Series)[0]?.data).toEqual([2, 3]);
    const outcomes = outcomesOption(FOUND, t);
    expect((outcomes.xAxis as { data: string[] }).data).toEqual(['[backs]', '[revoked]', '[overdue]']);
    expect((outcomes.series as Series)[0]?.data).toEqual([1, 2, 1]);
  });

  it('turns on ECharts’ aria description on every chart (what a screen reader and the browser test read)', () => {
    for (const option of [durationsOption(NODES, t), throughputOption(NODES, t), pathsOption(FOUND, t), outcomesOption(FOUND, t)]) {
      expect(option.aria).toEqual({ enabled: true });
    }
  });
});
