import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, useCrud, type PageProps } from '@loom/ui';
import '../database-locales';
import { dataSourceService } from '../datasource/service';
import { DataSetDialog } from './DataSetDialog';
import { dataSetService as svc, type DataSet } from './service';

const P = { view: 'database:datamodel:dataSet:view', add: 'database:datamodel:dataSet:add', edit: 'database:datamodel:dataSet:edit', del: 'database:datamodel:dataSet:del' };

/** 数据模型 (`/database/datamodel/DataSetList`): named read-only SQL of a data source with typed
 * parameters, its columns and its data URLs. */
export default function DataSetList(_props: PageProps) {
  const { t } = useTranslation('gencode');
  const crud = useCrud<DataSet>();
  const [sources, setSources] = useState<Array<{ value: string; label: string }>>([]);
  useEffect(() => {
    void dataSourceService.treeData().then((tree) => {
      const nodes = tree.flatMap((n) => (n.children?.length ? n.children : [n]));
      setSources(nodes.map((n) => ({ value: n.id, label: n.label ?? n.name ?? n.id })));
    });
  }, []);
  return (
    <div className="loom-gencode-dataSet">
      <CrudPage<DataSet>
        crud={crud}
        entity={t('dataSet.entity')}
        resource={svc}
        permissions={P}
        onView={(r) => crud.show('edit', r.id)}
        rowActions={{ width: 160, items: () => ['edit', 'delete'] }}
        columns={[
          { title: t('dataSet.name'), dataIndex: 'name', query: true, link: true },
          { title: t('dbTable.dataSource'), dataIndex: ['db', 'name'] },
          { title: t('dataSet.sql'), dataIndex: 'sqlcmd', ellipsis: true },
        ]}
      />
      <DataSetDialog id={crud.id} open={crud.open} sources={sources} onClose={crud.close} onSaved={() => crud.list.current?.reload()} />
    </div>
  );
}
