import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '@loom/ui/core';

export function Home() {
  const { t } = useTranslation('shell');
  const s = useSession();
  return (
    <Card className="loom-home">
      <Typography.Title level={3}>{t('welcome')}</Typography.Title>
      <Typography.Paragraph>{s.user?.name ? `${s.user.name}，` : ''}{t('welcomeText')}</Typography.Paragraph>
    </Card>
  );
}
