import { useRef, useState } from 'react';
import { App, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage, SplitLayout, type ListPageHandle, type PageProps } from '@loom/ui';
import '../../locales/designer';
import { FlowChartDialog } from '../../components/flow-viewer';
import { ProcessCategoryTree } from '../category/ProcessCategoryTree';
import { MigrationDialog } from '../../components/migration/MigrationDialog';
import { NS as MIGRATION } from '../../components/migration/messages';
import { definitionService, type DefinitionPublic } from './service';

const P = { view: 'flowable:process:view', active: 'flowable:process:active', suspend: 'flowable:process:suspend', del: 'flowable:process:del' };

/** 流程定义 (`/flowable/process/DefinitionList`): definitions by category with version, suspend/activate, chart, delete. */
export default function ProcessDefinitionList(_props: PageProps) {
  const { t } = useTranslation('designer');
  const { message } = App.useApp();
  const list = useRef<ListPageHandle<DefinitionPublic>>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [allVersions, setAllVersions] = useState(false);
  const [chart, setChart] = useState<string | null>(null);
  const { t: tm } = useTranslation(MIGRATION);
  const [migrating, setMigrating] = useState<string | null>(null);
  const done = (msg: unknown) => {
    if (typeof msg === 'string' && msg) void message.success(msg);
    list.current?.reload();
  };
  return (
    <SplitLayout side={<ProcessCategoryTree value={category} onChange={setCategory} />}>
      <ListPage<DefinitionPublic>
        actionRef={list}
        url={definitionService.listUrl}
        params={{ category: category ?? '', allVersions: allVersions ? '1' : '' }}
        selectable={false}
        exportName={t('process.entity')}
        toolbar={() => (
          <span style={{ marginRight: 8 }}>
            <Switch size="small" checked={allVersions} onChange={setAllVersions} data-action="all-versions" /> {t('process.version')}
          </span>
        )}
        rowActions={{
          width: 280,
          items: (r) => [
            { key: 'chart', label: t('process.chart'), onClick: () => setChart(r.id) },
            // 实例迁移: every running instance of this version onto another version
            { key: 'migrate', label: tm('actionVersion'), permission: 'flowable:instance:migrate', onClick: () => setMigrating(r.id) },
            r.suspended
              ? { key: 'active', label: t('process.active'), permission: P.active, confirm: t('process.confirmActive'), onClick: () => void definitionService.activate(r.id).then(done) }
              : { key: 'suspend', label: t('process.suspend'), permission: P.suspend, confirm: t('process.confirmSuspend'), onClick: () => void definitionService.suspend(r.id).then(done) },
            { key: 'delete', permission: P.del, confirm: t('process.confirmDelete', { version: r.version }), onClick: () => void definitionService.delete(r.id).then(done) },
          ],
        }}
        columns={[
          { title: t('process.name'), dataIndex: 'name', query: true, render: (_d, r) => <a onClick={() => setChart(r.id)}>{r.name || r.key}</a> },
          { title: t('process.key'), dataIndex: 'key' },
          { title: t('process.category'), dataIndex: 'category', render: (_d, r) => r.category || t('model.notSet') },
          { title: t('process.version'), dataIndex: 'version', width: 90, render: (_d, r) => <Tag color="blue">v{r.version}</Tag> },
          {
            title: t('process.status'), dataIndex: 'suspended', width: 100,
            render: (_d, r) => (r.suspended ? <Tag color="orange">{t('process.suspendState')}</Tag> : <Tag color="green">{t('process.activeState')}</Tag>),
          },
          { title: t('process.deployTime'), dataIndex: 'deploymentTime', width: 180, valueType: 'dateTime' },
        ]}
      />
      {migrating ? <MigrationDialog open sourceDefinitionId={migrating} onClose={() => setMigrating(null)} /> : null}
      <FlowChartDialog open={!!chart} procDefId={chart ?? undefined} onClose={() => setChart(null)} />
    </SplitLayout>
  );
}
