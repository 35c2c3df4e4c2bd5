import { useEffect, useState } from 'react';
import { Button, Checkbox, InputNumber, Input, Modal, Select } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LoomTreeSelect, NestedRowsEditor, PickerField } from '@loom/ui';
import { extensions, plain, services, setExtensions } from '../../model/access';
import { keptReviewers, newReviewerRow, REVIEWER_TYPES, type ReviewerRow, type ReviewerType } from '../rules';
import type { SectionProps } from '../types';
import { INITIATOR_OFFICE, ReviewerValue } from './ReviewerValue';
import { ApprovalPolicy } from './ApprovalPolicy';

const KEYS: Array<keyof ReviewerRow & string> = ['id', 'type', 'value', 'condition', 'operationType', 'sort'];

export function readReviewers(bo: SectionProps['element']['businessObject']): ReviewerRow[] {
  return extensions(bo, 'flowable:Assignee')
    .map((a) => ({ ...plain<ReviewerRow>(a, KEYS), sort: Number(a.get('sort')) || 0 }))
    .sort((a, b) => a.sort - b.sort);
}

function ValueEditor({ row, onChange }: { row: ReviewerRow; onChange: (v: string) => void }) {
  const { t } = useTranslation('designer');
  switch (row.type) {
    case 'user':
    case 'role':
    case 'post':
      return <PickerField kind={row.type} asString value={row.value} onChange={(v) => onChange(String(v))} />;
    case 'company':
    case 'depart': {
      const own = INITIATOR_OFFICE[row.type];
      return (
        <div style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
          <Checkbox checked={row.value === own} onChange={(e) => onChange(e.target.checked ? own : '')} data-field="reviewer-initiator-office">
            {row.type === 'company' ? t('panel.initiatorCompany') : t('panel.initiatorDepart')}
          </Checkbox>
          {row.value === own ? null : (
            <LoomTreeSelect
          url="/sys/office/treeData"
              params={row.type === 'company' ? { type: '1' } : {}}
              value={row.value || null}
              onChange={(v) => onChange(v ?? '')}
          style={{ flex: 1 }}
            />
          )}
        </div>
      );
    }
    case 'applyUserDeptManager':
    case 'previousExecutorDeptManager':
      return <span className="loom-reviewer-hint" data-field="reviewer-dept-manager">{t('panel.deptManagerHint')}</span>;
    case 'sql':
    case 'custom':
      return <Input.TextArea rows={1} value={row.value} onChange={(e) => onChange(e.target.value)} data-field="reviewer-value" />;
    default:
      return <span>-</span>;
  }
}

/** Reviewers (seed 001 §2.2, §4.3): the node's assignee rows, edited in the 1000px assign-people dialog. */
export function ReviewerSection({ modeler, element, version }: SectionProps) {
  const { t } = useTranslation('designer');
  const bo = element.businessObject;
  const [rows, setRows] = useState<ReviewerRow[]>(() => readReviewers(bo));
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ReviewerRow[]>([]);
  useEffect(() => setRows(readReviewers(bo)), [bo, version]);
  const typeLabel = (type: string) => (type ? t(`panel.types.${type}`) : '');

  const confirm = () => {
    const kept = keptReviewers(draft);
    const s = services(modeler);
    setExtensions(s, element, ['flowable:Assignee'], kept.map((r) => s.moddle.create('flowable:Assignee', { ...r, id: r.id || undefined, sort: String(r.sort) })));
    setOpen(false);
  };

  return (
    <div className="loom-reviewers">
      <NestedRowsEditor<ReviewerRow>
        inTable
        disabled
        value={rows}
        bordered={false}
        columns={[
          { title: t('panel.userType'), dataIndex: 'type', render: (v: string) => typeLabel(v) },
          { title: t('panel.source'), dataIndex: 'value', ellipsis: true, render: (v: string, r) => <ReviewerValue type={r.type} value={v} /> },
        ]}
      />
      <Button block icon={<TeamOutlined />} style={{ marginTop: 8 }} onClick={() => { setDraft(rows.map((r) => ({ ...r }))); setOpen(true); }} data-action="assign-people">
        {t('panel.assign')}
      </Button>
      {element.businessObject.$type === 'bpmn:UserTask' ? <ApprovalPolicy modeler={modeler} element={element} version={version} /> : null}
      <Modal open={open} width={1000} title={t('panel.assign')} maskClosable={false} onCancel={() => setOpen(false)} onOk={confirm} okText={t('common.confirm')} cancelText={t('common.close')} destroyOnHidden className="loom-assign-dialog">
        <NestedRowsEditor<ReviewerRow>
          inTable
          value={draft}
          onChange={setDraft}
          deletedFlag={null}
          bordered={false}
          scroll={{ y: 450 }}
          newRow={newReviewerRow}
          add={{ label: t('panel.addRow'), action: 'reviewer-add', primary: true, small: false }}
          rowColumn={{ title: t('panel.del'), width: 70, small: true }}
          columns={(patch) => [
            {
              title: t('panel.userType'), dataIndex: 'type', width: 180,
              render: (v: string, r) => (
                <Select<ReviewerType> value={(v || undefined) as ReviewerType | undefined} style={{ width: '100%' }} data-field="reviewer-type" className="loom-reviewer-type"
                  // every type in view at once: with the default 8 rows, sql and 自定义 (seed 001) sat below the fold
                  listHeight={REVIEWER_TYPES.length * 32 + 8}
                  options={REVIEWER_TYPES.map((x) => ({ value: x, label: t(`panel.types.${x}`) }))}
                  onChange={(x) => patch(r, { type: x, value: '' })} />
              ),
            },
            { title: t('panel.value'), dataIndex: 'value', render: (_v, r) => <ValueEditor row={r} onChange={(value) => patch(r, { value })} /> },
            { title: t('panel.sort'), dataIndex: 'sort', width: 110, render: (v: number, r) => <InputNumber min={0} step={10} value={v} onChange={(x) => patch(r, { sort: Number(x) || 0 })} /> },
          ]}
        />
      </Modal>
    </div>
  );
}
