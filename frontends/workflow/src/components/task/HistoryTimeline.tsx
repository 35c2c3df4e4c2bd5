import { useEffect, useState } from 'react';
import { Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import '../../locales/tasks';
import { taskService } from './service';
import type { HistoryStep } from '../../api/types';

const COLOR: Record<string, string> = { success: 'green', danger: 'red', warning: 'orange', info: 'blue', primary: 'blue' };

export function formatTime(ms: number | string | null | undefined): string {
  if (ms == null || ms === '') return '';
  return dayjs(ms).format('YYYY-MM-DD HH:mm:ss');
}

/** The steps of an instance (`historicTaskList`): who, what, comment, when, how long. */
export function HistoryTimeline({ procInsId, steps: given, reloadKey }: { procInsId?: string | null; steps?: HistoryStep[]; reloadKey?: unknown }) {
  const { t } = useTranslation('tasks');
  const [steps, setSteps] = useState<HistoryStep[] | null>(given ?? null);
  useEffect(() => {
    if (given) {
      setSteps(given);
      return;
    }
    if (!procInsId) return;
    let alive = true;
    taskService
      .history(procInsId)
      .then((s) => alive && setSteps(s))
      .catch(() => alive && setSteps([]));
    return () => {
      alive = false;
    };
  }, [procInsId, given, reloadKey]);
  if (steps == null) return <Spin />;
  if (!steps.length) return <Empty description={t('timeline.empty')} />;
  return (
    <Timeline
      className="loom-task-history"
      items={steps.map((s) => ({
        key: s.histIns.id,
        color: COLOR[s.comment.level ?? 'info'] ?? 'blue',
        children: (
          <div className="loom-history-step" data-step={s.histIns.activityId} data-status={s.comment.status}>
            <div>
              <Typography.Text strong>{s.histIns.activityName}</Typography.Text>{' '}
              <Tag color={COLOR[s.comment.level ?? 'info'] ?? 'blue'}>{s.comment.status}</Tag>
              {s.assigneeName ? <Typography.Text type="secondary">{`${t('timeline.handler')}: ${s.assigneeName}`}</Typography.Text> : null}
              {s.comment.by ? <Typography.Text type="secondary" data-role="by">{` · ${t('timeline.by')}: ${s.comment.by}`}</Typography.Text> : null}
            </div>
            {s.comment.message ? <div className="loom-history-comment">{`${t('timeline.comment')}: ${s.comment.message}`}</div> : null}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatTime(s.histIns.startTime)}
              {s.histIns.endTime ? ` → ${formatTime(s.histIns.endTime)}` : ''}
              {s.histIns.endTime && s.durationTime ? ` · ${t('timeline.duration')} ${s.durationTime}` : ''}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}
