import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Empty, Input, Modal, Space, Spin, Tree, Upload } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { DeleteOutlined, DownloadOutlined, EditOutlined, FolderAddOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission, useFeedback, type PageProps } from '@loom/ui';
import { fileService, type FileNode } from './service';

const P = { add: 'sys:file:add', edit: 'sys:file:edit', del: 'sys:file:del' };

function toTree(nodes: FileNode[]): DataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: n.value,
    isLeaf: n.type !== 'folder',
    children: n.type === 'folder' ? toTree(n.data ?? []) : undefined,
  }));
}

function find(nodes: FileNode[], id: string): FileNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const below = find(n.data ?? [], id);
    if (below) return below;
  }
  return undefined;
}

/** The folder an action goes to: the selected folder, the folder of the selected file, else 我的文档. */
function folderOf(nodes: FileNode[], id: string | undefined): string {
  if (!id) return 'mine';
  const node = find(nodes, id);
  if (node?.type === 'folder') return node.id;
  return id.includes('/') ? id.slice(0, id.lastIndexOf('/')) : 'mine';
}

/** 文件管理 (`/sys/file/index`): the caller's own files (and the shared ones with the permission). */
export default function FileManager(_props: PageProps) {
  const { t } = useTranslation('sys');
  const { message, modal } = useFeedback();
  const [nodes, setNodes] = useState<FileNode[]>([]);
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<string>();
  const [asking, setAsking] = useState<{ kind: 'folder' | 'rename'; value: string } | null>(null);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setNodes(await fileService.list());
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const tree = useMemo(() => toTree(nodes), [nodes]);
  const node = selected ? find(nodes, selected) : undefined;
  const isItem = Boolean(selected && selected.includes('/'));
  const target = folderOf(nodes, selected);

  const answer = async () => {
    if (!asking) return;
    if (asking.kind === 'folder') await fileService.createFolder(asking.value, target);
    else if (selected) await fileService.rename(selected, asking.value);
    setAsking(null);
    await reload();
  };
  const remove = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('common.confirmDelete'),
      onOk: async () => {
        if (selected) await fileService.remove(selected);
        setSelected(undefined);
        await reload();
      },
    });

  return (
    <Card title={t('file.title')}>
      <Space style={{ marginBottom: 16 }} wrap>
        <Permission value={[P.add, P.edit]}>
          <Upload
            showUploadList={false}
            customRequest={({ file, onSuccess, onError }) => {
              fileService
                .upload(file as File, target)
                .then((r) => {
                  onSuccess?.(r);
                  message.success(r.value);
                  void reload();
                })
                .catch((e: Error) => onError?.(e));
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="file-upload">{t('file.upload')}</Button>
          </Upload>
          <Button icon={<FolderAddOutlined />} onClick={() => setAsking({ kind: 'folder', value: '' })} data-testid="file-new-folder">
            {t('file.newFolder')}
          </Button>
          <Button icon={<EditOutlined />} disabled={!isItem} onClick={() => setAsking({ kind: 'rename', value: node?.value ?? '' })}>
            {t('file.rename')}
          </Button>
        </Permission>
        <Button icon={<DownloadOutlined />} disabled={!isItem || node?.type === 'folder'} onClick={() => selected && void fileService.download(selected)}>
          {t('file.download')}
        </Button>
        <Permission value={P.del}>
          <Button danger icon={<DeleteOutlined />} disabled={!isItem} onClick={remove} data-testid="file-delete">
            {t('file.delete')}
          </Button>
        </Permission>
      </Space>
      <Spin spinning={loading}>
        {tree.length ? (
          <Tree.DirectoryTree
            treeData={tree}
            defaultExpandAll
            selectedKeys={selected ? [selected] : []}
            onSelect={(keys) => setSelected(keys[0] === undefined ? undefined : String(keys[0]))}
            data-testid="file-tree"
          />
        ) : (
          !loading && <Empty />
        )}
      </Spin>
      <Modal
        open={asking != null}
        title={asking?.kind === 'folder' ? t('file.newFolder') : t('file.rename')}
        onOk={() => void answer()}
        onCancel={() => setAsking(null)}
        destroyOnClose
      >
        <Input
          autoFocus
          placeholder={asking?.kind === 'folder' ? t('file.folderName') : t('file.newName')}
          value={asking?.value}
          maxLength={200}
          onChange={(e) => asking && setAsking({ ...asking, value: e.target.value })}
          onPressEnter={() => void answer()}
          data-testid="file-name-input"
        />
      </Modal>
    </Card>
  );
}
