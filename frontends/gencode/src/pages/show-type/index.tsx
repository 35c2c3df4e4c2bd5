import { useTranslation } from 'react-i18next';
import type { PageProps } from '@loom/ui';
import { RefTypeList } from '../../shared/RefTypeList';

/** 控件类型 (`/gen/GenShowTypeList`). */
export default function ShowTypeList(_props: PageProps) {
  const { t } = useTranslation('gencode');
  return <RefTypeList resource="showType" entity={t('showType.entity')} withComponent />;
}
