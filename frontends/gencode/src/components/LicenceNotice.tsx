import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown instead of the table list when the server answers code 700 or 710 (licence not valid). */
export function LicenceNotice({ code, msg, serial, onRetry }: { code: number; msg?: string; serial?: string; onRetry?: () => void }) {
  const { t } = useTranslation('gencode');
  return (
    <Result
      status="warning"
      className="loom-licence-notice"
      data-code={code}
      title={msg || t('table.licence')}
      subTitle={
        serial ? (
          <Typography.Paragraph copyable={{ text: serial }} style={{ marginBottom: 0 }}>
            {t('table.licenceSerial', { serial })}
          </Typography.Paragraph>
        ) : null
      }
      extra={onRetry ? <Button onClick={onRetry}>{t('common.confirm')}</Button> : null}
    />
  );
}
