import { useEffect, useState } from 'react';
import { Alert, Empty, Layout, Menu, Modal, Radio, Tag } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LazyCodeEditor, languageOf } from '@loom/ui/editor';
import type { FileStatus, RenderedFile, Resolution } from '../../../api/types';

/** A file as generating would leave it (`previewCode`), and what generating does to one already on
 * disk (the server's three-way merge with hand edits). */
export type { FileStatus, RenderedFile } from '../../../api/types';
/** The side kept for a file whose hand edits overlap the regenerated code. */
export type { Resolution } from '../../../api/types';

const STATUS_COLOR: Record<FileStatus, string> = { new: 'blue', unchanged: 'default', generated: 'cyan', merged: 'green', conflict: 'red' };

/** The files still waiting for a side to be chosen. */
export function openConflicts(files: RenderedFile[], resolutions: Record<string, Resolution>): RenderedFile[] {
  return files.filter((f) => f.status === 'conflict' && !resolutions[f.path]);
}

/**
 * The rendered files of a scheme in a read-only code viewer (file list left, Monaco right). Each file
 * says what generating does to it; a conflicting one shows both sides and, when `onResolve` is given,
 * asks which side to keep.
 */
export function CodePreview({
  files,
  onClose,
  title,
  resolutions = {},
  onResolve,
}: {
  files: RenderedFile[] | null;
  onClose: () => void;
  title?: string;
  resolutions?: Record<string, Resolution>;
  onResolve?: (path: string, side: Resolution) => void;
}) {
  const { t } = useTranslation('gencode');
  const [active, setActive] = useState<string>('');
  useEffect(() => {
    setActive((files ?? []).find((f) => f.status === 'conflict')?.path ?? files?.[0]?.path ?? '');
  }, [files]);
  const file = files?.find((f) => f.path === active);
  const conflicts = files?.filter((f) => f.status === 'conflict').length ?? 0;
  return (
    <Modal open={!!files} title={title ?? t('gen.previewTitle')} width="90vw" style={{ top: 24 }} footer={null} onCancel={onClose} maskClosable={false} destroyOnHidden className="loom-code-preview">
      {files && files.length === 0 ? (
        <Empty />
      ) : (
        <>
          {conflicts > 0 ? <Alert type="warning" showIcon style={{ marginBottom: 8 }} message={t('gen.conflicts', { count: conflicts })} data-role="conflicts" /> : null}
          <Layout style={{ background: 'transparent', height: '75vh' }}>
            <Layout.Sider width={380} theme="light" style={{ overflow: 'auto', borderRight: '1px solid #f0f0f0' }}>
              <Menu
                mode="inline"
                selectedKeys={[active]}
                onClick={({ key }) => setActive(String(key))}
                items={(files ?? []).map((f) => ({
                  key: f.path,
                  icon: <FileTextOutlined />,
                  label: (
                    <span data-file={f.path} data-status={f.status} title={f.path}>
                      {f.status ? <Tag color={STATUS_COLOR[f.status]}>{t(`gen.status.${f.status}`)}</Tag> : null}
                      {f.path}
                    </span>
                  ),
                }))}
              />
            </Layout.Sider>
            <Layout.Content style={{ paddingLeft: 12 }}>
              {file?.status === 'conflict' && onResolve ? (
                <Radio.Group
                  style={{ marginBottom: 8 }}
                  value={resolutions[file.path]}
                  onChange={(e) => onResolve(file.path, e.target.value as Resolution)}
                  data-role="resolution"
                  options={[
                    { value: 'mine', label: t('gen.keepMine') },
                    { value: 'generated', label: t('gen.takeGenerated') },
                  ]}
                />
              ) : null}
              {file ? <LazyCodeEditor key={file.path} path={`preview/${file.path}`} value={file.content} language={languageOf(file.path)} height={file.status === 'conflict' ? '68vh' : '74vh'} readOnly /> : null}
            </Layout.Content>
          </Layout>
        </>
      )}
    </Modal>
  );
}
