import { useCallback, useEffect, useState } from 'react';
import { Card, Col, Empty, Input, Row, Spin, Tag, Tooltip, Typography } from 'antd';
import { CopyOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DictTag, http, useFeedback, useFormDialog, usePageActivated, usePermission, type PageProps } from '@loom/ui';
import { TemplateDialog } from './TemplateDialog';
import type { TemplateGroup } from './templates';

const P = { view: 'gencode:templateGroup:view', add: 'gencode:templateGroup:add', edit: 'gencode:templateGroup:edit', del: 'gencode:templateGroup:del' };

/** 模板管理 (`/gen/template/TemplateList`): template groups as a card grid with a plus card. */
export default function TemplateGroupList(_props: PageProps) {
  const { t } = useTranslation('gencode');
  const { message, modal } = useFeedback();
  const can = usePermission();
  const dlg = useFormDialog();
  const [groups, setGroups] = useState<TemplateGroup[] | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(() => {
    http
      .get<TemplateGroup[]>('/gencode/templateGroup/list', { name })
      .then((d) => setGroups(Array.isArray(d) ? d : []))
      .catch(() => setGroups([]));
  }, [name]);
  useEffect(load, [load]);
  usePageActivated(load);

  const copy = (g: TemplateGroup) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('templateGroup.confirmCopy'),
      onOk: async () => {
        setBusy(t('templateGroup.copying'));
        try {
          const msg = await http.put<string>('/gencode/templateGroup/copy', { id: g.id ?? '' }, { loading: true });
          if (msg) void message.success(msg);
          load();
        } finally {
          setBusy(null);
        }
      },
    });

  const remove = (g: TemplateGroup) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('templateGroup.confirmDelete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        const msg = await http.delete<string>('/gencode/templateGroup/delete', { ids: g.id ?? '' }, { loading: true }).catch(() => null);
        if (msg) void message.success(msg);
        load();
      },
    });

  const open = (g: TemplateGroup) => dlg.show(can(P.edit) ? 'edit' : 'view', g.id);

  return (
    <div className="loom-gencode-templateGroup">
      <Spin spinning={!!busy} tip={busy ?? undefined}>
        <Input.Search allowClear placeholder={t('templateGroup.name')} onSearch={(v) => setName(v)} style={{ maxWidth: 320, marginBottom: 16 }} />
        {groups === null ? (
          <Spin />
        ) : (
          <Row gutter={[16, 16]}>
            {can(P.add) ? (
              <Col xs={24} sm={12} md={8} xl={6}>
                <Card
                  hoverable
                  className="loom-template-add-card"
                  data-action="add-group"
                  onClick={() => dlg.show('add')}
                  style={{ height: '100%', minHeight: 170, display: 'flex', alignItems: 'center', justifyContent: 'center', borderStyle: 'dashed' }}
                >
                  <div style={{ textAlign: 'center', color: '#888' }}>
                    <PlusOutlined style={{ fontSize: 32 }} />
                    <div style={{ marginTop: 8 }}>{t('templateGroup.addGroup')}</div>
                  </div>
                </Card>
              </Col>
            ) : null}
            {groups.map((g) => (
              <Col key={g.id} xs={24} sm={12} md={8} xl={6}>
                <Card
                  className="loom-template-card"
                  data-group={g.name}
                  style={{ minHeight: 170 }}
                  title={
                    <Typography.Link onClick={() => open(g)} style={{ fontWeight: 600 }}>
                      {g.name}
                    </Typography.Link>
                  }
                  extra={g.isSystem === '1' ? <Tag color="gold">{t('templateGroup.system')}</Tag> : null}
                  actions={[
                    can(P.edit) ? (
                      <Tooltip title={t('common.edit')} key="edit">
                        <EditOutlined onClick={() => dlg.show('edit', g.id)} data-action="edit-group" />
                      </Tooltip>
                    ) : (
                      <Tooltip title={t('common.view')} key="view">
                        <EyeOutlined onClick={() => dlg.show('view', g.id)} data-action="view-group" />
                      </Tooltip>
                    ),
                    ...(can(P.add)
                      ? [
                          <Tooltip title={t('common.copy')} key="copy">
                            <CopyOutlined onClick={() => copy(g)} data-action="copy-group" />
                          </Tooltip>,
                        ]
                      : []),
                    ...(can(P.del)
                      ? [
                          <Tooltip title={t('common.delete')} key="delete">
                            <DeleteOutlined onClick={() => remove(g)} data-action="delete-group" style={{ color: '#ff4d4f' }} />
                          </Tooltip>,
                        ]
                      : []),
                  ]}
                >
                  <div style={{ marginBottom: 8 }}>
                    <DictTag type="gen_template_type" value={g.type} />
                    <Typography.Text type="secondary">{t('templateGroup.files', { n: (g.templateObjDTOList ?? []).length })}</Typography.Text>
                  </div>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                    {g.remarks || '\u00a0'}
                  </Typography.Paragraph>
                </Card>
              </Col>
            ))}
            {groups.length === 0 && !can(P.add) ? <Empty /> : null}
          </Row>
        )}
      </Spin>
      <TemplateDialog open={dlg.open} mode={dlg.mode} id={dlg.id} onClose={dlg.close} onSaved={load} />
    </div>
  );
}
