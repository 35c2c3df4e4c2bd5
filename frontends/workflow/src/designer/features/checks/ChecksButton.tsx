import { useEffect, useState } from 'react';
import { Badge, Button, Empty, List, Popover, Space, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type Modeler from 'bpmn-js/lib/Modeler';
import { NS } from './messages';

/** One issue of bpmn-js-bpmnlint's `linting.completed` event. */
export interface CanvasIssue {
  id: string;
  message: string;
  category: string;
  rule: string;
}

interface Bus {
  on: (event: string, fn: (e: { issues: Record<string, CanvasIssue[]> }) => void) => void;
  off: (event: string, fn: (e: { issues: Record<string, CanvasIssue[]> }) => void) => void;
}

/** The issues of the last lint pass, errors first, kept current as the user edits. */
export function useIssues(modeler: Modeler): CanvasIssue[] {
  const [issues, setIssues] = useState<CanvasIssue[]>([]);
  useEffect(() => {
    const bus = modeler.get<Bus>('eventBus');
    const done = (e: { issues: Record<string, CanvasIssue[]> }) => {
      const flat = Object.values(e.issues).flat();
      setIssues(flat.sort((a, b) => Number(b.category === 'error') - Number(a.category === 'error')));
    };
    bus.on('linting.completed', done);
    return () => bus.off('linting.completed', done);
  }, [modeler]);
  return issues;
}

/** Selects an element on the canvas and scrolls it into view. */
export function focusElement(modeler: Modeler, id: string): void {
  const element = modeler.get<{ get: (id: string) => unknown }>('elementRegistry').get(id);
  if (!element) return;
  modeler.get<{ select: (e: unknown) => void }>('selection').select(element);
  modeler.get<{ scrollToElement: (e: unknown) => void }>('canvas').scrollToElement(element);
}

/** The issue list: one row per issue, a click selects its element. */
export function IssueList({ modeler, issues }: { modeler: Modeler; issues: CanvasIssue[] }) {
  const { t } = useTranslation(NS);
  if (!issues.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('panel.none')} />;
  return (
    <List
      size="small"
      className="loom-checks-list"
      style={{ maxHeight: 420, overflow: 'auto', width: 460 }}
      dataSource={issues}
      renderItem={(issue) => (
        <List.Item
          style={{ cursor: 'pointer' }}
          onClick={() => focusElement(modeler, issue.id)}
          data-check-element={issue.id}
          data-check-rule={issue.rule}
          data-check-category={issue.category}
        >
          <Space align="start">
            <Tag color={issue.category === 'error' ? 'error' : 'warning'}>{t(issue.category === 'error' ? 'panel.error' : 'panel.warning')}</Tag>
            <Typography.Text>{issue.message}</Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}

/** The toolbar's checks button: counts on the button, the list in a popover. */
export function ChecksButton({ modeler }: { modeler: Modeler }) {
  const { t } = useTranslation(NS);
  const issues = useIssues(modeler);
  const [open, setOpen] = useState(false);
  const errors = issues.filter((i) => i.category === 'error').length;
  const warnings = issues.length - errors;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomLeft"
      title={`${t('panel.title')} · ${t('panel.errors', { count: errors })} · ${t('panel.warnings', { count: warnings })}`}
      content={<IssueList modeler={modeler} issues={issues} />}
    >
      <Badge count={errors} size="small" offset={[-4, 4]}>
        <Button icon={<SafetyCertificateOutlined />} data-action="checks-toggle" data-errors={errors} data-warnings={warnings}>
          {t('panel.title')}
          {warnings ? <Typography.Text type="warning" style={{ marginLeft: 4 }}>{warnings}</Typography.Text> : null}
        </Button>
      </Badge>
    </Popover>
  );
}
