import { useMemo } from 'react';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '@loom/ui/core';
import { findMenuByHref } from './menu';
import { RemotePage } from './remotes';

/** The workflow remote's part of the home page (counts and latest to-do), for users with a to-do menu. */
const TASK_HOME = '/flowable/home/TaskHome';
const TODO_HREF = '/flowable/task/TodoList';

export function Home() {
  const { t } = useTranslation('shell');
  const s = useSession();
  const tasks = useMemo(() => !!findMenuByHref(s.menuList, TODO_HREF), [s.menuList]);
  const query = useMemo(() => new URLSearchParams(), []);
  return (
    <>
      <Card className="loom-home">
        <Typography.Title level={3}>{t('welcome')}</Typography.Title>
        <Typography.Paragraph>{s.user?.name ? `${s.user.name}，` : ''}{t('welcomeText')}</Typography.Paragraph>
      </Card>
      {tasks ? (
        <div className="loom-home-tasks" style={{ marginTop: 16 }}>
          <RemotePage area="workflow" href={TASK_HOME} query={query} />
        </div>
      ) : null}
    </>
  );
}
