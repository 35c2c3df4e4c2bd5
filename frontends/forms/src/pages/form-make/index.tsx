import { useEffect, useRef, useState } from 'react';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage, IconPicker, LoomTreeSelect, RemarksItem, required, useCrud, useFeedback, type PageProps } from '@loom/ui';
import '../../locales';
import { DesignerModal } from '../../designer/DesignerModal';
import { parseStored } from '../../designer/io';
import { FormRender, type FormJson } from '../../render';
import { formMakeService as svc, type FormMake } from './service';

/** A menu's buttons (type '2') are no parent for a new page. */
const isButton = (node: Record<string, unknown>) => node.type === '2';

const P = { view: 'form:make:view', add: 'form:make:add', edit: 'form:make:edit', del: 'form:make:del', design: 'form:make:design', createMenu: 'form:make:createMenu' };

/** 表单设计 (`/form/MakeFormList`): forms with add (basic info), design, bind, create menu, preview, delete. */
export default function FormMakeList(_props: PageProps) {
  const { t } = useTranslation('forms');
  const { message } = useFeedback();
  const crud = useCrud<FormMake>();
  const [design, setDesign] = useState<{ record: FormMake; json: FormJson } | null>(null);
  const [preview, setPreview] = useState<{ record: FormMake; json: FormJson } | null>(null);
  const [bind, setBind] = useState<FormMake | null>(null);
  const [menu, setMenu] = useState<FormMake | null>(null);
  const oldCode = useRef('');

  const openDesign = async (r: FormMake) => {
    const full = await svc.queryById(r.id);
    setDesign({ record: full, json: parseStored(full.source) });
  };
  const openPreview = async (r: FormMake) => {
    const full = await svc.queryById(r.id);
    const json = parseStored(full.source);
    if (!json.list.length) return void message.warning(t('make.noDesign'));
    setPreview({ record: full, json });
  };

  return (
    <div className="loom-forms-make">
      <CrudPage<FormMake>
        crud={crud}
        entity={t('make.title')}
        resource={{ listUrl: svc.listUrl, deleteUrl: svc.deleteUrl, queryById: svc.queryById }}
        permissions={P}
        rowActions={{
          width: 320,
          items: (r) => [
            { key: 'design', label: t('make.design'), permission: P.design, onClick: () => void openDesign(r) },
            { key: 'bind', label: t('make.bind'), permission: P.edit, onClick: () => setBind(r) },
            { key: 'createMenu', label: t('make.createMenu'), permission: P.createMenu, onClick: () => (r.tableName ? setMenu(r) : void message.warning(t('make.notBound'))) },
            { key: 'preview', label: t('make.preview'), permission: P.view, onClick: () => void openPreview(r) },
            'delete',
          ],
        }}
        columns={[
          { title: t('make.name'), dataIndex: 'name', query: true, sorter: true, link: true },
          { title: t('make.code'), dataIndex: 'code' },
          { title: t('make.tableName'), dataIndex: 'tableName', query: true },
          { title: t('make.dataSource'), dataIndex: ['dataSource', 'name'] },
          { title: t('make.version'), dataIndex: 'version', width: 80 },
        ]}
        dialog={{
          name: t('make.basicInfo'),
          width: 640,
          continueAdding: false,
          initialValues: { dataSource: { id: 'master', name: 'master' } },
          load: async (id) => {
            const d = await svc.queryById(id);
            oldCode.current = d.code ?? '';
            return d;
          },
          onSubmit: async (v, mode) => {
            const saved = await svc.saveBasicInfo({ ...v, id: mode === 'add' ? undefined : String(crud.id) });
            return saved && typeof saved === 'object' ? t('make.saved') : saved;
          },
          onClose: () => {
            oldCode.current = '';
          },
        }}
      >
      {({ mode }) => (
        <>
          <Form.Item name="name" label={t('make.name')} rules={[required(t('make.nameRequired'))]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('make.code')}
            validateTrigger="onBlur"
            rules={[
              required(t('make.codeRequired')),
              {
                validator: async (_r, v: string) => {
                  if (!v || mode === 'view') return;
                  if ((await svc.codeFree(v, mode === 'edit' ? oldCode.current : '').catch(() => true)) === false) throw new Error(t('make.codeTaken'));
                },
              },
            ]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name={['dataSource', 'id']} label={t('make.dataSource')}>
            <Input disabled />
          </Form.Item>
          <RemarksItem label={t('make.remarks')} rows={2} maxLength={null} />
        </>
      )}
      </CrudPage>
      <DesignerModal
        open={!!design}
        value={design?.json ?? null}
        title={design?.record.name}
        onClose={() => setDesign(null)}
        onSave={async (json) => {
          const r = design!.record;
          await svc.save({ id: r.id, name: r.name, code: r.code, source: JSON.stringify(json) });
          void message.success(t('make.saved'));
          crud.list.current?.reload();
        }}
      />
      <BindDialog record={bind} onClose={() => setBind(null)} onDone={() => (setBind(null), crud.list.current?.reload())} />
      <MenuDialog record={menu} onClose={() => setMenu(null)} />
      <Modal open={!!preview} title={preview?.record.name} width={1000} footer={null} maskClosable={false} onCancel={() => setPreview(null)} destroyOnHidden className="loom-forms-preview">
        {preview && <FormRender json={preview.json} />}
      </Modal>
    </div>
  );
}

/** 绑定数据表: an existing table of the data source, or a new one made from the form's fields. */
function BindDialog({ record, onClose, onDone }: { record: FormMake | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('forms');
  const { message } = useFeedback();
  const [form] = Form.useForm<{ mode: '0' | '1'; tableName: string }>();
  const [tables, setTables] = useState<{ value: string; label: string }[]>([]);
  const mode = Form.useWatch('mode', form);
  useEffect(() => {
    if (!record) return;
    svc.tables(record.dataSource?.id ?? 'master').then((d) => setTables((d.rows ?? []).map((x) => ({ value: x.name, label: x.nameAndComments }))), () => setTables([]));
  }, [record]);
  return (
    <Modal
      open={!!record}
      title={t('make.bind')}
      width={600}
      maskClosable={false}
      onCancel={onClose}
      destroyOnHidden
      className="loom-forms-bind"
      okButtonProps={{ 'data-action': 'confirm' } as never}
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        const msg = await svc.saveFormSource({ id: record!.id, tableName: v.tableName, autoCreate: v.mode });
        if (msg) void message.success(String(msg));
        onDone();
      }}
    >
      <Form form={form} key={record?.id} layout="vertical" preserve={false} initialValues={{ mode: record?.tableName ? '0' : '1', tableName: record?.tableName ?? '' }}>
        <Form.Item name="mode">
          <Radio.Group
            data-field="bind-mode"
            options={[
              { value: '1', label: t('make.bindNew') },
              { value: '0', label: t('make.bindExisting') },
            ]}
          />
        </Form.Item>
        {mode === '0' ? (
          <Form.Item name="tableName" label={t('make.tableName')} rules={[required(t('make.tableRequired'))]}>
            <Select showSearch options={tables} optionFilterProp="label" />
          </Form.Item>
        ) : (
          <Form.Item
            name="tableName"
            label={t('make.tableName')}
            validateTrigger="onBlur"
            rules={[
              required(t('make.tableRequired')),
              { pattern: /^[A-Za-z][A-Za-z0-9_]*$/, message: t('make.tableRequired') },
              {
                validator: async (_r, v: string) => {
                  if (!v || v === record?.tableName) return;
                  if ((await svc.tableFree(v, record?.dataSource?.id ?? 'master').catch(() => true)) === false) throw new Error(t('make.tableTaken'));
                },
              },
            ]}
          >
            <Input data-field="tableName" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** 创建菜单: a page menu under a parent that opens the form's online list. */
function MenuDialog({ record, onClose }: { record: FormMake | null; onClose: () => void }) {
  const { t } = useTranslation('forms');
  const { message } = useFeedback();
  const [form] = Form.useForm<{ parentId: string; name: string; icon: string }>();
  return (
    <Modal
      open={!!record}
      title={t('make.createMenu')}
      width={600}
      maskClosable={false}
      onCancel={onClose}
      destroyOnHidden
      className="loom-forms-menu"
      okButtonProps={{ 'data-action': 'confirm' } as never}
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        const msg = await svc.createMenu({ formId: record!.id, 'parent.id': v.parentId, name: v.name, icon: v.icon });
        if (msg) void message.success(String(msg));
        onClose();
      }}
    >
      <Form form={form} key={record?.id} layout="vertical" preserve={false} initialValues={{ name: record?.name, icon: 'fa-solid fa-table-list' }}>
        <Form.Item name="parentId" label={t('make.parentMenu')} rules={[required(t('make.parentRequired'))]}>
          <LoomTreeSelect id="parentId" url="/sys/menu/treeData" fieldNames={{ value: 'id', label: 'name', children: 'children' }} isHidden={isButton} />
        </Form.Item>
        <Form.Item name="name" label={t('make.menuName')} rules={[required(t('make.menuRequired'))]}>
          <Input data-field="menuName" />
        </Form.Item>
        <Form.Item name="icon" label={t('make.icon')}>
          <IconPicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}
