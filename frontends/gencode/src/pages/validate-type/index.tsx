import { useTranslation } from 'react-i18next';
import type { PageProps } from '@loom/ui';
import { RefTypeList } from '../../shared/RefTypeList';

/** 校验类型 (`/gen/GenValidateTypeList`). */
export default function ValidateTypeList(_props: PageProps) {
  const { t } = useTranslation('gencode');
  return <RefTypeList resource="validateType" entity={t('validateType.entity')} expandable />;
}
