import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelLink, ListPage, type ListPageHandle, type PageProps } from '@loom/ui';
import '../database-locales';
import { dataSourceService } from '../datasource/service';
import { DataSetDialog } from './DataSetDialog';
import { dataSetService as svc, type DataSet } from './service';

const P = { view: 'database:datamodel:dataSet:view', add: 'database:datamodel:dataSet:add', edit: 'database:datamodel:dataSet:edit', del: 'database:datamodel:dataSet:del' };

/** 数据模型 (`/database/datamodel/DataSetList`): named read-only SQL of a data source with typed
 * parameters, its columns and its data URLs. */
export default function DataSetList(_props: PageProps) {
  const { t } = useTranslation('gencode');
  const list = useRef<ListPageHandle<DataSet>>(null);
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [sources, setSources] = useState<Array<{ value: string; label: string }>>([]);
  useEffect(() => {
    void dataSourceService.treeData().then((tree) => {
      const nodes = tree.flatMap((n) => (n.children?.length ? n.children : [n]));
      setSources(nodes.map((n) => ({ value: n.id, label: n.label ?? n.name ?? n.id })));
    });
  }, []);
  return (
    <div className="loom-gencode-dataSet">
      <ListPage<DataSet>
        actionRef={list}
        url={svc.listUrl}
        deleteUrl={svc.deleteUrl}
        exportName={t('dataSet.entity')}
        permissions={P}
        onAdd={() => setEditing({})}
        onEdit={(r) => setEditing({ id: r.id })}
        rowActions={{ width: 160, items: () => ['edit', 'delete'] }}
        columns={[
          {
            title: t('dataSet.name'),
            dataIndex: 'name',
            query: true,
            render: (_d, r) => (
              <LabelLink editPermission={P.edit} viewPermission={P.view} onEdit={() => setEditing({ id: r.id })} onView={() => setEditing({ id: r.id })}>
                {r.name}
              </LabelLink>
            ),
          },
          { title: t('dbTable.dataSource'), dataIndex: ['db', 'name'] },
          { title: t('dataSet.sql'), dataIndex: 'sqlcmd', ellipsis: true },
        ]}
      />
      <DataSetDialog id={editing?.id} open={editing !== null} sources={sources} onClose={() => setEditing(null)} onSaved={() => list.current?.reload()} />
    </div>
  );
}
