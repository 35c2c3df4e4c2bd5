/**
 * Cases as the panel edits them and as they travel in a JSON file: every field filled while
 * editing (the generated types' shape), the defaults left out on export so a file reads as what
 * the case checks; an import accepts what `loom-workflow test` reads ({"cases": [...]}) or a bare list.
 */
import type { CaseExpect, CaseStep, ProcessCase } from '../../../api/types';

export const ASSIGNEE = 'assignee';
export const AGREE = '_flow_agree';
export const BACK = '_flow_back';

export function blankStep(node = ''): CaseStep {
  return { node, actor: ASSIGNEE, button: AGREE, values: {}, backTo: '', wait: '' };
}

export function blankExpect(): CaseExpect {
  return { path: null, assignees: {}, variables: {}, end: '', waitingAt: '' };
}

export function blankCase(name: string, initiator: string): ProcessCase {
  return { name, initiator, variables: {}, steps: [], expect: blankExpect() };
}

/** A case with every field present (what the editor binds to). */
export function filled(c: Partial<ProcessCase>): ProcessCase {
  return {
    name: String(c.name ?? ''),
    initiator: String(c.initiator ?? ''),
    variables: { ...(c.variables ?? {}) },
    steps: (c.steps ?? []).map((s) => ({ ...blankStep(), ...s, values: { ...(s.values ?? {}) } })),
    expect: { ...blankExpect(), ...(c.expect ?? {}) },
  };
}

/** What a designer types as a value: a number, true/false, null or JSON as such, anything else as text. */
export function parseValue(text: string): unknown {
  const t = text.trim();
  if (t === '') return '';
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return text;
  }
}

/** A value as the designer typed it back (text as itself, the rest as JSON). */
export function showValue(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function compactStep(s: CaseStep): Partial<CaseStep> {
  if (s.wait) return { wait: s.wait };
  const out: Partial<CaseStep> = { node: s.node };
  if (s.actor && s.actor !== ASSIGNEE) out.actor = s.actor;
  if (s.button && s.button !== AGREE) out.button = s.button;
  if (s.backTo) out.backTo = s.backTo;
  if (s.values && Object.keys(s.values).length) out.values = s.values;
  return out;
}

/** A case without the defaults the service fills in. */
export function compact(c: ProcessCase): Record<string, unknown> {
  const e = c.expect ?? blankExpect();
  const expect: Record<string, unknown> = {};
  if (e.path?.length) expect.path = e.path;
  if (e.assignees && Object.keys(e.assignees).length) expect.assignees = e.assignees;
  if (e.variables && Object.keys(e.variables).length) expect.variables = e.variables;
  if (e.end) expect.end = e.end;
  if (e.waitingAt) expect.waitingAt = e.waitingAt;
  return {
    name: c.name,
    initiator: c.initiator,
    ...(c.variables && Object.keys(c.variables).length ? { variables: c.variables } : {}),
    ...(c.steps?.length ? { steps: c.steps.map(compactStep) } : {}),
    expect,
  };
}

/** The file an export writes (the suite `loom-workflow test <model.bpmn> <cases.json>` reads). */
export function exportSuite(cases: ProcessCase[]): string {
  return JSON.stringify({ cases: cases.map(compact) }, null, 2) + '\n';
}

export class ImportError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

/** The cases of an imported file; an ImportError names what is wrong with it. */
export function parseSuite(text: string): ProcessCase[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ImportError('notSuite');
  }
  const list = Array.isArray(data) ? data : (data as { cases?: unknown } | null)?.cases;
  if (!Array.isArray(list)) throw new ImportError('notSuite');
  return list.map((raw, i) => {
    const c = raw as Partial<ProcessCase> | null;
    if (!c || typeof c !== 'object' || !c.name || !c.initiator) throw new ImportError('caseInvalid', { index: i + 1 });
    return filled(c);
  });
}
