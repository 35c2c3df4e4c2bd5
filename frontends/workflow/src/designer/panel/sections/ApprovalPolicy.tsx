import { Checkbox, Form, Input, Select } from 'antd';
import { PickerField } from '@loom/ui';
import { useTranslation } from 'react-i18next';
import { services } from '../../model/access';
import type { SectionProps } from '../types';

type EmptyApprover = '' | 'skip' | 'admin';
const AUTO = ['initiator', 'approved'] as const;
const DUE_ACTIONS = ['remind', 'approve', 'reject', 'transfer'] as const;

/**
 * A user task's approver policy (issue 27), stored as flowable attributes and saved as the node
 * settings of the same names: who gets the task when its reviewers name nobody (default: the
 * operation stops with an error; skip; the administrator), automatic approval when the approver is
 * the initiator or already approved, whether a resubmission after this node's 退回 comes
 * straight back here, and the deadline (an ISO duration, optionally in working days) with what
 * happens when it passes.
 */
export function ApprovalPolicy({ modeler, element }: SectionProps) {
  const { t } = useTranslation('designer');
  const bo = element.businessObject;
  const set = (props: Record<string, string | undefined>) => services(modeler).modeling.updateProperties(element, props);
  const empty = (bo.get('flowable:emptyApprover') ?? '') as EmptyApprover;
  const auto = String(bo.get('flowable:autoApprove') ?? '').split(',').filter(Boolean);
  return (
    <Form layout="vertical" size="small" className="loom-approval-policy" style={{ marginTop: 12 }}>
      <Form.Item label={t('panel.emptyApprover')}>
        <Select<EmptyApprover>
          value={empty}
          onChange={(v) => set({ 'flowable:emptyApprover': v || undefined })}
          options={[
            { value: '', label: t('panel.emptyError') },
            { value: 'skip', label: t('panel.emptySkip') },
            { value: 'admin', label: t('panel.emptyAdmin') },
          ]}
          data-field="empty-approver"
        />
      </Form.Item>
      <Form.Item label={t('panel.autoApprove')}>
        <Checkbox.Group
          value={auto}
          onChange={(v) => set({ 'flowable:autoApprove': AUTO.filter((a) => v.includes(a)).join(',') || undefined })}
          options={AUTO.map((a) => ({ value: a, label: t(`panel.auto.${a}`) }))}
          data-field="auto-approve"
        />
      </Form.Item>
      <Form.Item label={t('panel.dueDuration')} tooltip={t('panel.dueDurationTip')}>
        <Input
          defaultValue={bo.get('flowable:dueDuration') ?? ''}
          key={`due-${bo.id}-${bo.get('flowable:dueDuration') ?? ''}`}
          placeholder="PT4H / P2D"
          onBlur={(e) => set({ 'flowable:dueDuration': e.target.value.trim().toUpperCase() || undefined })}
          data-field="due-duration"
        />
      </Form.Item>
      {bo.get('flowable:dueDuration') ? (
        <>
          <Checkbox
            checked={bo.get('flowable:dueCalendar') === 'workday'}
            onChange={(e) => set({ 'flowable:dueCalendar': e.target.checked ? 'workday' : undefined })}
            data-field="due-calendar"
          >
            {t('panel.dueWorkdays')}
          </Checkbox>
          <Form.Item label={t('panel.dueAction')} style={{ marginTop: 8 }}>
            <Select<string>
              value={(bo.get('flowable:dueAction') as string | undefined) ?? 'remind'}
              onChange={(v) => set({ 'flowable:dueAction': v === 'remind' ? undefined : v })}
              options={DUE_ACTIONS.map((a) => ({ value: a, label: t(`panel.due.${a}`) }))}
              data-field="due-action"
            />
          </Form.Item>
          {bo.get('flowable:dueAction') === 'transfer' ? (
            <Form.Item label={t('panel.dueTransferTo')}>
              <PickerField kind="user" asString value={(bo.get('flowable:dueTransferTo') as string | undefined) ?? ''} onChange={(v) => set({ 'flowable:dueTransferTo': String(v) || undefined })} />
            </Form.Item>
          ) : null}
        </>
      ) : null}
      <Checkbox
        checked={bo.get('flowable:backReturn') === '1'}
        onChange={(e) => set({ 'flowable:backReturn': e.target.checked ? '1' : undefined })}
        data-field="back-return"
      >
        {t('panel.backReturn')}
      </Checkbox>
    </Form>
  );
}
