import type { ReactNode } from 'react';
import { Popconfirm, Space, Typography } from 'antd';
import { usePermission } from '../core/hooks';

export interface RowAction {
  key: string;
  label: ReactNode;
  onClick: () => void;
  /** Hidden without this permission string. */
  permission?: string;
  danger?: boolean;
  /** Ask before running (text of the confirmation). */
  confirm?: ReactNode;
  hidden?: boolean;
}

/** The links of a row's action column, each guarded by its permission. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  const can = usePermission();
  const shown = actions.filter((a) => !a.hidden && can(a.permission));
  return (
    <Space size={8} wrap className="loom-row-actions">
      {shown.map((a) =>
        a.confirm ? (
          <Popconfirm key={a.key} title={a.confirm} onConfirm={a.onClick}>
            <Typography.Link type={a.danger ? 'danger' : undefined} data-row-action={a.key}>
              {a.label}
            </Typography.Link>
          </Popconfirm>
        ) : (
          <Typography.Link key={a.key} type={a.danger ? 'danger' : undefined} onClick={a.onClick} data-row-action={a.key}>
            {a.label}
          </Typography.Link>
        ),
      )}
    </Space>
  );
}
