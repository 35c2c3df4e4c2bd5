import { useCallback, useEffect, useMemo, useState } from 'react';
import { Card, Col, Empty, Input, Row, Spin, Tag, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { usePageActivated, useFeedback, type PageProps } from '@loom/ui';
import '../../locales/tasks';
import { taskService } from '../../components/task/service';
import { APPLY_HREF } from '../../components/task/nav';
import type { DefinitionPublic } from '../../api/types';
import { StartDialog } from './StartDialog';

/** Groups definitions by category (uncategorised last), each group sorted by name. */
export function byCategory(rows: DefinitionPublic[], none: string): Array<[string, DefinitionPublic[]]> {
  const groups = new Map<string, DefinitionPublic[]>();
  for (const r of rows) {
    const c = r.category || none;
    groups.set(c, [...(groups.get(c) ?? []), r]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === none ? 1 : b === none ? -1 : a.localeCompare(b)))
    .map(([c, list]) => [c, [...list].sort((x, y) => (x.name ?? '').localeCompare(y.name ?? ''))]);
}

/**
 * 发起流程 (`/flowable/task/ProcessList`): the definitions I may start, by category as cards, with a search.
 * A workflow form's list opens it with `formUrl` (only the processes its form starts; the one there is
 * opens at once), `businessId` (a draft record to start) and `back` (where to return once started).
 */
export default function ProcessStart({ query }: PageProps) {
  const { t } = useTranslation('tasks');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [rows, setRows] = useState<DefinitionPublic[] | null>(null);
  const [search, setSearch] = useState('');
  const [starting, setStarting] = useState<DefinitionPublic | null>(null);
  const formUrl = query.get('formUrl') ?? '';
  const businessId = query.get('businessId') ?? '';
  const back = query.get('back') ?? '';
  const load = useCallback(() => {
    void taskService
      .startable({ current: 1, size: -1, ...(formUrl ? { formUrl } : {}) })
      .then((p) => setRows(p.records.filter((d) => !d.suspended)));
  }, [formUrl]);
  useEffect(load, [load]);
  // a workflow form's 新建/发起: its one process opens at once
  const only = formUrl && rows?.length === 1 ? rows[0] : null;
  useEffect(() => {
    if (only) setStarting(only);
  }, [only]);
  usePageActivated(load);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (rows ?? []).filter((r) => !q || (r.name ?? '').toLowerCase().includes(q) || r.key.toLowerCase().includes(q));
  }, [rows, search]);
  return (
    <div className="loom-process-start">
      <Input.Search
        allowClear
        placeholder={t('search')}
        style={{ maxWidth: 360, marginBottom: 16 }}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-field="start-search"
      />
      {rows == null ? <Spin /> : null}
      {rows != null && !shown.length ? <Empty description={formUrl ? t('start.noneForForm') : t('start.empty')} /> : null}
      {byCategory(shown, t('noCategory')).map(([category, list]) => (
        <div key={category} className="loom-start-category" data-category={category} style={{ marginBottom: 16 }}>
          <Typography.Title level={5}>{category}</Typography.Title>
          <Row gutter={[16, 16]}>
            {list.map((d) => (
              <Col key={d.id} xs={24} sm={12} md={8} lg={6}>
                <Card
                  hoverable
                  size="small"
                  className="loom-start-card"
                  data-process={d.key}
                  onClick={() => setStarting(d)}
                  actions={[
                    <span key="start">
                      <PlayCircleOutlined /> {t('start.startButton')}
                    </span>,
                  ]}
                >
                  <Card.Meta title={d.name} description={<Tag>{`${t('version')} ${d.version}`}</Tag>} />
                </Card>
              </Col>
            ))}
          </Row>
        </div>
      ))}
      <StartDialog
        definition={starting}
        businessId={businessId || null}
        onClose={() => setStarting(null)}
        onStarted={() => {
          void message.success(t('start.started'));
          setStarting(null);
          navigate(back.startsWith('/') && !back.startsWith('//') ? back : APPLY_HREF);
        }}
        onDraftSaved={
          formUrl
            ? () => {
                void message.success(t('start.draftSaved'));
                setStarting(null);
                if (back.startsWith('/') && !back.startsWith('//')) navigate(back);
              }
            : undefined
        }
      />
    </div>
  );
}
