import { useTranslation } from 'react-i18next';
import { NamedIds } from '@loom/ui';

const INITIATOR_OFFICE: Record<string, 'initiatorCompany' | 'initiatorDepart'> = {
  '${applyUserCompanyId}': 'initiatorCompany',
  '${applyUserOfficeId}': 'initiatorDepart',
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
      return INITIATOR_OFFICE[value] ? <span>{t(`panel.${INITIATOR_OFFICE[value]}`)}</span> : <NamedIds kind="office" ids={value} />;
    default:
      return <span>{value}</span>;
  }
}
