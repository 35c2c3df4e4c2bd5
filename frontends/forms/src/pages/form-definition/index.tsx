import { useCallback, useEffect, useRef, useState } from 'react';
import { Form, Input, Modal, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CategoryTree, FormDialog, LabelLink, ListPage, LoomTreeSelect, required, RowActions, SplitLayout, useFeedback, useFormDialog, type ListPageHandle, type PageProps } from '@loom/ui';
import '../../locales';
import { DesignerModal } from '../../designer/DesignerModal';
import { parseStored } from '../../designer/io';
import { FormRender, type FormJson } from '../../render';
import { categoryResource, definitionService as svc, type FormDefinition, type FormVersion } from './service';

const P = { view: 'extension:formDefinition:view', add: 'extension:formDefinition:add', edit: 'extension:formDefinition:edit', del: 'extension:formDefinition:del', design: 'extension:formDefinition:design' };

/** 流程表单 (`/flowable/form/FormDefinitionList`): category tree, definitions, versions, design, primary version. */
export default function FormDefinitionList(_props: PageProps) {
  const { t } = useTranslation('forms');
  const { message } = useFeedback();
  const list = useRef<ListPageHandle<FormDefinition>>(null);
  const dlg = useFormDialog();
  // the dialog's category field reads the tree again after the sidebar changed it
  const [treeKey, setTreeKey] = useState(0);
  const [category, setCategory] = useState<string>('');
  const [design, setDesign] = useState<{ def: FormDefinition; json: FormJson; versionId?: string } | null>(null);
  const [versions, setVersions] = useState<FormDefinition | null>(null);

  /** Design a new version, starting from the primary one. */
  const designNew = async (d: FormDefinition) => {
    const full = await svc.queryById(d.id);
    setDesign({ def: full, json: parseStored(full.formDefinitionJson?.json) });
  };

  return (
    <div className="loom-forms-definition">
      <SplitLayout
        side={
          <CategoryTree
            className="loom-forms-category-tree"
            resource={categoryResource}
            title={t('def.category')}
            entity={t('def.categoryEntity')}
            allLabel={t('def.all')}
            permissions={P}
            value={category || null}
            onChange={(id) => setCategory(id ?? '')}
            onChanged={() => setTreeKey((k) => k + 1)}
          />
        }
      >
        <ListPage<FormDefinition>
          actionRef={list}
          url={svc.listUrl}
          deleteUrl={svc.deleteUrl}
          params={{ 'category.id': category }}
          permissions={P}
          exportName={t('def.title')}
          onAdd={() => dlg.show('add')}
          onEdit={(r) => dlg.show('edit', r.id)}
          rowActions={{
            width: 260,
            items: (r) => [
              { key: 'design', label: t('def.newVersion'), permission: P.edit, onClick: () => void designNew(r) },
              { key: 'versions', label: t('def.versions'), permission: P.view, onClick: () => setVersions(r) },
              'delete',
            ],
          }}
          columns={[
            {
              title: t('def.name'),
              dataIndex: 'name',
              query: true,
              render: (_d, r) => (
                <LabelLink editPermission={P.edit} viewPermission={P.view} onEdit={() => dlg.show('edit', r.id)} onView={() => dlg.show('view', r.id)}>
                  {r.name}
                </LabelLink>
              ),
            },
            { title: t('def.category'), dataIndex: ['category', 'name'] },
            { title: t('def.version'), dataIndex: ['formDefinitionJson', 'version'], width: 90, render: (_d, r) => (r.formDefinitionJson ? `v${r.formDefinitionJson.version}` : '-') },
            {
              title: t('def.status'),
              dataIndex: ['formDefinitionJson', 'status'],
              width: 100,
              render: (_d, r) => (r.formDefinitionJson?.status === '1' ? <Tag color="green">{t('def.published')}</Tag> : <Tag>{t('def.draft')}</Tag>),
            },
          ]}
        />
      </SplitLayout>
      <FormDialog<FormDefinition & { categoryId?: string }>
        open={dlg.open}
        mode={dlg.mode}
        name={t('def.title')}
        width={600}
        continueAdding={false}
        initialValues={{ categoryId: category || undefined }}
        load={async () => {
          const d = await svc.queryById(String(dlg.id ?? ''));
          return { ...d, categoryId: d.category?.id ?? undefined };
        }}
        onSubmit={(v, mode) => svc.save({ id: mode === 'add' ? undefined : String(dlg.id), name: v.name, remarks: v.remarks, category: { id: v.categoryId ?? null, name: null } })}
        onSaved={() => list.current?.reload()}
        onClose={dlg.close}
      >
        <Form.Item name="name" label={t('def.name')} rules={[required(t('def.nameRequired'))]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="categoryId" label={t('def.category')} rules={[required(t('def.categoryRequired'))]}>
          <LoomTreeSelect key={treeKey} id="categoryId" url={categoryResource.url} fieldNames={{ value: 'id', label: 'name', children: 'children' }} />
        </Form.Item>
        <Form.Item name="remarks" label={t('make.remarks')}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </FormDialog>
      <DesignerModal
        open={!!design}
        value={design?.json ?? null}
        title={design?.def.name}
        listTab={false}
        onClose={() => setDesign(null)}
        onSave={async (json) => {
          // each save of this designer session adds one new version, then updates it
          const saved = await svc.saveVersion(design!.versionId ? { id: design!.versionId, json: JSON.stringify(json) } : { formDefinition: { id: design!.def.id }, json: JSON.stringify(json) });
          setDesign((d) => (d ? { ...d, versionId: saved.id } : d));
          void message.success(t('def.versionSaved', { version: saved.version }));
          list.current?.reload();
        }}
      />
      <VersionsDialog def={versions} onClose={() => setVersions(null)} onChanged={() => list.current?.reload()} />
    </div>
  );
}

function VersionsDialog({ def, onClose, onChanged }: { def: FormDefinition | null; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation('forms');
  const { message } = useFeedback();
  const [rows, setRows] = useState<FormVersion[]>([]);
  const [preview, setPreview] = useState<FormJson | null>(null);
  const load = useCallback(() => (def ? svc.versions(def.id).then((p) => setRows(p.records ?? []), () => setRows([])) : undefined), [def]);
  useEffect(() => void load(), [load]);
  return (
    <Modal open={!!def} title={`${def?.name ?? ''} · ${t('def.versions')}`} width={800} footer={null} maskClosable={false} onCancel={onClose} destroyOnHidden className="loom-forms-versions">
      <Table<FormVersion>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('def.version'), dataIndex: 'version', render: (v) => `v${v}` },
          { title: t('def.status'), dataIndex: 'status', render: (s) => (s === '1' ? <Tag color="green">{t('def.published')}</Tag> : s === '2' ? <Tag color="default">{t('def.retired')}</Tag> : <Tag>{t('def.draft')}</Tag>) },
          { title: t('def.primary'), dataIndex: 'isPrimary', render: (p) => (p === '1' ? <Tag color="blue">{t('def.primary')}</Tag> : null) },
          {
            title: t('common.operation'),
            render: (_v, r) => (
              <RowActions
                actions={[
                  { key: 'preview', label: t('make.preview'), onClick: async () => setPreview(parseStored((await svc.version(r.id)).json)) },
                  {
                    key: 'primary',
                    label: t('def.setPrimary'),
                    permission: P.edit,
                    hidden: r.isPrimary === '1',
                    onClick: async () => {
                      const msg = await svc.setPrimary(r.id);
                      if (msg) void message.success(String(msg));
                      void load();
                      onChanged();
                    },
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <Modal open={!!preview} width={1000} footer={null} onCancel={() => setPreview(null)} destroyOnHidden title={t('make.preview')}>
        {preview && <FormRender json={preview} />}
      </Modal>
    </Modal>
  );
}
