import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictOrInput, RemarksItem, SortItem, TreePage, type PageProps } from '@loom/ui';
import { areaService } from './service';
import type { Area } from './types';
import { requiredRule } from '../../shared/fields';

const P = { view: 'sys:area:view', add: 'sys:area:add', edit: 'sys:area:edit', del: 'sys:area:del' };

/** 区域管理 (`/sys/area/AreaList`): the area tree. */
export default function AreaList(_props: PageProps) {
  const { t } = useTranslation('sys');
  return (
    <TreePage<Area>
      entity={t('area.entity')}
      resource={areaService}
      permissions={P}
      rowActions={{ width: 200, items: (_r, addChild) => ['view', 'edit', addChild] }}
      columns={[
        { title: t('area.name'), dataIndex: 'name', link: true },
        { title: t('area.code'), dataIndex: 'code' },
        { title: t('area.type'), dataIndex: 'type', dictType: 'sys_area_type' },
        { title: t('common.sort'), dataIndex: 'sort' },
        { title: t('common.remarks'), dataIndex: 'remarks', ellipsis: true },
      ]}
      parent={{ label: t('area.parent'), url: '/sys/area/treeData' }}
      dialog={{ width: 640, initialValues: { sort: 30 } }}
    >
      <Form.Item name="name" label={t('area.name')} rules={[requiredRule(t, t('area.name')), { max: 100 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="code" label={t('area.code')} rules={[{ max: 100 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="type" label={t('area.type')}>
        <DictOrInput type="sys_area_type" />
      </Form.Item>
      <SortItem label={t('common.sort')} rules={[requiredRule(t, t('common.sort'))]} clamp />
      <RemarksItem label={t('common.remarks')} />
    </TreePage>
  );
}
