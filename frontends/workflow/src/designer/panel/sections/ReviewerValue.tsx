import { useTranslation } from 'react-i18next';
import { NamedIds } from '@loom/ui';

/** The value of a company or department rule that means the initiator's own. */
export const INITIATOR_OFFICE = { company: '${applyUserCompanyId}', depart: '${applyUserOfficeId}' } as const;
const INITIATOR_LABEL: Record<string, 'initiatorCompany' | 'initiatorDepart'> = {
  [INITIATOR_OFFICE.company]: 'initiatorCompany',
  [INITIATOR_OFFICE.depart]: 'initiatorDepart',
};

/**
 * What a reviewer rule's value means to a reader: the names of the users, roles, posts or offices
 * it holds (it stores their ids), the initiator's company or department, else the value as written
 * (an expression, a SQL reviewer's key).
 */
export function ReviewerValue({ type, value }: { type: string; value: string }) {
  const { t } = useTranslation('designer');
  if (!value) return null;
  switch (type) {
    case 'user':
    case 'role':
    case 'post':
      return <NamedIds kind={type} ids={value} />;
    case 'company':
    case 'depart':
      return INITIATOR_LABEL[value] ? <span>{t(`panel.${INITIATOR_LABEL[value]}`)}</span> : <NamedIds kind="office" ids={value} />;
    default:
      return <span>{value}</span>;
  }
}
