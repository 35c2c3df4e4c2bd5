import type { NodeFigures, ProcessAnalytics } from './api';
import { axisDuration } from './duration';

/** What the charts are drawn from: ECharts options as plain data (no ECharts import here, so the
 * options are unit-tested without a canvas and ECharts stays in the chart's lazily loaded chunk). */
export type ChartOption = Record<string, unknown>;
type T = (key: string) => string;

const GRID = { left: 8, right: 16, top: 36, bottom: 8, containLabel: true };

/** Mean, P50 and P90 waiting time of each node (slowest first, as the answer orders them). */
export function durationsOption(nodes: NodeFigures[], t: T): ChartOption {
  return {
    aria: { enabled: true },
    legend: { top: 0 },
    grid: GRID,
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => axisDuration(v) },
    xAxis: { type: 'category', data: nodes.map((n) => n.name), axisLabel: { interval: 0 } },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => axisDuration(v) } },
    series: [
      { name: t('mean'), type: 'bar', data: nodes.map((n) => n.meanMs) },
      { name: 'P50', type: 'bar', data: nodes.map((n) => n.p50Ms) },
      { name: 'P90', type: 'bar', data: nodes.map((n) => n.p90Ms) },
    ],
  };
}

/** How many instances passed each node, and its overdue rate (%) on a second axis. */
export function throughputOption(nodes: NodeFigures[], t: T): ChartOption {
  return {
    aria: { enabled: true },
    legend: { top: 0 },
    grid: GRID,
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: nodes.map((n) => n.name), axisLabel: { interval: 0 } },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', max: 100, axisLabel: { formatter: '{value} %' } },
    ],
    series: [
      { name: t('throughput'), type: 'bar', data: nodes.map((n) => n.count) },
      { name: t('overdueRate'), type: 'line', yAxisIndex: 1, data: nodes.map((n) => round1(100 * n.overdueRate)) },
    ],
  };
}

/** The most frequent paths as horizontal bars, the most frequent on top. */
export function pathsOption(found: ProcessAnalytics, t: T): ChartOption {
  const paths = [...found.paths].reverse();
  return {
    aria: { enabled: true },
    grid: { ...GRID, top: 8 },
    tooltip: { trigger: 'item', formatter: (p: { name: string; value: number }) => `${p.name}<br/>${p.value}` },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: paths.map((p) => p.names.join(' → ')), axisLabel: { width: 240, overflow: 'truncate' } },
    series: [{ name: t('paths'), type: 'bar', data: paths.map((p) => p.count), label: { show: true, position: 'right' } }],
  };
}

/** 退回, 撤销 and overdue instances of the finished ones. */
export function outcomesOption(found: ProcessAnalytics, t: T): ChartOption {
  return {
    aria: { enabled: true },
    grid: GRID,
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: [t('backs'), t('revoked'), t('overdue')] },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: t('outcomes'),
        type: 'bar',
        data: [found.backs, found.revoked, found.duration.overdue],
        label: { show: true, position: 'top' },
      },
    ],
  };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
