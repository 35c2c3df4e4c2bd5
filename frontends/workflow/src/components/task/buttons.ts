import type { TaskButton } from '../../api/types';

/** The system preset button codes (seed 001 §5.1); each has its own action on the task screen. */
export const SYSTEM_CODES = [
  '_flow_save',
  '_flow_agree',
  '_flow_reject',
  '_flow_back',
  '_flow_add_multi_instance',
  '_flow_del_multi_instance',
  '_flow_transfer',
  '_flow_delegate',
  '_flow_stop',
  '_flow_print',
] as const;

export type SystemCode = (typeof SYSTEM_CODES)[number];

export function isSystemCode(code: string): code is SystemCode {
  return (SYSTEM_CODES as readonly string[]).includes(code);
}

/** A node without configured buttons still lets its handler agree. */
export const DEFAULT_BUTTONS: TaskButton[] = [{ id: '', code: '_flow_agree', name: '同意', sort: 10, isHide: '0', next: '0' }];

/** The buttons the task screen shows: not hidden, in their sort order (ties keep their order). */
export function visibleButtons(list: TaskButton[] | null | undefined): TaskButton[] {
  const shown = (list ?? []).filter((b) => b.isHide !== '1' && b.code);
  const source = shown.length ? shown : DEFAULT_BUTTONS;
  return source
    .map((b, i) => ({ b, i }))
    .sort((x, y) => Number(x.b.sort ?? 0) - Number(y.b.sort ?? 0) || x.i - y.i)
    .map(({ b }) => b);
}

/** True for a custom (non-system) button code. */
export function isCustomCode(code: string): boolean {
  return !code.startsWith('_flow_');
}

/**
 * The process variables a completion writes: the clicked custom button's code true and every
 * other custom code of the node false (seed 001 §5.1), so conditions like `${reapply}` choose
 * the path; agree sets every custom code false.
 */
export function customButtonVars(all: TaskButton[], clicked: string): Record<string, boolean> {
  const vars: Record<string, boolean> = {};
  for (const b of all) if (isCustomCode(b.code)) vars[b.code] = false;
  if (isCustomCode(clicked)) vars[clicked] = true;
  return vars;
}

/** What a completing button (agree or custom) sends: its variables and its comment type/status. */
export function completionOf(all: TaskButton[], button: TaskButton): { vars: Record<string, boolean>; type: string; status: string } {
  return {
    vars: customButtonVars(all, button.code),
    type: isCustomCode(button.code) ? button.code : '_flow_agree',
    status: button.name || '同意',
  };
}

/** Buttons that need a comment before they run (the handler says why). */
export function needsComment(code: string): boolean {
  return code === '_flow_reject' || code === '_flow_back' || code === '_flow_stop';
}
