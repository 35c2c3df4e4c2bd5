import { useEffect, useState } from 'react';
import { TreeSelect } from 'antd';
import { http } from '@loom/ui';
import type { OfficeNode } from '../../../api/types';

interface Option {
  value: string;
  title: string;
  children?: Option[];
}

const toOptions = (nodes: OfficeNode[]): Option[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: n.children?.length ? toOptions(n.children) : undefined }));

/** The offices of a role's custom data scope (按明细设置): each ticked office alone — ticking a
 * department never ticks its parent, and a parent does not bring its children. */
export function OfficesField({ value, onChange, disabled }: { value?: string[]; onChange?: (v: string[]) => void; disabled?: boolean }) {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    void http.get<OfficeNode[]>('/sys/office/treeData', { showAll: '1' }).then((nodes) => setOptions(toOptions(nodes)));
  }, []);
  return (
    <TreeSelect<Array<{ value: string }>>
      treeData={options}
      treeCheckable
      treeCheckStrictly
      treeDefaultExpandAll
      disabled={disabled}
      value={(value ?? []).map((v) => ({ value: v }))}
      onChange={(picked) => onChange?.(picked.map((p) => p.value))}
      style={{ width: '100%' }}
      data-testid="role-offices"
    />
  );
}
