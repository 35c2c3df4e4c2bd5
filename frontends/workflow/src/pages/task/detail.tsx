import { useEffect, useState } from 'react';
import { Button, Card, Input, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback, usePageTitle, useSession, type PageProps } from '@loom/ui';
import '../../locales/tasks';
import { FlowViewer } from '../../components/flow-viewer';
import { TaskFormArea } from '../../components/task/FormArea';
import type { TaskDef } from '../../api/types';
import { HistoryTimeline } from '../../components/task/HistoryTimeline';
import { FormChanges } from '../../components/task/FormChanges';
import { isDynamicKey } from '../../components/task/nodeForm';
import { taskService } from '../../components/task/service';
import { Evaluations } from '../../components/work/Evaluations';

/**
 * The read-only view of an instance (`/flowable/task/TaskFormDetail?procInsId&title&running`):
 * its data, history and chart; the initiator of a running instance may urge its handlers.
 */
export default function TaskFormDetail({ query }: PageProps) {
  const { t } = useTranslation('tasks');
  const { t: tw } = useTranslation('work');
  const { message, modal } = useFeedback();
  const s = useSession();
  const procInsId = query.get('procInsId') ?? '';
  const title = query.get('title') ?? '';
  const running = query.get('running') === '1';
  const mine = query.get('startUserId') === s.user?.id;
  const [reloadKey, setReloadKey] = useState(0);
  usePageTitle(title ? t('task.detailTitle', { title }) : null);
  const [def, setDef] = useState<TaskDef | null>(null);
  useEffect(() => {
    let alive = true;
    void taskService.taskDef({ procInsId, status: 'start' }).then((d) => alive && setDef(d));
    return () => {
      alive = false;
    };
  }, [procInsId]);

  const urge = () => {
    let text = '';
    modal.confirm({
      title: t('urge'),
      content: <Input.TextArea rows={3} placeholder={t('task.urgeMessage')} onChange={(e) => (text = e.target.value)} data-field="urge-message" />,
      okText: t('yes'),
      cancelText: t('cancel'),
      onOk: async () => {
        void message.success(await taskService.urge(procInsId, text));
        setReloadKey((k) => k + 1);
      },
    });
  };

  return (
    <Card
      className="loom-task-detail"
      data-proc-ins={procInsId}
      title={<Typography.Text strong>{title}</Typography.Text>}
      extra={
        running && mine ? (
          <Space>
            <Button onClick={urge} data-action="urge">
              {t('urge')}
            </Button>
          </Space>
        ) : null
      }
    >
      <Tabs
        items={[
          { key: 'form', label: t('task.formTab'), children: def ? <TaskFormArea def={def} reloadKey={reloadKey} readOnly /> : null },
          { key: 'history', label: t('task.historyTab'), children: <HistoryTimeline procInsId={procInsId} reloadKey={reloadKey} /> },
          { key: 'changes', label: t('task.changesTab'), children: <FormChanges procInsId={procInsId} reloadKey={reloadKey} jsonId={def && isDynamicKey(def.formType, def.formUrl) ? def.formUrl : null} /> },
          { key: 'chart', label: t('task.chartTab'), children: <FlowViewer key={reloadKey} procInsId={procInsId} height={480} /> },
          { key: 'decisions', label: tw('decision.tab'), children: <Evaluations procInsId={procInsId} reloadKey={reloadKey} /> },
        ]}
      />
    </Card>
  );
}
