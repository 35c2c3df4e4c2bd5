import { useRef } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictOrInput, FormDialog, LabelLink, ListPage, SortInput, useFormDialog, YesNo, type ListPageHandle, type PageProps } from '@loom/ui';
import { postService } from './service';
import type { Post } from './types';
import { requiredRule } from '../../shared/fields';

const P = { view: 'sys:post:view', add: 'sys:post:add', edit: 'sys:post:edit', del: 'sys:post:del' };

/** 岗位管理 (`/sys/post/PostList`). */
export default function PostList(_props: PageProps) {
  const { t } = useTranslation('sys');
  const list = useRef<ListPageHandle<Post>>(null);
  const dlg = useFormDialog();
  return (
    <>
      <ListPage<Post>
        actionRef={list}
        url={postService.listUrl}
        deleteUrl={postService.deleteUrl}
        exportName={t('post.entity')}
        permissions={P}
        onAdd={() => dlg.show('add')}
        onEdit={(r) => dlg.show('edit', r.id)}
        onView={(r) => dlg.show('view', r.id)}
        rowActions={{ width: 160, items: () => ['view', 'edit'] }}
        columns={[
          {
            title: t('post.name'),
            dataIndex: 'name',
            query: true,
            sorter: true,
            render: (_d, r) => (
              <LabelLink editPermission={P.edit} viewPermission={P.view} onEdit={() => dlg.show('edit', r.id)} onView={() => dlg.show('view', r.id)}>
                {r.name}
              </LabelLink>
            ),
          },
          { title: t('post.code'), dataIndex: 'code', query: true, sorter: true },
          { title: t('post.type'), dataIndex: 'type', dictType: 'sys_post_type' },
          { title: t('common.status'), dataIndex: 'status', dictType: 'yes_no' },
          { title: t('common.sort'), dataIndex: 'sort', sorter: true },
          { title: t('common.remarks'), dataIndex: 'remarks', ellipsis: true },
        ]}
      />
      <FormDialog<Post>
        open={dlg.open}
        mode={dlg.mode}
        name={t('post.entity')}
        width={640}
        initialValues={{ sort: 30, status: '1' }}
        load={() => postService.queryById(dlg.id ?? '')}
        onSubmit={(v) => postService.save(v)}
        onSaved={() => list.current?.reload()}
        onClose={dlg.close}
      >
        <Form.Item name="name" label={t('post.name')} rules={[requiredRule(t, t('post.name')), { max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="code" label={t('post.code')} rules={[requiredRule(t, t('post.code')), { max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="type" label={t('post.type')}>
          <DictOrInput type="sys_post_type" />
        </Form.Item>
        <Form.Item name="status" label={t('common.status')}>
          <YesNo />
        </Form.Item>
        <Form.Item name="sort" label={t('common.sort')} rules={[requiredRule(t, t('common.sort'))]}>
          <SortInput clamp />
        </Form.Item>
        <Form.Item name="remarks" label={t('common.remarks')}>
          <Input.TextArea rows={3} maxLength={255} />
        </Form.Item>
      </FormDialog>
    </>
  );
}
