import { Button, Upload } from 'antd';
import { DownloadOutlined, ExportOutlined, ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission, http, useFeedback, type QueryObject } from '@loom/ui';
import type { ImportResult } from '../../../api/types';

/** 导入 (XLSX, all or nothing: the server names each bad row and column), 下载模板 and 导出 (the
 * list's filter — the search form's fields and the chosen office — or the selected rows) of the user list. */
export function UserTransfer({ filter, selectedIds, onImported }: { filter: () => QueryObject; selectedIds: string[]; onImported: () => void }) {
  const { t } = useTranslation('sys');
  const { message } = useFeedback();
  return (
    <>
      <Permission value="sys:user:import">
        <Upload
          accept=".xlsx"
          showUploadList={false}
          customRequest={({ file, onSuccess, onError }) => {
            const body = new FormData();
            body.append('file', file as File);
            http
              .post<ImportResult>('/sys/user/import', body)
              .then((answer) => {
                onSuccess?.(answer);
                if (answer.success) {
                  void message.success(answer.msg);
                  onImported();
                } else {
                  void message.error({ content: <span dangerouslySetInnerHTML={{ __html: answer.msg }} />, duration: 8 });
                }
              })
              .catch((e: Error) => onError?.(e));
          }}
        >
          <Button icon={<ImportOutlined />} style={{ marginLeft: 8 }} data-action="import">
            {t('transfer.import')}
          </Button>
        </Upload>
        <Button icon={<DownloadOutlined />} style={{ marginLeft: 8 }} onClick={() => void http.download('/sys/user/import/template')} data-action="template">
          {t('transfer.template')}
        </Button>
      </Permission>
      <Permission value="sys:user:export">
        <Button
          icon={<ExportOutlined />}
          style={{ marginLeft: 8 }}
          onClick={() => void http.download('/sys/user/export', { ...filter(), ids: selectedIds.join(',') })}
          data-action="export-xlsx"
        >
          {t('transfer.export')}
        </Button>
      </Permission>
    </>
  );
}
