import { useEffect, useState } from 'react';
import { Empty, Layout, Menu, Modal } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LazyCodeEditor, languageOf } from '@loom/ui/editor';

export interface RenderedFile {
  path: string;
  content: string;
}

/** The rendered files of a scheme in a read-only code viewer (file list left, Monaco right). */
export function CodePreview({ files, onClose, title }: { files: RenderedFile[] | null; onClose: () => void; title?: string }) {
  const { t } = useTranslation('gencode');
  const [active, setActive] = useState<string>('');
  useEffect(() => {
    setActive(files?.[0]?.path ?? '');
  }, [files]);
  const file = files?.find((f) => f.path === active);
  return (
    <Modal open={!!files} title={title ?? t('gen.previewTitle')} width="90vw" style={{ top: 24 }} footer={null} onCancel={onClose} maskClosable={false} destroyOnHidden className="loom-code-preview">
      {files && files.length === 0 ? (
        <Empty />
      ) : (
        <Layout style={{ background: 'transparent', height: '75vh' }}>
          <Layout.Sider width={340} theme="light" style={{ overflow: 'auto', borderRight: '1px solid #f0f0f0' }}>
            <Menu
              mode="inline"
              selectedKeys={[active]}
              onClick={({ key }) => setActive(String(key))}
              items={(files ?? []).map((f) => ({ key: f.path, icon: <FileTextOutlined />, label: <span data-file={f.path} title={f.path}>{f.path}</span> }))}
            />
          </Layout.Sider>
          <Layout.Content style={{ paddingLeft: 12 }}>
            {file ? <LazyCodeEditor key={file.path} path={`preview/${file.path}`} value={file.content} language={languageOf(file.path)} height="74vh" readOnly /> : null}
          </Layout.Content>
        </Layout>
      )}
    </Modal>
  );
}
