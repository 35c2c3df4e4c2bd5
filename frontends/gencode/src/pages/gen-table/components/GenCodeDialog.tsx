import { useState } from 'react';
import { Button, Form, Input, List, Modal, Select, Space, Typography } from 'antd';
import { DownloadOutlined, EyeOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FileTreePicker, FormDialog, useFeedback, type FormDialogProps } from '@loom/ui';
import { tableService, type Scheme } from '../service';
import type { GenTableRow } from '../types';
import { CodePreview, openConflicts, type RenderedFile, type Resolution } from './CodePreview';

/** Seed §9: the code-generation success message stays 20 seconds. */
export const GEN_SUCCESS_SECONDS = 20;

/** The scheme's paths, each typed or picked from the workspace's folders. */
const PATH_FIELDS = ['projectPath', 'frontProjectPath'] as const;
/** The scheme's text fields after the template group, in the form's order, and whether each is required. */
const TEXT_FIELDS = [
  ['packageName', true],
  ['moduleName', true],
  ['subModuleName', false],
  ['functionName', true],
  ['functionNameSimple', true],
  ['functionAuthor', true],
] as const;

function PathInput({ id, value, onChange, onBlur, onPick, field }: { id?: string; value?: string; onChange?: (v: string) => void; onBlur?: () => void; onPick: () => void; field: string }) {
  const { t } = useTranslation('gencode');
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input id={id} value={value} onChange={(e) => onChange?.(e.target.value)} onBlur={onBlur} data-field={field} />
      <Button icon={<FolderOpenOutlined />} onClick={onPick} data-action={`pick-${field}`}>
        {t('gen.pickPath')}
      </Button>
    </Space.Compact>
  );
}

/**
 * Generate code for a design: paths (folder picker over the workspace), template group, package,
 * module, function names, author; preview the files in a code viewer, download a zip, or write
 * them (success shown 20 s, then the written files are listed).
 */
export function GenCodeDialog({ row, onClose, onGenerated }: { row: GenTableRow | null; onClose: () => void; onGenerated?: (row: GenTableRow) => void }) {
  const { t } = useTranslation('gencode');
  const { message } = useFeedback();
  const [form] = Form.useForm<Scheme>();
  const [groups, setGroups] = useState<Array<{ id: string; name: string }>>([]);
  const [picking, setPicking] = useState<(typeof PATH_FIELDS)[number] | null>(null);
  const [preview, setPreview] = useState<RenderedFile[] | null>(null);
  // the side kept for each file whose hand edits overlap the regenerated code (asked in the preview)
  const [resolutions, setResolutions] = useState<Record<string, Resolution>>({});
  const [written, setWritten] = useState<{ msg: string; files: string[] } | null>(null);
  const req = { required: true, whitespace: true, message: t('common.required') };
  const max = { max: 200, message: t('common.maxLength', { max: 200 }) };
  const scheme = (): Scheme => ({ ...(form.getFieldsValue(true) as Scheme), table: { id: row?.id ?? '' } });
  const validated = async (): Promise<Scheme | null> => {
    try {
      await form.validateFields();
      return scheme();
    } catch {
      return null;
    }
  };
  const load: FormDialogProps<Scheme>['load'] = async () => {
    const d = await tableService.queryGenCodeForm(row?.id ?? '');
    setGroups(d.templateGroupList ?? []);
    return d.scheme;
  };
  return (
    <>
      <FormDialog<Scheme>
        open={!!row}
        mode="edit"
        form={form}
        title={`${t('gen.title')} - ${row?.name ?? ''}`}
        width={820}
        continueAdding={false}
        load={load}
        onSubmit={async () => {
          const s = scheme();
          // hand edits that overlap the regenerated code: show them and ask before anything is written
          const planned = await tableService.previewCode(s);
          const open = openConflicts(planned, resolutions);
          if (open.length) {
            setPreview(planned);
            void message.warning(t('gen.resolveFirst', { count: open.length }));
            throw new Error('conflicts');
          }
          const msg = await tableService.genCode({ ...s, resolutions });
          setResolutions({});
          if (row) onGenerated?.(row);
          void message.success({ content: msg, duration: GEN_SUCCESS_SECONDS, className: 'loom-gen-success' });
          const files = await tableService.previewCode(s).catch(() => [] as RenderedFile[]);
          setWritten({ msg, files: files.map((f) => f.path) });
        }}
        onClose={onClose}
        formProps={{ labelCol: { span: 6 }, wrapperCol: { span: 16 } }}
      >
        {PATH_FIELDS.map((name) => (
          <Form.Item key={name} name={name} label={t(`gen.${name}`)} rules={[req, max]}>
            <PathInput field={name} onPick={() => setPicking(name)} />
          </Form.Item>
        ))}
        <Form.Item name="category" label={t('gen.category')} rules={[{ required: true, message: t('common.required') }]}>
          <Select options={groups.map((g) => ({ value: g.id, label: g.name }))} data-field="category" />
        </Form.Item>
        {TEXT_FIELDS.map(([name, required]) => (
          <Form.Item key={name} name={name} label={t(`gen.${name}`)} rules={required ? [req, max] : [max]}>
            <Input data-field={name} />
          </Form.Item>
        ))}
        <Form.Item label=" " colon={false}>
          <Space>
            <Button
              icon={<EyeOutlined />}
              data-action="preview-code"
              onClick={async () => {
                const s = await validated();
                if (s) setPreview(await tableService.previewCode(s).catch(() => null));
              }}
            >
              {t('gen.preview')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              data-action="download-code"
              onClick={async () => {
                const s = await validated();
                if (s) await tableService.downloadCode(s, row?.name ?? 'code').catch(() => undefined);
              }}
            >
              {t('gen.download')}
            </Button>
          </Space>
        </Form.Item>
      </FormDialog>
      <FileTreePicker
        open={!!picking}
        title={t('gen.pathPickerTitle')}
        load={(parent) => tableService.getFileTree(parent)}
        onCancel={() => setPicking(null)}
        onOk={(node) => {
          if (picking) form.setFieldValue(picking, String(node.relative || node.id));
          setPicking(null);
        }}
      />
      <CodePreview files={preview} onClose={() => setPreview(null)} resolutions={resolutions} onResolve={(path, side) => setResolutions((r) => ({ ...r, [path]: side }))} />
      <Modal open={!!written} title={t('gen.title')} width={760} footer={null} onCancel={() => setWritten(null)} className="loom-gen-result">
        <Typography.Paragraph type="success">{written?.msg}</Typography.Paragraph>
        <List size="small" bordered dataSource={written?.files ?? []} renderItem={(f) => <List.Item data-file={f}>{f}</List.Item>} style={{ maxHeight: 420, overflow: 'auto' }} />
      </Modal>
    </>
  );
}
