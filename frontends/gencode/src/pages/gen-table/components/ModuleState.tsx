import { useState } from 'react';
import { Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { http, type ModulePublic, type ModuleTestLog } from '@loom/ui';

const COLORS: Record<string, string> = { generated: 'default', testing: 'processing', live: 'success', failed: 'error', unpublished: 'default' };

/** The modules of these tables at the app host (`GET /apps/module/list`), by table id (none when the host does not answer). */
export async function modulesOf(tableIds: string[]): Promise<Record<string, ModulePublic>> {
  if (!tableIds.length) return {};
  const found = await http.get<ModulePublic[]>('/apps/module/list', { tableIds: tableIds.join(',') }, { silent: true }).catch(() => []);
  return Object.fromEntries((Array.isArray(found) ? found : []).map((m) => [m.tableId, m]));
}

/** The state tag; a click shows the latest version's test log. */
export function ModuleState({ module }: { module?: ModulePublic }) {
  const { t } = useTranslation('gencode');
  const [log, setLog] = useState<string | null>(null);
  if (!module) return <span data-module-state="none">-</span>;
  const open = async () => {
    const answer = await http.get<ModuleTestLog>('/apps/module/log', { name: module.name });
    setLog(answer.log || t('module.noLog'));
  };
  return (
    <>
      <Tag color={COLORS[module.state]} data-module-state={module.state} style={{ cursor: 'pointer' }} onClick={() => void open()} title={t('module.showLog')}>
        {t(`module.${module.state}`)}
        {module.state === 'failed' && module.liveVersion ? ` (${t('module.previousServes')})` : ''}
      </Tag>
      <Modal open={log !== null} title={`${module.name} · ${t('module.log')}`} width={900} footer={null} onCancel={() => setLog(null)} className="loom-module-log">
        <Typography.Paragraph>
          <pre style={{ maxHeight: 500, overflow: 'auto', fontSize: 12 }}>{log}</pre>
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
