import { lazy, Suspense, useRef, useState } from 'react';
import { Alert, App, Modal, Spin, Tag, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage, SplitLayout, type ListPageHandle, type PageProps } from '@loom/ui';
import '../../locales/designer';
import { FlowChartDialog } from '../../components/flow-viewer';
import { ProcessCategoryTree, useCategoryOptions } from '../category/ProcessCategoryTree';
import { modelService, type ModelPublic } from './service';

// the modeler (bpmn-js with its panels, ~420 KB gzip) is loaded when a model is opened, not with the list
const Designer = lazy(() => import('../../designer/Designer').then((m) => ({ default: m.Designer })));

const P = { view: 'flowable:model:view', add: 'flowable:model:add', edit: 'flowable:model:edit', del: 'flowable:model:del', deploy: 'flowable:model:deploy', design: 'flowable:model:design' };

/** 流程设计 (`/flowable/process/ModelList`): models by category; create, design, copy, publish, change category, delete, preview. */
export default function ModelList(_props: PageProps) {
  const { t } = useTranslation('designer');
  const { message, modal } = App.useApp();
  const list = useRef<ListPageHandle<ModelPublic>>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [designer, setDesigner] = useState<{ modelId?: string; category?: string } | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [changing, setChanging] = useState<{ row: ModelPublic; value: string | null } | null>(null);
  // 新建 asks for the category first when none is chosen in the tree (a new model was 未设置)
  const [asking, setAsking] = useState<{ value: string | null } | null>(null);
  const options = useCategoryOptions();
  const reload = () => list.current?.reload();
  const done = (msg: unknown) => {
    if (typeof msg === 'string' && msg) void message.success(msg);
    reload();
  };

  return (
    <SplitLayout side={<ProcessCategoryTree value={category} onChange={setCategory} />}>
      <ListPage<ModelPublic>
        actionRef={list}
        url={modelService.listUrl}
        params={{ category: category ?? '' }}
        permissions={{ add: P.add, del: P.del }}
        exportName={t('model.entity')}
        onAdd={() => (category ? setDesigner({ category }) : setAsking({ value: null }))}
        onDelete={(rows) => new Promise<void>((resolve) => modal.confirm({ title: t('common.confirmDelete'), onOk: () => modelService.delete(rows.map((r) => r.id).join(',')).then(done).finally(resolve), onCancel: () => resolve() }))}
        rowActions={{
          width: 300,
          items: (r) => [
            { key: 'design', label: t('model.design'), permission: P.design, onClick: () => setDesigner({ modelId: r.id, category: r.category ?? undefined }) },
            { key: 'copy', label: t('model.copy'), permission: P.add, confirm: t('model.confirmCopy'), onClick: () => void modelService.copy(r.id).then(done) },
            { key: 'deploy', label: t('model.deploy'), permission: P.deploy, confirm: t('model.confirmDeploy'), onClick: () => void modelService.deploy(r.id, r.category || t('model.notSet')).then(done) },
            { key: 'category', label: t('model.changeCategory'), permission: P.edit, onClick: () => setChanging({ row: r, value: r.category ?? null }) },
            { key: 'preview', label: t('model.preview'), onClick: () => setPreview(r.id) },
            { key: 'delete', confirm: t('common.confirmDelete'), onClick: () => void modelService.delete(r.id).then(done) },
          ],
        }}
        columns={[
          { title: t('model.name'), dataIndex: 'filterText', query: true, hideInTable: true },
          { title: t('model.key'), dataIndex: 'key', width: 200, render: (_d, r) => <a onClick={() => setDesigner({ modelId: r.id, category: r.category ?? undefined })}>{r.key}</a> },
          { title: t('model.name'), dataIndex: 'name' },
          { title: t('model.category'), dataIndex: 'category', render: (_d, r) => r.category || t('model.notSet') },
          { title: t('model.version'), dataIndex: ['procDef', 'version'], width: 90, render: (_d, r) => (r.procDef?.version ? <Tag color="blue">v{r.procDef.version}</Tag> : '') },
          {
            title: t('model.status'), width: 100,
            render: (_d, r) => (r.procDef?.id ? (r.procDef.suspended ? <Tag color="orange">{t('model.suspended')}</Tag> : <Tag color="green">{t('model.deployed')}</Tag>) : <Tag>{t('model.notDeployed')}</Tag>),
          },
          { title: t('model.lastUpdated'), dataIndex: 'lastUpdated', width: 180, valueType: 'dateTime' },
        ]}
      />
      {designer ? (
        <Suspense fallback={<Spin fullscreen />}>
          <Designer open modelId={designer.modelId} category={designer.category} onClose={() => { setDesigner(null); reload(); }} onSaved={reload} />
        </Suspense>
      ) : null}
      <Modal
        open={!!asking}
        title={t('model.chooseCategory')}
        maskClosable={false}
        className="loom-new-model-category"
        onCancel={() => setAsking(null)}
        onOk={() => {
          // without any category yet the model is created uncategorised, as before
          if (!asking?.value && options.length) return void message.warning(t('model.chooseCategory'));
          setDesigner({ category: asking?.value ?? undefined });
          setAsking(null);
        }}
      >
        {options.length ? null : <Alert type="info" showIcon style={{ marginBottom: 8 }} message={t('model.noCategoryYet')} />}
        <TreeSelect
          style={{ width: '100%' }}
          treeDefaultExpandAll
          value={asking?.value ?? undefined}
          treeData={options}
          placeholder={t('model.chooseCategory')}
          onChange={(v) => setAsking({ value: v })}
          data-field="new-model-category"
        />
      </Modal>
      <FlowChartDialog open={!!preview} modelId={preview ?? undefined} onClose={() => setPreview(null)} />
      <Modal
        open={!!changing}
        title={t('model.changeCategory')}
        maskClosable={false}
        onCancel={() => setChanging(null)}
        onOk={() => {
          if (!changing?.value) return void message.warning(t('model.chooseCategory'));
          const id = changing.row.procDef?.id ?? changing.row.id;
          return modelService.updateCategory(id, changing.value).then((m) => { setChanging(null); done(m); });
        }}
      >
        <TreeSelect style={{ width: '100%' }} treeDefaultExpandAll value={changing?.value ?? undefined} treeData={options} placeholder={t('model.chooseCategory')} onChange={(v) => setChanging((c) => (c ? { ...c, value: v } : c))} />
      </Modal>
    </SplitLayout>
  );
}
