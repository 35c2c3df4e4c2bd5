import { Tag } from 'antd';
import type { InstancePublic } from '../../api/types';

const LEVEL: Record<string, string> = { success: 'green', danger: 'red', warning: 'orange', info: 'blue', primary: 'blue' };

/** An instance's state as the server renders it (`status` in the request language, `level` its colour). */
export function InstanceStatus({ row }: { row: Pick<InstancePublic, 'status' | 'level'> }) {
  return (
    <Tag color={LEVEL[row.level ?? 'info'] ?? 'blue'} data-instance-status={row.status}>
      {row.status}
    </Tag>
  );
}
