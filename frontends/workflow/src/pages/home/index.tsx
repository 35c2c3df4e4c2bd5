import { useCallback, useEffect, useState } from 'react';
import { Card, Col, Empty, List, Row, Statistic, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { usePageActivated, type PageProps } from '@loom/ui';
import '../../locales/tasks';
import { taskService } from '../../components/task/service';
import { APPLY_HREF, COPY_HREF, TODO_HREF, taskUrl } from '../../components/task/nav';
import { showTime } from '../../components/task/columns';
import type { TaskOverview, TodoRow } from '../../api/types';

const LATEST = 8;

/**
 * The task part of the home page (`/flowable/home/TaskHome`, rendered by the shell's home): my
 * counts (to do, my running requests, unread copies) and the latest to-do items, each one click
 * from its task page; reloads whenever the home tab is activated.
 */
export default function TaskHome(_props: Partial<PageProps>) {
  const { t } = useTranslation('tasks');
  const navigate = useNavigate();
  const [counts, setCounts] = useState<TaskOverview | null>(null);
  const [latest, setLatest] = useState<TodoRow[] | null>(null);
  const load = useCallback(() => {
    void taskService.overview().then(setCounts).catch(() => setCounts(null));
    void taskService
      .todo({ current: 1, size: LATEST })
      .then((p) => setLatest(p.records))
      .catch(() => setLatest([]));
  }, []);
  useEffect(load, [load]);
  usePageActivated(load);
  const stat = (key: keyof TaskOverview, href: string) => (
    <Col xs={12} md={6}>
      <Card size="small" hoverable onClick={() => navigate(href)} data-count={key}>
        <Statistic title={t(`home.${key}`)} value={counts?.[key] ?? '-'} />
      </Card>
    </Col>
  );
  return (
    <div className="loom-task-home">
      <Row gutter={[16, 16]}>
        {stat('todo', TODO_HREF)}
        {stat('applyRunning', APPLY_HREF)}
        {stat('applyTotal', APPLY_HREF)}
        {stat('copyUnread', COPY_HREF)}
      </Row>
      <Card
        size="small"
        style={{ marginTop: 16 }}
        title={t('home.latest')}
        extra={<Typography.Link onClick={() => navigate(TODO_HREF)}>{t('home.more')}</Typography.Link>}
        className="loom-home-todo"
      >
        {latest != null && !latest.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.empty')} />
        ) : (
          <List
            loading={latest == null}
            dataSource={latest ?? []}
            renderItem={(r) => (
              <List.Item key={r.task.id} data-home-todo={r.task.id}>
                <Typography.Link onClick={() => navigate(taskUrl(r) + `&taskName=${encodeURIComponent(r.task.name ?? '')}`)}>
                  {r.vars.title || r.processDefinitionName}
                </Typography.Link>
                <span>
                  <Tag color="processing">{r.task.name}</Tag>
                  <Typography.Text type="secondary">{showTime(r.task.createTime)}</Typography.Text>
                </span>
              </List.Item>
            )}
          />
        )}
      </Card>
    </div>
  );
}
