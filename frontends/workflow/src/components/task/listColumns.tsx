import { useState, type ReactNode, type RefObject } from 'react';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Permission, useFeedback, type ListColumn, type ListPageHandle, type RowAction } from '@loom/ui';
import '../../locales/tasks';
import { FlowChartDialog } from '../flow-viewer';
import { detailUrl } from './nav';
import { showTime } from './columns';

/** A row of the task lists that names a process instance and its title. */
interface TitledRow extends Record<string, unknown> {
  id: string;
  processDefinitionName: string | null;
  vars: { title?: string | null };
}

/**
 * The task lists' 标题 column, a link that opens the row (`data-<kind>` carries the row's id; the
 * title, else the process's name), and their 流程名称 column.
 */
export function titleColumns<T extends TitledRow>(t: (key: string) => string, open: (row: T) => void, kind: 'instance' | 'done'): ListColumn<T>[] {
  return [
    {
      title: t('title'),
      dataIndex: ['vars', 'title'],
      key: 'varsTitle',
      render: (_d, r) => (
        <a onClick={() => open(r)} {...{ [`data-${kind}`]: r.id }}>
          {r.vars.title || r.processDefinitionName}
        </a>
      ),
    },
    { title: t('processName'), dataIndex: 'processDefinitionName', key: 'processName' },
  ];
}

/** A time column, shown and exported as local `YYYY-MM-DD HH:mm:ss`. */
export function timeColumn<T extends Record<string, unknown>>(title: string, field: keyof T & string): ListColumn<T> {
  return { title, dataIndex: field, key: field, render: (_d, r) => showTime(r[field]), exportValue: (r) => showTime(r[field]) };
}

/** What a list does after one of its calls changed rows: the answer as a success message, the ticks cleared, the page read again. */
export function useChanged<T>(list: RefObject<ListPageHandle<T>>) {
  const { message } = useFeedback();
  return (msg: string) => {
    void message.success(msg);
    list.current?.clearSelection();
    list.current?.reload();
  };
}

/**
 * The instance lists' 流程图 and 历史 links (the chart in a dialog, the history on the detail page),
 * the same page for the title link, and the chart's dialog to render beside the list.
 */
export function useInstanceLinks() {
  const { t } = useTranslation('tasks');
  const navigate = useNavigate();
  const [chart, setChart] = useState<string | null>(null);
  const open = (r: TitledRow) => navigate(detailUrl(r.id, { title: r.vars.title ?? '' }));
  const links = (r: TitledRow): RowAction[] => [
    { key: 'chart', label: t('chart'), onClick: () => setChart(r.id) },
    { key: 'history', label: t('history'), onClick: () => open(r) },
  ];
  const chartDialog = <FlowChartDialog open={chart != null} procInsId={chart ?? undefined} onClose={() => setChart(null)} />;
  return { open, links, chartDialog };
}

/** A toolbar button acting on the ticked rows: shown with its permission, enabled with a row ticked. */
export function SelectedRowsButton<T extends { id: string }>(props: { permission: string; action: string; rows: T[]; onClick: (ids: string[]) => void; children: ReactNode }) {
  return (
    <Permission value={props.permission}>
      <Button danger disabled={!props.rows.length} data-action={props.action} onClick={() => props.onClick(props.rows.map((r) => r.id))}>
        {props.children}
      </Button>
    </Permission>
  );
}
