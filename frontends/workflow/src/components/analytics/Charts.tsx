import { useEffect, useRef } from 'react';
import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ProcessAnalytics } from './api';
import { durationsOption, outcomesOption, pathsOption, throughputOption, type ChartOption } from './chartOptions';
import { NS } from './messages';

// only what these charts draw: the chunk stays a fraction of ECharts
echarts.use([BarChart, LineChart, AriaComponent, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** One ECharts chart sized to its box (`data-chart` names it; ECharts' aria label describes its data). */
function EChart({ name, option, height = 260 }: { name: string; option: ChartOption; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!box.current) return;
    const chart = echarts.init(box.current, undefined, { locale: i18n.language.startsWith('zh') ? 'ZH' : 'EN' });
    chart.setOption(option);
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [option, i18n.language]);
  return <div ref={box} data-chart={name} style={{ height }} />;
}

/** 流程分析's charts: each node's waiting time, throughput and overdue rate, the most frequent
 * paths, and 退回/撤销/overdue counts (loaded with ECharts only when the page draws them). */
export default function Charts({ found }: { found: ProcessAnalytics }) {
  const { t } = useTranslation(NS);
  const charts: [string, string, ChartOption][] = [
    ['durations', t('waitChart'), durationsOption(found.nodes, t)],
    ['throughput', t('throughputChart'), throughputOption(found.nodes, t)],
    ['paths', t('paths'), pathsOption(found, t)],
    ['outcomes', t('outcomes'), outcomesOption(found, t)],
  ];
  return (
    <Row gutter={[16, 16]} className="loom-analytics-charts">
      {charts.map(([name, title, option]) => (
        <Col key={name} xs={24} xl={12}>
          <Card size="small" title={title}>
            <EChart name={name} option={option} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
