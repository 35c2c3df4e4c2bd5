import { useCallback, useEffect, useState } from 'react';
import { App, Button, List, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '@loom/ui';
import '../../locales/work';
import { workService, type Incident } from './service';

const RETRY = 'flowable:instance:retry';

/** The incidents of every instance (jobs out of retries), by instance, for the monitor's list. */
export function useIncidents(reloadKey: unknown) {
  const [byInstance, setByInstance] = useState<Map<string, Incident[]>>(new Map());
  const load = useCallback(() => {
    void workService.incidents().then(
      (r) => {
        const map = new Map<string, Incident[]>();
        for (const i of r.data) map.set(i.processInstanceId, [...(map.get(i.processInstanceId) ?? []), i]);
        setByInstance(map);
      },
      () => setByInstance(new Map()),
    );
  }, []);
  useEffect(load, [load, reloadKey]);
  return { byInstance, reload: load };
}

/** A red tag counting an instance's incidents. */
export function IncidentTag({ incidents }: { incidents: Incident[] | undefined }) {
  const { t } = useTranslation('work');
  if (!incidents?.length) return null;
  return (
    <Tag color="red" data-incidents={incidents.length}>
      {t('incident.count', { n: incidents.length })}
    </Tag>
  );
}

/** An instance's incidents with their error, each retried on its own. */
export function IncidentDialog({ incidents, onClose, onRetried }: { incidents: Incident[]; onClose: () => void; onRetried: () => void }) {
  const { t } = useTranslation('work');
  const { message } = App.useApp();
  return (
    <Modal open width={760} title={t('incident.title')} onCancel={onClose} footer={null} className="loom-incidents">
      <List
        dataSource={incidents}
        renderItem={(i) => (
          <List.Item
            actions={[
              <Permission key="retry" value={RETRY}>
                <Button size="small" type="primary" data-action="retry-incident" onClick={() => void workService.retryIncident(i.id).then((m) => { void message.success(m); onRetried(); })}>
                  {t('incident.retry')}
                </Button>
              </Permission>,
            ]}
          >
            <List.Item.Meta
              title={
                <>
                  <Tag color="red">{t(`incident.type.${i.type}`)}</Tag>
                  {i.activityName || i.activityId}
                  {i.topicName ? <Tag style={{ marginLeft: 8 }}>{i.topicName}</Tag> : null}
                </>
              }
              description={<Typography.Text type="danger" className="loom-incident-message">{i.message}</Typography.Text>}
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}
