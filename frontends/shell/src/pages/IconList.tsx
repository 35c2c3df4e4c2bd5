import { App, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { IconCatalogue } from '@loom/ui/icons';
import { copyText } from '@loom/ui/core';

/**
 * The icon catalogue (`/gen/icon/IconList`): antd and Font Awesome tabs. Clicking an icon copies
 * its class name: '复制成功!', or '复制失败!' when the clipboard refuses (shown in the same
 * success style, as the product does).
 */
export default function IconList() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  return (
    <Card title={t('iconTitle')} className="loom-icon-list">
      <IconCatalogue
        onPick={(name) => {
          void copyText(name).then((ok) => {
            void message.success({ content: ok ? t('copySuccess') : t('copyFail'), className: ok ? 'loom-copy-ok' : 'loom-copy-failed' });
          });
        }}
      />
    </Card>
  );
}
