import { useEffect, useState } from 'react';
import { Button, Col, Empty, Form, Input, InputNumber, Modal, Row, Space, Spin, Tabs } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DictSelect, maxLen, required, sortRules, useFeedback, type FormMode } from '@loom/ui';
import { refService } from '../../shared/service';
import { fileKey, newFile, removeFile, safeMessageHtml, toPayload, visibleFiles, type TemplateGroup, type TemplateGroupFields, type TemplateObj } from './templates';
import { LazyCodeEditor } from '@loom/ui/editor';

const svc = refService<TemplateGroup>('templateGroup');
/** Seed §2: editor height 500 for the main set, 1000px for the appendix set. */
export const EDITOR_HEIGHT = { main: 500, appendix: 1000 } as const;

type GroupFields = TemplateGroupFields;

/** The template group dialog: full screen, group fields, main and appendix tabs of closable, renamable template files. */
export function TemplateDialog({ open, mode, id, onClose, onSaved }: { open: boolean; mode: FormMode; id?: string; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('gencode');
  const { message } = useFeedback();
  const [form] = Form.useForm<GroupFields>();
  const [files, setFiles] = useState<TemplateObj[]>([]);
  const [tab, setTab] = useState<'main' | 'appendix'>('main');
  const [active, setActive] = useState<{ main: string; appendix: string }>({ main: '', appendix: '' });
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [rename, setRename] = useState<{ key: string; name: string } | null>(null);
  const [renameForm] = Form.useForm<{ name: string; sort: number }>();
  const [recordId, setRecordId] = useState<string | undefined>(id);
  const type = Form.useWatch('type', form);
  const readOnly = mode === 'view';

  const loadRecord = async (rid: string) => {
    setLoading(true);
    try {
      const g = await svc.queryById(rid);
      form.setFieldsValue({ id: g.id, name: g.name, type: g.type, sort: g.sort, remarks: g.remarks, isSystem: g.isSystem });
      const list = (g.templateObjDTOList ?? []).map((f) => ({ ...f, isChild: f.isChild || '0', delFlag: f.delFlag ?? '0' }));
      setFiles(list);
      setActive((a) => ({
        main: list.some((f) => fileKey(f) === a.main) ? a.main : fileKey(visibleFiles(list, '0')[0] ?? ({} as TemplateObj)),
        appendix: list.some((f) => fileKey(f) === a.appendix) ? a.appendix : fileKey(visibleFiles(list, '1')[0] ?? ({} as TemplateObj)),
      }));
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setTab('main');
    setRecordId(id);
    setActive({ main: '', appendix: '' });
    if (mode !== 'add' && id) void loadRecord(id).catch(() => undefined);
    else {
      form.setFieldsValue({ type: '1', sort: 10, isSystem: '0' });
      setFiles([]);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, mode, id]);

  const setName = (key: string, patch: Partial<TemplateObj>) => setFiles((prev) => prev.map((f) => (fileKey(f) === key ? { ...f, ...patch } : f)));

  const add = (isChild: '0' | '1') => {
    const set = visibleFiles(files, isChild);
    const sort = Math.max(0, ...set.map((f) => Number(f.sort) || 0)) + 10;
    const f = newFile(isChild, `${t('templateGroup.newFile')}${set.length + 1}.jinja2`, sort);
    setFiles((prev) => [...prev, f]);
    setActive((a) => ({ ...a, [isChild === '1' ? 'appendix' : 'main']: fileKey(f) }));
    setTab(isChild === '1' ? 'appendix' : 'main');
  };

  const remove = (which: 'main' | 'appendix', key: string) => {
    const r = removeFile(files, key, active[which]);
    setFiles(r.files);
    setActive((a) => ({ ...a, [which]: r.active }));
  };

  const save = async () => {
    let v: GroupFields;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const live = files.filter((f) => f.delFlag !== '1');
    const bad = live.find((f) => !f.name?.trim());
    if (bad) {
      void message.error(t('templateGroup.fileNameRequired'));
      return;
    }
    const all = { ...(form.getFieldsValue(true) as GroupFields), ...v };
    // the appendix set only exists for type '2'; other types drop their appendix files
    const payloadFiles = all.type === '2' ? files : files.filter((f) => f.isChild !== '1' || f.id).map((f) => (f.isChild === '1' ? { ...f, delFlag: '1' } : f));
    setSaving(true);
    try {
      const msg = await svc.save(toPayload({ ...all, id: recordId, templateObjDTOList: payloadFiles }));
      // The seed lets the success message hold HTML; it comes from stored data, so only markup survives, never script.
      if (msg) void message.success({ content: <span dangerouslySetInnerHTML={{ __html: safeMessageHtml(msg) }} /> });
      onSaved();
      if (recordId) await loadRecord(recordId);
      else onClose();
    } catch {
      /* shown by the HTTP client */
    } finally {
      setSaving(false);
    }
  };

  const panes = (which: 'main' | 'appendix') => {
    const isChild = which === 'appendix' ? '1' : '0';
    const set = visibleFiles(files, isChild);
    return (
      <div className={`loom-template-${which}`}>
        {!readOnly ? (
          <Button size="small" icon={<PlusOutlined />} onClick={() => add(isChild)} style={{ marginBottom: 8 }} data-action={`add-file-${which}`}>
            {t('templateGroup.addFile')}
          </Button>
        ) : null}
        {set.length === 0 ? (
          <Empty description={t('templateGroup.noFiles')} />
        ) : (
          <Tabs
            type={readOnly ? 'card' : 'editable-card'}
            hideAdd
            activeKey={active[which] || fileKey(set[0] as TemplateObj)}
            onChange={(k) => setActive((a) => ({ ...a, [which]: k }))}
            onEdit={(k, action) => {
              if (action === 'remove') remove(which, String(k));
            }}
            items={set.map((f) => ({
              key: fileKey(f),
              closable: !readOnly,
              label: (
                <span
                  data-template-file={f.name}
                  onDoubleClick={() => {
                    if (readOnly) return;
                    setRename({ key: fileKey(f), name: f.name });
                    renameForm.setFieldsValue({ name: f.name, sort: f.sort });
                  }}
                >
                  {f.name}
                  {!readOnly ? (
                    <EditOutlined
                      style={{ marginLeft: 6, fontSize: 11 }}
                      data-action="rename-file"
                      onClick={(e) => {
                        e.stopPropagation();
                        setRename({ key: fileKey(f), name: f.name });
                        renameForm.setFieldsValue({ name: f.name, sort: f.sort });
                      }}
                    />
                  ) : null}
                </span>
              ),
              children: (
                <LazyCodeEditor
                  path={`template/${fileKey(f)}/${f.name}`}
                  value={f.contents}
                  readOnly={readOnly}
                  height={which === 'main' ? EDITOR_HEIGHT.main : EDITOR_HEIGHT.appendix}
                  onChange={(contents) => setName(fileKey(f), { contents })}
                />
              ),
            }))}
          />
        )}
      </div>
    );
  };

  const title = t(mode === 'add' ? 'common.add' : mode === 'edit' ? 'common.edit' : 'common.view') + t('templateGroup.entity');

  return (
    <Modal
      open={open}
      title={title}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 120px)', overflow: 'auto' } }}
      maskClosable={false}
      destroyOnHidden
      onCancel={onClose}
      className="loom-template-dialog"
      footer={
        <Space>
          <Button onClick={onClose} data-action="close">
            {t('common.close')}
          </Button>
          {!readOnly ? (
            <Button type="primary" loading={saving} onClick={() => void save()} data-action="confirm">
              {t('common.confirm')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Spin spinning={loading}>
        <Form<GroupFields> form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 17 }} disabled={readOnly} validateTrigger="onBlur">
          <Row gutter={8}>
            <Col span={6}>
              <Form.Item name="name" label={t('templateGroup.name')} rules={[required(t('templateGroup.nameRequired')), maxLen(200)]}>
                <Input data-field="name" />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="type" label={t('templateGroup.type')} rules={[{ required: true, message: t('templateGroup.typeRequired') }]}>
                <DictSelect type="gen_template_type" allowClear={false} data-field="type" />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="sort" label={t('templateGroup.sort')} rules={sortRules(10)}>
                <InputNumber step={10} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="remarks" label={t('templateGroup.remarks')} rules={[maxLen(200)]}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <Tabs
          activeKey={type === '2' ? tab : 'main'}
          onChange={(k) => setTab(k as 'main' | 'appendix')}
          items={[
            { key: 'main', label: t('templateGroup.main'), children: panes('main') },
            ...(type === '2' ? [{ key: 'appendix', label: t('templateGroup.appendix'), children: panes('appendix') }] : []),
          ]}
        />
      </Spin>
      <Modal
        open={!!rename}
        title={t('templateGroup.rename')}
        width={480}
        maskClosable={false}
        destroyOnHidden
        onCancel={() => setRename(null)}
        onOk={() =>
          void renameForm.validateFields().then((v) => {
            if (rename) setName(rename.key, { name: v.name.trim(), sort: v.sort });
            setRename(null);
          })
        }
        okText={t('common.confirm')}
        cancelText={t('common.close')}
      >
        <Form form={renameForm} layout="vertical" validateTrigger="onBlur">
          <Form.Item name="name" label={t('templateGroup.fileName')} rules={[required(t('templateGroup.fileNameRequired')), maxLen(200)]}>
            <Input data-field="file-name" />
          </Form.Item>
          <Form.Item name="sort" label={t('common.sort')} rules={sortRules()}>
            <InputNumber step={10} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </Modal>
  );
}
