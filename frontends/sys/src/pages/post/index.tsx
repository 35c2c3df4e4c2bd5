import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage, DictOrInput, RemarksItem, SortItem, YesNo, type PageProps } from '@loom/ui';
import { postService } from './service';
import type { Post } from './types';
import { requiredRule } from '../../shared/fields';

const P = { view: 'sys:post:view', add: 'sys:post:add', edit: 'sys:post:edit', del: 'sys:post:del' };

/** 岗位管理 (`/sys/post/PostList`). */
export default function PostList(_props: PageProps) {
  const { t } = useTranslation('sys');
  return (
    <CrudPage<Post>
      entity={t('post.entity')}
      resource={postService}
      permissions={P}
      rowActions={{ width: 160, items: () => ['view', 'edit'] }}
      columns={[
        { title: t('post.name'), dataIndex: 'name', query: true, sorter: true, link: true },
        { title: t('post.code'), dataIndex: 'code', query: true, sorter: true },
        { title: t('post.type'), dataIndex: 'type', dictType: 'sys_post_type' },
        { title: t('common.status'), dataIndex: 'status', dictType: 'yes_no' },
        { title: t('common.sort'), dataIndex: 'sort', sorter: true },
        { title: t('common.remarks'), dataIndex: 'remarks', ellipsis: true },
      ]}
      dialog={{ width: 640, initialValues: { sort: 30, status: '1' } }}
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
      <SortItem label={t('common.sort')} rules={[requiredRule(t, t('common.sort'))]} clamp />
      <RemarksItem label={t('common.remarks')} />
    </CrudPage>
  );
}
