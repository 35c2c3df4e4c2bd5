import type { ReactNode } from 'react';
import { Form, Input, type FormItemProps } from 'antd';
import { SortInput } from './fields';

export interface RemarksItemProps {
  /** The field's label, in the page's words (备注信息, 备注). */
  label: ReactNode;
  rows?: number;
  /** Longest text (default 255, the column's length); `null` for none. */
  maxLength?: number | null;
}

/** The remarks field of an edit dialog: a text area named `remarks`. */
export function RemarksItem({ label, rows = 3, maxLength = 255 }: RemarksItemProps) {
  return (
    <Form.Item name="remarks" label={label}>
      <Input.TextArea rows={rows} maxLength={maxLength ?? undefined} />
    </Form.Item>
  );
}

export interface SortItemProps {
  /** The field's label, in the page's words (排序). */
  label: ReactNode;
  rules?: FormItemProps['rules'];
  /** Clamp typed values into 0..99999 (see SortInput). */
  clamp?: boolean;
}

/** The sort field of an edit dialog: a SortInput named `sort`. */
export function SortItem({ label, rules, clamp }: SortItemProps) {
  return (
    <Form.Item name="sort" label={label} rules={rules}>
      <SortInput clamp={clamp} />
    </Form.Item>
  );
}
