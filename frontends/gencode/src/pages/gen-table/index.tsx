import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Modal, Space, Tag, Typography } from 'antd';
import { CodeOutlined, DeleteOutlined, EditOutlined, ImportOutlined, LinkOutlined, MenuOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LabelLink, ListPage, Permission, SplitLayout, http, useFeedback, useFormDialog, type ListPageHandle, type ListParams, type PageProps } from '@loom/ui';
import { DataSourceTree } from '../../components/DataSourceTree';
import { LicenceNotice } from '../../components/LicenceNotice';
import type { DataSourceNode } from '../datasource/service';
import { tableService } from './service';
import type { GenTableRow } from './types';
import { genCodeRefusal, menuRefusal } from './rules';
import { TableWizard } from './components/TableWizard';
import { SyncDialog } from './components/SyncDialog';
import { GenCodeDialog } from './components/GenCodeDialog';
import { MenuDialog } from './components/MenuDialog';
import { ImportDialog } from './components/ImportDialog';
import { ModuleState, modulesOf } from './components/ModuleState';

const PERM = 'gencode:genTable';
const P = { view: `${PERM}:view`, add: `${PERM}:add`, edit: `${PERM}:edit`, del: `${PERM}:del` };
/** Licence codes of the list envelope (docs/wire.md). */
const LICENCE_CODES = [700, 710];
const MODULE_POLL_MS = 3000;
const MODULE_WATCH_MS = 180_000;

/** 表单配置 (`/gen/GenTableList`): the generated-table list with its wizard and dialogs. */
export default function GenTableList(_props: PageProps) {
  const { t } = useTranslation('gencode');
  const { message, modal } = useFeedback();
  const list = useRef<ListPageHandle<GenTableRow>>(null);
  const wizard = useFormDialog();
  const [source, setSource] = useState<DataSourceNode | null>(null);
  const [licence, setLicence] = useState<{ code: number; msg?: string; serial?: string } | null>(null);
  const [syncRow, setSyncRow] = useState<GenTableRow | null>(null);
  const [genRow, setGenRow] = useState<GenTableRow | null>(null);
  const [menuRow, setMenuRow] = useState<GenTableRow | null>(null);
  const [importing, setImporting] = useState(false);
  const reload = useCallback(() => list.current?.reload(), []);

  // A module is tested and goes live at the app host in its own time: while a row's module is on its
  // way (or a generation was just asked for), the list asks again every few seconds, for a while.
  const polling = useRef<{ until: number; tableId?: string; version?: string }>({ until: 0 });
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const watchModules = useCallback(
    (rows: GenTableRow[]) => {
      window.clearTimeout(timer.current);
      const p = polling.current;
      const moving = rows.some((r) => r.module?.state === 'generated' || r.module?.state === 'testing');
      const asked = rows.some((r) => r.id === p.tableId && (!r.module || r.module.version === p.version));
      if (moving && !p.until) p.until = Date.now() + MODULE_WATCH_MS;
      if ((moving || asked) && Date.now() < p.until) timer.current = window.setTimeout(reload, MODULE_POLL_MS);
      else polling.current = { until: 0 };
    },
    [reload],
  );
  const generated = useCallback(
    (row: GenTableRow) => {
      polling.current = { until: Date.now() + MODULE_WATCH_MS, tableId: row.id, version: row.module?.version };
      reload();
    },
    [reload],
  );

  const fetchPage = useCallback(async (q: ListParams) => {
    const env = await tableService.list(q);
    if (LICENCE_CODES.includes(Number(env?.code))) {
      setLicence({ code: Number(env.code), msg: env.msg ?? undefined, serial: env.serial ?? undefined });
      return { records: [], total: 0 };
    }
    setLicence(null);
    const page = env?.result ?? { records: [], total: 0 };
    // each table's generated module, as the app host reports it
    const modules = await modulesOf(page.records.map((r) => r.id));
    return { ...page, records: page.records.map((r) => ({ ...r, module: modules[r.id] })) };
  }, []);

  const params = useMemo(() => ({ 'dataSource.id': source?.id ?? '' }), [source]);

  const remove = (rows: GenTableRow[]) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('table.confirmRemove'),
      onOk: async () => {
        const msg = await tableService.remove(rows.map((r) => r.id));
        if (msg) void message.success(msg);
        list.current?.clearSelection();
        reload();
      },
    });

  const deleteDb = (row: GenTableRow) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('table.confirmDeleteDb'),
      okButtonProps: { danger: true },
      onOk: async () => {
        const msg = await tableService.deleteDb(row.id);
        if (msg) void message.success(msg);
        reload();
      },
    });

  const unpublish = (row: GenTableRow) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('table.confirmUnpublish'),
      onOk: async () => {
        const msg = await http.delete<string>('/apps/module/unpublish', { tableId: row.id });
        if (msg) void message.success(msg);
        reload();
      },
    });

  const openGen = (row: GenTableRow) => {
    const refusal = genCodeRefusal(row, t);
    if (refusal) void message.warning(refusal);
    else setGenRow(row);
  };
  const openMenu = (row: GenTableRow) => {
    const refusal = menuRefusal(row, t);
    if (refusal) void message.warning(refusal);
    else setMenuRow(row);
  };
  const addJava = (row: GenTableRow) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('table.confirmAddJava'),
      onOk: async () => {
        const msg = await tableService.addCustomObj(row.id, row.tableType ?? '');
        if (msg) void message.success(msg);
      },
    });
  const formUrl = async (row: GenTableRow) => {
    if (row.tableType !== '6') {
      void message.warning(t('errors.wfOnly'));
      return;
    }
    const url = await tableService.getFormUrl(row.id).catch(() => null);
    if (url)
      Modal.info({
        title: t('table.formUrlTitle'),
        content: (
          <Typography.Paragraph copyable className="loom-form-url">
            {url}
          </Typography.Paragraph>
        ),
      });
  };

  if (licence) return <LicenceNotice code={licence.code} msg={licence.msg} serial={licence.serial} onRetry={() => setLicence(null)} />;

  return (
    <div className="loom-gencode-genTable">
      <SplitLayout side={<DataSourceTree selectedId={source?.id} onSelect={setSource} />}>
        <ListPage<GenTableRow>
          actionRef={list}
          fetch={fetchPage}
          onLoad={watchModules}
          params={params}
          exportName={t('table.entity')}
          permissions={P}
          onAdd={() => wizard.show('add')}
          onEdit={(r) => wizard.show('edit', r.id)}
          toolbar={({ selectedRows }) => {
            const one = selectedRows.length === 1 ? selectedRows[0] : undefined;
            return (
              <Space wrap>
                <Permission value={P.add}>
                  <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-action="import">
                    {t('table.importFromDb')}
                  </Button>
                </Permission>
                <Permission value={P.del}>
                  <Button danger icon={<DeleteOutlined />} disabled={selectedRows.length < 1} onClick={() => remove(selectedRows)} data-action="remove">
                    {t('common.remove')}
                  </Button>
                </Permission>
                <Permission value={`${PERM}:genCode`}>
                  <Button icon={<CodeOutlined />} disabled={!one} onClick={() => one && openGen(one)} data-action="gen-code">
                    {t('table.genCode')}
                  </Button>
                </Permission>
                <Permission value={`${PERM}:createMenu`}>
                  <Button icon={<MenuOutlined />} disabled={!one} onClick={() => one && openMenu(one)} data-action="create-menu">
                    {t('table.createMenu')}
                  </Button>
                </Permission>
                <Permission value={P.edit}>
                  <Button icon={<PlusSquareOutlined />} disabled={!one} onClick={() => one && addJava(one)} data-action="add-java">
                    {t('table.addToJava')}
                  </Button>
                </Permission>
                <Permission value={P.view}>
                  <Button icon={<LinkOutlined />} disabled={!one} onClick={() => one && void formUrl(one)} data-action="form-url">
                    {t('table.formUrl')}
                  </Button>
                </Permission>
              </Space>
            );
          }}
          rowActions={{
            width: 220,
            items: (r) => [
              { key: 'edit', label: <><EditOutlined /> {t('common.edit')}</>, permission: P.edit, onClick: () => wizard.show('edit', r.id) },
              { key: 'remove', label: t('common.remove'), permission: P.del, onClick: () => remove([r]) },
              { key: 'delete', label: t('table.deleteDb'), permission: P.del, danger: true, onClick: () => deleteDb(r) },
              { key: 'sync', label: t('table.sync'), permission: `${PERM}:sync`, onClick: () => setSyncRow(r) },
              ...(r.module?.liveVersion ? [{ key: 'unpublish', label: t('table.unpublish'), permission: P.del, onClick: () => unpublish(r) }] : []),
            ],
          }}
          columns={[
            { title: t('table.tableType'), dataIndex: 'tableType', dictType: 'table_type', sorter: true, sortKey: 'table_type', width: 120 },
            {
              title: t('table.name'),
              dataIndex: 'name',
              sorter: true,
              render: (_d, r) => (
                <LabelLink editPermission={P.edit} viewPermission={P.view} onEdit={() => wizard.show('edit', r.id)} onView={() => wizard.show('view', r.id)}>
                  <span data-table={r.name}>{r.name}</span>
                </LabelLink>
              ),
            },
            {
              title: t('table.nameLike'),
              dataIndex: 'nameLike',
              query: true,
              hideInTable: true,
              noExport: true,
            },
            { title: t('table.sourceDb'), dataIndex: ['dataSource', 'name'], sorter: true, sortKey: 'dataSource_id', exportValue: (r) => r.dataSource?.name },
            { title: t('table.comments'), dataIndex: 'comments', ellipsis: true },
            { title: t('table.className'), dataIndex: 'className', sorter: true, sortKey: 'class_name' },
            { title: t('table.parentTable'), dataIndex: 'parentTable' },
            {
              title: t('table.isSync'),
              dataIndex: 'isSync',
              width: 100,
              exportValue: (r) => (r.isSync === '1' ? t('table.synced') : t('table.notSynced')),
              render: (_d, r) => (r.isSync === '1' ? <Tag color="success" data-sync="1">{t('table.synced')}</Tag> : <Tag color="error" data-sync="0">{t('table.notSynced')}</Tag>),
            },
            {
              title: t('table.moduleState'),
              dataIndex: 'module',
              width: 150,
              exportValue: (r) => (r.module ? t(`module.${r.module.state}`) : ''),
              render: (_d, r) => <ModuleState module={r.module} />,
            },
          ]}
        />
      </SplitLayout>
      <TableWizard open={wizard.open} mode={wizard.mode} id={wizard.id} dataSourceId={source?.id} onClose={wizard.close} onSaved={reload} />
      <SyncDialog row={syncRow} onClose={() => setSyncRow(null)} onSaved={reload} />
      <GenCodeDialog row={genRow} onClose={() => setGenRow(null)} onGenerated={generated} />
      <MenuDialog row={menuRow} onClose={() => setMenuRow(null)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} onDone={reload} />
    </div>
  );
}
