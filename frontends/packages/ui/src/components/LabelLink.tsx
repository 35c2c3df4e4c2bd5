import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { usePermission } from '../core/hooks';
import { labelLinkMode } from './rules';

export interface LabelLinkProps {
  children: ReactNode;
  /** Permission that allows editing (e.g. `sys:user:edit`). */
  editPermission?: string;
  /** Permission that allows viewing (e.g. `sys:user:view`). */
  viewPermission?: string;
  onEdit?: () => void;
  onView?: () => void;
}

/** The list's name link: edit if the user may edit, else view if the user may view, else plain text. */
export function LabelLink({ children, editPermission, viewPermission, onEdit, onView }: LabelLinkProps) {
  const can = usePermission();
  const mode = labelLinkMode(!!onEdit && !!editPermission && can(editPermission), !!onView && !!viewPermission && can(viewPermission));
  if (mode === 'text') return <span>{children}</span>;
  return (
    <Typography.Link data-link-mode={mode} onClick={() => (mode === 'edit' ? onEdit?.() : onView?.())}>
      {children}
    </Typography.Link>
  );
}
