import { useTranslation } from 'react-i18next';
import type { PageProps } from '@loom/ui';
import { RefTypeList } from '../../shared/RefTypeList';

/** 查询类型 (`/gen/GenQueryTypeList`). */
export default function QueryTypeList(_props: PageProps) {
  const { t } = useTranslation('gencode');
  return <RefTypeList resource="queryType" entity={t('queryType.entity')} />;
}
