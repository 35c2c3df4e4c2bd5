import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { migrationApi, type Version } from './api';
import { NS } from './messages';
import type { DryRun, InstanceOutcome, MigrationBatch, MigrationPlan, NodeMapping, TaskState } from './types';

export interface MigrationDialogProps {
  open: boolean;
  onClose: () => void;
  /** The version the instances run on (`<key>:<version>:<id>`). */
  sourceDefinitionId: string;
  /** One instance (from 运行中流程); none: every running instance of the version. */
  procInsIds?: string[];
  /** Called once a migration is done (the list reloads). */
  onDone?: () => void;
}

const STATUS_COLOR: Record<string, string> = { movable: 'green', moved: 'green', left: 'orange', queued: 'default' };

function who(state: TaskState, nobody: string): string {
  return state.assigneeName || state.assignee || (state.candidates?.length ? state.candidates.join(', ') : nobody);
}

function when(due: string | null | undefined): string {
  return due ? dayjs(due).format('YYYY-MM-DD HH:mm') : '';
}

/** What changes for one instance: its tasks (kept, moved, new), timers and variables, one line each. */
function Changes({ outcome }: { outcome: InstanceOutcome }) {
  const { t } = useTranslation(NS);
  const nobody = t('nobody');
  const lines: string[] = [];
  for (const c of outcome.tasks ?? []) {
    if (c.before && c.after) lines.push(`${c.before.name ?? c.before.activityId} (${who(c.before, nobody)}) → ${c.after.name ?? c.after.activityId} (${who(c.after, nobody)})`);
    else if (c.after) lines.push(`${t('taskNew')}: ${c.after.name ?? c.after.activityId} (${who(c.after, nobody)})`);
    else if (c.before) lines.push(`${t('taskGone')}: ${c.before.name ?? c.before.activityId} (${who(c.before, nobody)})`);
  }
  for (const timer of outcome.timers ?? []) {
    if (timer.after && !timer.before) lines.push(`${timer.name ?? timer.elementId}: ${t('timerArmed', { due: when(timer.dueAfter) })}`);
    if (timer.before && !timer.after) lines.push(`${timer.name ?? timer.elementId}: ${t('timerGone', { due: when(timer.dueBefore) })}`);
    if (timer.before && timer.after && timer.dueBefore !== timer.dueAfter) {
      lines.push(`${timer.name ?? timer.elementId}: ${t('timerMoved', { before: when(timer.dueBefore), after: when(timer.dueAfter) })}`);
    }
  }
  for (const v of outcome.variables ?? []) lines.push(`${t('variables')} ${v.name}: ${JSON.stringify(v.before ?? null)} → ${JSON.stringify(v.after ?? null)}`);
  if (outcome.reason) return <Typography.Text type="warning" data-role="reason">{outcome.reason}</Typography.Text>;
  return (
    <div data-role="changes">
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </div>
  );
}

function Outcomes({ instances }: { instances: InstanceOutcome[] }) {
  const { t } = useTranslation(NS);
  return (
    <Table<InstanceOutcome>
      size="small"
      rowKey="procInsId"
      pagination={false}
      scroll={{ y: 260 }}
      dataSource={instances}
      locale={{ emptyText: t('noInstances') }}
      onRow={(r) => ({ 'data-migration-instance': r.procInsId, 'data-status': r.status }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { title: t('instance'), dataIndex: 'title', width: 200, render: (v: string | null, r) => v || r.procInsId },
        { title: t('starter'), dataIndex: 'startUserName', width: 100 },
        { title: t('result'), dataIndex: 'status', width: 100, render: (s: string) => <Tag color={STATUS_COLOR[s]}>{t(s)}</Tag> },
        { title: t('changes'), key: 'changes', render: (_v, r) => <Changes outcome={r} /> },
      ]}
    />
  );
}

/** The mapping table: each node of the source version and the target node it goes to (by id, or chosen by hand). */
function MappingTable({ plan, manual, onChange }: { plan: MigrationPlan; manual: Record<string, string>; onChange: (id: string, target: string) => void }) {
  const { t } = useTranslation(NS);
  const options = plan.targetNodes.map((n) => ({ value: n.id, label: `${n.name || n.id} (${n.id})` }));
  const state = (n: NodeMapping) => {
    if (n.id in manual) return manual[n.id] ? ['manual', 'blue'] : ['unmapped', 'red'];
    if (n.automatic) return ['same', 'green'];
    return n.removed ? ['removed', 'red'] : ['unmapped', 'red'];
  };
  return (
    <Table<NodeMapping>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ y: 240 }}
      dataSource={plan.nodes}
      onRow={(r) => ({ 'data-migration-node': r.id, 'data-state': state(r)[0] }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { title: t('sourceNode'), dataIndex: 'name', render: (v: string | null, r) => `${v || r.id} (${r.id})` },
        {
          title: t('state'),
          key: 'state',
          width: 110,
          render: (_v, r) => {
            const [key, colour] = state(r);
            return <Tag color={colour}>{t(key ?? '')}</Tag>;
          },
        },
        {
          title: t('targetNode'),
          key: 'target',
          width: 300,
          render: (_v, r) => (
            <Select
              size="small"
              allowClear
              style={{ width: 280 }}
              value={(r.id in manual ? manual[r.id] : r.targetId) || undefined}
              options={options}
              placeholder={t('unmapped')}
              onChange={(v: string | undefined) => onChange(r.id, v ?? '')}
              data-field={`migration-target-${r.id}`}
            />
          ),
        },
      ]}
    />
  );
}

/**
 * 实例迁移 (issue 40): a running instance, or every running instance of a version, onto another
 * version of its process. The nodes map by id; removed and changed ones are mapped by hand. The dry
 * run lists each instance — can it move, what changes — and migrating shows the report: moved, or
 * left in place with the reason.
 */
export function MigrationDialog({ open, onClose, sourceDefinitionId, procInsIds, onDone }: MigrationDialogProps) {
  const { t } = useTranslation(NS);
  const key = sourceDefinitionId.split(':')[0] ?? '';
  const [versions, setVersions] = useState<Version[] | null>(null);
  const [target, setTarget] = useState('');
  const [plan, setPlan] = useState<MigrationPlan | null>(null);
  const [manual, setManual] = useState<Record<string, string>>({});
  const [dry, setDry] = useState<DryRun | null>(null);
  const [batch, setBatch] = useState<MigrationBatch | null>(null);
  const [busy, setBusy] = useState(false);
  const others = useMemo(() => (versions ?? []).filter((v) => v.id !== sourceDefinitionId), [versions, sourceDefinitionId]);
  const source = versions?.find((v) => v.id === sourceDefinitionId);

  useEffect(() => {
    if (!open) return;
    setVersions(null);
    setTarget('');
    setBatch(null);
    void migrationApi.versions(key).then((found) => {
      setVersions(found);
      setTarget(found.find((v) => v.id !== sourceDefinitionId)?.id ?? '');
    });
  }, [open, key, sourceDefinitionId]);

  useEffect(() => {
    setPlan(null);
    setManual({});
    setDry(null);
    if (!open || !target) return;
    let live = true;
    void migrationApi.plan(sourceDefinitionId, target).then((p) => live && setPlan(p));
    return () => {
      live = false;
    };
  }, [open, target, sourceDefinitionId]);

  const request = () => ({ sourceDefinitionId, targetDefinitionId: target, mapping: manual, procInsIds: procInsIds ?? null });
  const dryRun = async () => {
    setBusy(true);
    try {
      setDry(await migrationApi.dryRun(request()));
    } finally {
      setBusy(false);
    }
  };
  const migrate = async () => {
    setBusy(true);
    try {
      let found = await migrationApi.migrate(request());
      setBatch(found);
      // the migration worker moves the batch in the background: follow it until it is done
      while (found.status !== 'done') {
        await new Promise((resolve) => setTimeout(resolve, 500));
        found = await migrationApi.batch(found.id);
        setBatch(found);
      }
      onDone?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={t('title')} width={1100} onCancel={onClose} footer={null} destroyOnHidden maskClosable={false} className="loom-migration-dialog">
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text>
          {t('source')}: <Tag color="blue">{source ? t('version', { version: source.version }) : sourceDefinitionId}</Tag>
        </Typography.Text>
        <Typography.Text>{t('target')}:</Typography.Text>
        <Select
          size="small"
          style={{ width: 160 }}
          value={target || undefined}
          options={others.map((v) => ({ value: v.id, label: t('version', { version: v.version }) }))}
          onChange={setTarget}
          disabled={!!batch}
          data-field="migration-target"
        />
        <Typography.Text type="secondary">{procInsIds?.length ? t('scopeOne') : t('scopeAll')}</Typography.Text>
      </Space>
      {versions && !others.length ? <Alert type="info" showIcon message={t('noOther')} /> : null}
      {plan && !batch ? (
        <>
          <Typography.Title level={5}>{t('mapping')}</Typography.Title>
          <MappingTable plan={plan} manual={manual} onChange={(id, value) => { setManual((m) => ({ ...m, [id]: value })); setDry(null); }} />
          <div style={{ margin: '8px 0' }} data-role="added-nodes">
            <Typography.Text strong>{t('added')}: </Typography.Text>
            {plan.added.length ? plan.added.map((n) => <Tag key={n.id} color="green" data-added-node={n.id}>{`${n.name || n.id} (${n.id})`}</Tag>) : t('noneAdded')}
          </div>
          <Space style={{ marginBottom: 8 }}>
            <Button onClick={() => void dryRun()} loading={busy && !dry} data-action="migration-dry-run">{t('dryRun')}</Button>
            <Popconfirm title={t('confirm', { movable: dry?.movable ?? 0, left: dry?.left ?? 0 })} onConfirm={() => void migrate()} disabled={!dry?.movable}>
              <Button type="primary" disabled={!dry?.movable} loading={busy && !!dry} data-action="migration-run">{t('migrate')}</Button>
            </Popconfirm>
            {dry ? <Typography.Text data-role="dry-run-summary">{t('summary', { movable: dry.movable, left: dry.left })}</Typography.Text> : null}
          </Space>
          {dry ? <Outcomes instances={dry.instances} /> : null}
        </>
      ) : null}
      {batch ? (
        <>
          <Alert
            style={{ marginBottom: 8 }}
            type={batch.status === 'done' ? 'success' : 'info'}
            showIcon
            data-role="migration-report"
            data-status={batch.status}
            message={batch.status === 'done' ? t('report', { moved: batch.moved, left: batch.left, total: batch.total }) : t('running')}
          />
          <Outcomes instances={batch.instances ?? []} />
        </>
      ) : null}
    </Modal>
  );
}
