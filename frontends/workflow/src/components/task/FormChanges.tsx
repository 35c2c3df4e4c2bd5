import { useEffect, useState, type ReactNode } from 'react';
import { Button, Empty, Spin, Table, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldValue, type FormWidget } from '@loom/ui';
import '../../locales/tasks';
import { useFormFields } from './formJson';
import { taskService } from './service';
import { formatTime } from './HistoryTimeline';
import { FormSnapshot } from './FormSnapshot';
import type { FieldChange, FormChangeEntry } from '../../api/types';

/** A changed value as a person reads it: by its field's widget (dictionary and option labels, 是/否,
 * names, a sub-table as a small table); without the form, text as is and objects as JSON. */
function shown(v: unknown, none: string, widget?: FormWidget) {
  if (v === null || v === undefined || v === '') return none;
  if (widget) return <FieldValue widget={widget} value={v} />;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** forms answers the time of a save in UTC (`yyyy-MM-dd HH:mm:ss`): shown in the reader's time like the history's. */
function localTime(utc: string): string {
  const d = new Date(`${utc.replace(' ', 'T')}Z`);
  return Number.isNaN(d.getTime()) ? utc : formatTime(d.getTime());
}

/**
 * "Who changed what" in the instance's dynamic form (`formHistory`): each save with its node, the
 * user and the time, and each field it changed with its value before and after. With a `heading`,
 * the heading and the list are shown only when some field was changed.
 */
export function FormChanges({ procInsId, reloadKey, heading, jsonId }: { procInsId?: string | null; reloadKey?: unknown; heading?: ReactNode; jsonId?: string | null }) {
  const { t } = useTranslation('tasks');
  const fields = useFormFields(jsonId);
  const [entries, setEntries] = useState<FormChangeEntry[] | null>(null);
  const [shownForm, setShownForm] = useState<FormChangeEntry | null>(null);
  useEffect(() => {
    if (!procInsId) return;
    let alive = true;
    taskService
      .formHistory(procInsId)
      .then((list) => alive && setEntries(list))
      .catch(() => alive && setEntries([]));
    return () => {
      alive = false;
    };
  }, [procInsId, reloadKey]);
  if (entries == null) return <Spin />;
  // under a heading (the printed view) only the changes; on screen every save, each with its whole form
  const saves = heading ? entries.filter((e) => e.changes.length) : entries;
  if (!saves.length) return heading ? null : <Empty description={t('changes.empty')} />;
  const none = t('changes.none');
  return (
    <>
      {heading}
      <Timeline
        className="loom-form-changes"
        items={saves.map((e, i) => ({
          key: `${e.taskId}-${i}`,
          children: (
            <div className="loom-form-change" data-task={e.taskId} data-user={e.userId}>
              <div style={{ marginBottom: 6 }}>
                <Typography.Text strong>{e.taskName}</Typography.Text>{' '}
                <Typography.Text type="secondary">{`${t('changes.by')}: ${e.userName}`}</Typography.Text>{' '}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {localTime(e.time)}
                </Typography.Text>
                {!heading && e.jsonId && (
                  <Button size="small" type="link" onClick={() => setShownForm(e)} data-action="view-form">
                    {t('changes.viewForm')}
                  </Button>
                )}
              </div>
              {!e.changes.length ? (
                <Typography.Text type="secondary">{t('changes.unchanged')}</Typography.Text>
              ) : (
                <Table<FieldChange>
                  size="small"
                  pagination={false}
                  rowKey="field"
                  dataSource={e.changes}
                  onRow={(c) => ({ 'data-field': c.field }) as React.HTMLAttributes<HTMLElement>}
                  columns={[
                    { title: t('changes.field'), dataIndex: 'label', width: '30%' },
                    { title: t('changes.before'), key: 'before', width: '35%', render: (_v, c) => <span data-before>{shown(c.before, none, fields?.[c.field])}</span> },
                    { title: t('changes.after'), key: 'after', render: (_v, c) => <span data-after>{shown(c.after, none, fields?.[c.field])}</span> },
                  ]}
                />
              )}
            </div>
          ),
        }))}
      />
      <FormSnapshot title={t('changes.formOf', { node: shownForm?.taskName ?? '' })} jsonId={shownForm?.jsonId ?? null} data={shownForm?.data ?? null} onClose={() => setShownForm(null)} />
    </>
  );
}
