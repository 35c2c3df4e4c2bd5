import { useRef, useState } from 'react';
import { Col, Empty, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, inReadersLanguage, LabelLink, ListPage, useFormDialog, type ListPageHandle, type PageProps } from '@loom/ui';
import { dictService } from './service';
import type { DictType } from './types';
import { DictValuePanel } from './components/DictValuePanel';
import { requiredRule } from '../../shared/fields';

const P = { view: 'sys:dict:view', add: 'sys:dict:add', edit: 'sys:dict:edit', del: 'sys:dict:del' };

/** 字典管理 (`/sys/dict/DictTypeList`): dictionary types on the left, the values of the chosen type on the right. */
export default function DictList(_props: PageProps) {
  const { t } = useTranslation('sys');
  const list = useRef<ListPageHandle<DictType>>(null);
  const dlg = useFormDialog();
  const [current, setCurrent] = useState<DictType | null>(null);
  return (
    <Row gutter={12}>
      <Col xs={24} xl={13}>
        <ListPage<DictType>
          actionRef={list}
          url={dictService.typeListUrl}
          exportName={t('dict.entity')}
          permissions={P}
          onAdd={() => dlg.show('add')}
          onEdit={(r) => dlg.show('edit', r.id)}
          deleteRequest={dictService.deleteTypes}
          onDeleted={(rows) => setCurrent((c) => (c && rows.some((r) => r.id === c.id) ? null : c))}
          tableProps={{
            onRow: (r) => ({ onClick: () => setCurrent(r), style: { cursor: 'pointer', background: current?.id === r.id ? '#e6f4ff' : undefined } }),
          }}
          rowActions={{
            width: 170,
            items: (r) => [
              { key: 'values', label: t('dict.values'), permission: P.view, onClick: () => setCurrent(r) },
              'edit',
              'delete',
            ],
          }}
          columns={[
            {
              title: t('dict.type'),
              dataIndex: 'type',
              query: true,
              sorter: true,
              render: (_d, r) => (
                <LabelLink editPermission={P.edit} viewPermission={P.view} onEdit={() => dlg.show('edit', r.id)} onView={() => dlg.show('view', r.id)}>
                  {r.type}
                </LabelLink>
              ),
            },
            {
              title: t('dict.description'),
              dataIndex: 'description',
              query: true,
              sorter: true,
              // in en-US its English description when it has one (the search finds either)
              render: (_d, r) => <span data-description={r.type}>{inReadersLanguage(r.description, r.descriptionEn)}</span>,
            },
          ]}
        />
      </Col>
      <Col xs={24} xl={11}>
        {current ? (
          <DictValuePanel dictType={current} />
        ) : (
          <div style={{ background: '#fff', borderRadius: 6, padding: 48 }}>
            <Empty description={t('dict.pickType')} />
          </div>
        )}
      </Col>
      <FormDialog<DictType>
        open={dlg.open}
        mode={dlg.mode}
        name={t('dict.entity')}
        width={600}
        load={() => dictService.queryById(dlg.id ?? '')}
        onSubmit={(v) => dictService.save(v)}
        onSaved={() => list.current?.reload()}
        onClose={dlg.close}
      >
        <Form.Item name="type" label={t('dict.type')} rules={[requiredRule(t, t('dict.type')), { max: 100 }, { pattern: /^[A-Za-z0-9_]+$/, message: 'a-z A-Z 0-9 _' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="description" label={t('dict.description')} rules={[{ max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="descriptionEn" label={t('dict.descriptionEn')} rules={[{ max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="remarks" label={t('common.remarks')}>
          <Input.TextArea rows={2} maxLength={255} />
        </Form.Item>
      </FormDialog>
    </Row>
  );
}
