import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { TreePage, type PageProps } from '@loom/ui';
import '../../locales/designer';
import '../../locales/designer-panel';
import { CATEGORY_P as P, categoryService, type ActCategoryRow } from './service';

/** 流程分类 (`/flowable/extension/ActCategoryList`): the category tree the model and definition lists filter by. */
export default function ActCategoryList(_props: PageProps) {
  const { t } = useTranslation('designer');
  return (
    <TreePage<ActCategoryRow>
      entity={t('category.entity')}
      resource={categoryService}
      permissions={P}
      rowActions={{ width: 220, items: (_r, addChild) => ['edit', addChild, 'delete'] }}
      columns={[
        { title: t('category.name'), dataIndex: 'name', link: true },
        { title: t('category.sort'), dataIndex: 'sort', width: 100 },
        { title: t('category.remarks'), dataIndex: 'remarks', ellipsis: true },
      ]}
      parent={{ label: t('category.parent'), url: '/extension/actCategory/treeData' }}
      dialog={{ width: 600, initialValues: { sort: 30 } }}
    >
      <Form.Item name="name" label={t('category.name')} rules={[{ required: true, whitespace: true, message: t('common.required', { field: t('category.name') }) }, { max: 100 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="sort" label={t('category.sort')}>
        <InputNumber min={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remarks" label={t('category.remarks')}>
        <Input.TextArea rows={3} maxLength={255} />
      </Form.Item>
    </TreePage>
  );
}
