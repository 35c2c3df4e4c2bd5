/**
 * The product panel's rules (seed 001 §3.1, §4.3, §5.1) as pure functions, so they are tested
 * without a diagram: condition rows ↔ expression, countersign percentage ↔ completion condition,
 * reviewer rows kept on confirm, button code rules, form type from a form key, listener fields.
 */

// ---------------------------------------------------------------- conditions
export type Compare = '<' | '>' | '<=' | '=' | '>=';
export const COMPARES: Compare[] = ['<', '>', '<=', '=', '>='];

export interface ConditionRow {
  id?: string;
  field: string;
  compare: Compare;
  value: string;
  logic: 'and' | 'or';
  sort: number;
}

/** A new condition row: compare '<', logic and, sort 1 (seed §3.1). */
export function newConditionRow(): ConditionRow {
  return { field: '', compare: '<', value: '', logic: 'and', sort: 1 };
}

function literal(value: string): string {
  const v = value.trim();
  if (/^-?\d+(\.\d+)?$/.test(v) || v === 'true' || v === 'false') return v;
  if (/^'.*'$/.test(v) || /^".*"$/.test(v)) return v;
  return `'${v.replace(/'/g, "\\'")}'`;
}

function term(r: ConditionRow): string {
  return `${r.field.trim()}${r.compare === '=' ? '==' : r.compare}${literal(r.value)}`;
}

/**
 * Rows → `${…}` with the product's own and/or mapping (seed §5.1): 'and' rows joined with ||,
 * 'or' rows with &&; with both groups '(or-group)&&and-group'. Rows without a field are skipped.
 */
export function rowsToExpression(rows: ConditionRow[]): string {
  const usable = [...rows].filter((r) => r.field.trim()).sort((a, b) => a.sort - b.sort);
  if (!usable.length) return '';
  const and = usable.filter((r) => r.logic !== 'or').map(term).join('||');
  const or = usable.filter((r) => r.logic === 'or').map(term).join('&&');
  if (and && or) return '${(' + or + ')&&' + and + '}';
  return '${' + (and || or) + '}';
}

function parseTerm(text: string, logic: 'and' | 'or', sort: number): ConditionRow | null {
  const m = /^\s*([\w.]+)\s*(<=|>=|==|<|>|=)\s*(.+?)\s*$/.exec(text);
  if (!m) return null;
  const compare = (m[2] === '==' ? '=' : m[2]) as Compare;
  let value = m[3] as string;
  if (/^'.*'$/.test(value)) value = value.slice(1, -1).replace(/\\'/g, "'");
  return { field: m[1] as string, compare, value, logic, sort };
}

/** `${…}` written by `rowsToExpression` → its rows; null when the expression is not of that form. */
export function expressionToRows(expression: string): ConditionRow[] | null {
  const m = /^\s*\$\{([\s\S]*)\}\s*$/.exec(expression);
  if (!m) return null;
  const inner = (m[1] as string).trim();
  const both = /^\(([^()]*)\)&&(.*)$/.exec(inner);
  const groups: Array<[string, 'and' | 'or', string]> = both
    ? [[both[1] as string, 'or', '&&'], [both[2] as string, 'and', '||']]
    : inner.includes('&&')
      ? [[inner, 'or', '&&']]
      : [[inner, 'and', '||']];
  const rows: ConditionRow[] = [];
  for (const [text, logic, sep] of groups) {
    for (const part of text.split(sep)) {
      const row = parseTerm(part, logic, rows.length + 1);
      if (!row) return null;
      rows.push(row);
    }
  }
  return rows;
}

// ---------------------------------------------------------------- countersign
export type MultiInstanceKind = 'None' | 'Parallel' | 'Sequential';
/** The collection a countersign node iterates (seed §4.3). */
export const HANDLER_COLLECTION = '${multiInstanceHandler.getList(execution)}';

/** Percentage 1–100 → the completion condition (completed over total compared to the fraction). */
export function percentToCondition(percent: number): string {
  const p = Math.min(100, Math.max(1, Math.round(Number(percent) || 100)));
  return '${nrOfCompletedInstances/nrOfInstances>=' + String(p / 100) + '}';
}

/** 或签: the first approval completes the node. */
export const ANY_ONE_CONDITION = '${nrOfCompletedInstances>=1}';

/** The approval modes of the product panel: 会签 (all, or a pass ratio), 或签 (any one), 依次审批 (one after another). */
export type ApprovalMode = 'countersign' | 'anyOne' | 'inTurn';

/** The mode a multi-instance loop reads as. */
export function approvalMode(kind: MultiInstanceKind, condition: string | undefined | null): ApprovalMode | undefined {
  if (kind === 'None') return undefined;
  if (kind === 'Sequential') return 'inTurn';
  return /^\$\{\s*nrOfCompletedInstances\s*>=?\s*1\s*\}$/.test((condition ?? '').trim()) ? 'anyOne' : 'countersign';
}

/** The loop kind and completion condition of a mode (``percent`` for 会签). */
export function modeToLoop(mode: ApprovalMode, percent: number): { kind: MultiInstanceKind; condition: string } {
  if (mode === 'anyOne') return { kind: 'Parallel', condition: ANY_ONE_CONDITION };
  if (mode === 'inTurn') return { kind: 'Sequential', condition: percentToCondition(100) };
  return { kind: 'Parallel', condition: percentToCondition(percent) };
}

/** A completion condition → its percentage (100 when absent or of another form). */
export function conditionToPercent(condition: string | undefined | null): number {
  const m = /nrOfCompletedInstances\s*\/\s*nrOfInstances\s*>=?\s*([\d.]+)/.exec(condition ?? '');
  if (!m) return 100;
  const p = Math.round(Number(m[1]) * 100);
  return Number.isFinite(p) ? Math.min(100, Math.max(1, p)) : 100;
}

// ---------------------------------------------------------------- reviewers
export type ReviewerType =
  | 'user' | 'post' | 'company' | 'depart' | 'role' | 'applyUserId' | 'previousExecutor' | 'currentUserId'
  | 'applyUserDeptManager' | 'previousExecutorDeptManager' | 'sql' | 'custom';
export const REVIEWER_TYPES: ReviewerType[] = [
  'user', 'post', 'company', 'depart', 'role', 'applyUserId', 'previousExecutor', 'currentUserId',
  'applyUserDeptManager', 'previousExecutorDeptManager', 'sql', 'custom',
];
/** Types that need no value: the initiator, the previous executor, the current user, and the managers
 * of the initiator's and the previous executor's departments (sys's office manager). */
export const VALUELESS_TYPES: ReviewerType[] = ['applyUserId', 'previousExecutor', 'currentUserId', 'applyUserDeptManager', 'previousExecutorDeptManager'];

export interface ReviewerRow {
  id?: string;
  type: ReviewerType | '';
  value: string;
  condition: string;
  operationType: string;
  sort: number;
}

/** A new reviewer row: condition '0', operationType '0', sort ten times the row count (step 10). */
export function newReviewerRow(rows: ReviewerRow[]): ReviewerRow {
  return { type: '', value: '', condition: '0', operationType: '0', sort: (rows.length + 1) * 10 };
}

/** On confirm: keep rows with both type and value, or of a valueless type; sorted ascending by sort. */
export function keptReviewers(rows: ReviewerRow[]): ReviewerRow[] {
  return rows
    .filter((r) => (r.type && r.value.trim()) || VALUELESS_TYPES.includes(r.type as ReviewerType))
    .sort((a, b) => a.sort - b.sort);
}

// ---------------------------------------------------------------- buttons
export const SYSTEM_CODES = [
  '_flow_save', '_flow_agree', '_flow_reject', '_flow_back', '_flow_add_multi_instance', '_flow_del_multi_instance',
  '_flow_transfer', '_flow_delegate', '_flow_stop', '_flow_print',
];

export interface ButtonRow {
  id?: string;
  name: string;
  code: string;
  isHide: '0' | '1';
  next: string;
  sort: number;
}

/**
 * The add/edit button dialog's code rule (seed §5.1): required; when adding, never a system
 * preset; a custom code never starts with _flow_ and is unique among the node's buttons.
 * Answers the message key to show, or null.
 */
export function buttonCodeError(code: string, opts: { adding: boolean; otherCodes: string[] }): 'codeRequired' | 'systemCode' | 'codeTaken' | null {
  const c = code.trim();
  if (!c) return 'codeRequired';
  if (opts.adding && (SYSTEM_CODES.includes(c) || c.startsWith('_flow_'))) return 'systemCode';
  if (!SYSTEM_CODES.includes(c) && c.startsWith('_flow_')) return 'systemCode';
  if (opts.otherCodes.includes(c)) return 'codeTaken';
  return null;
}

/** Common buttons picked into a node are reset to shown, next '0'; rows re-sorted. */
export function pickButtons(current: ButtonRow[], picked: Array<{ name: string; code: string; sort: number }>): ButtonRow[] {
  const codes = new Set(current.map((b) => b.code));
  const added = picked.filter((p) => !codes.has(p.code)).map((p) => ({ name: p.name, code: p.code, sort: Number(p.sort) || 0, isHide: '0' as const, next: '0' }));
  return sortButtons([...current, ...added]);
}

export function sortButtons(rows: ButtonRow[]): ButtonRow[] {
  return [...rows].sort((a, b) => a.sort - b.sort);
}

// ---------------------------------------------------------------- forms
/** Form type when the element has none: '2' (external) when the key contains '/', else '1' (dynamic). */
export function formTypeOf(formType: string | undefined | null, formKey: string | undefined | null): '1' | '2' {
  if (formType === '1' || formType === '2') return formType;
  return (formKey ?? '').includes('/') ? '2' : '1';
}

/** The local-storage key remembering an element's form key per type (seed §4.3). */
export function formMemoryKey(elementId: string, formType: '1' | '2'): string {
  return `${elementId}${formType === '1' ? 'dyFormKey' : 'outFormKey'}`;
}

// ---------------------------------------------------------------- listeners
export type ListenerImpl = 'JavaClass' | 'Expression' | 'DelegateExpression';
export interface ListenerEntry {
  event: string;
  type: ListenerImpl;
  class?: string;
  expression?: string;
  delegateExpression?: string;
  fields?: Array<{ name: string; type: 'string' | 'expression'; value: string }>;
}
const IMPL_FIELD: Record<ListenerImpl, 'class' | 'expression' | 'delegateExpression'> = {
  JavaClass: 'class',
  Expression: 'expression',
  DelegateExpression: 'delegateExpression',
};

/** On save only the value of the chosen type stays; the two others are cleared (seed §3.1). */
export function cleanListener(entry: ListenerEntry): ListenerEntry {
  const keep = IMPL_FIELD[entry.type];
  const out: ListenerEntry = { event: entry.event, type: entry.type, fields: entry.fields };
  out[keep] = entry[keep] ?? '';
  return out;
}

/** The type of a listener element from the attribute it carries. */
export function listenerTypeOf(el: { class?: string; expression?: string; delegateExpression?: string }): ListenerImpl {
  if (el.class) return 'JavaClass';
  if (el.delegateExpression) return 'DelegateExpression';
  return 'Expression';
}

/** The validation message key of a listener entry (§5.1), or null. */
export function listenerError(entry: ListenerEntry): 'classRequired' | 'expressionRequired' | 'delegateRequired' | null {
  const v = (entry[IMPL_FIELD[entry.type]] ?? '').trim();
  if (v) return null;
  return entry.type === 'JavaClass' ? 'classRequired' : entry.type === 'Expression' ? 'expressionRequired' : 'delegateRequired';
}

/** Common listener valueType ('1' class, '2' expression, '3' delegate expression) → the element's type. */
export function listenerImplOfValueType(valueType: string): ListenerImpl {
  return valueType === '1' ? 'JavaClass' : valueType === '3' ? 'DelegateExpression' : 'Expression';
}
