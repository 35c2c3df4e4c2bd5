/**
 * What a flow condition reads, and whether a gateway's conditions can all be false at once.
 * JUEL as the engine speaks it: `${days > 3}`, `${days gt 3}`, `${approved}`, `${!approved}`.
 */

const KEYWORDS = new Set([
  'and', 'or', 'not', 'eq', 'ne', 'lt', 'gt', 'le', 'ge', 'div', 'mod', 'empty', 'true', 'false', 'null', 'instanceof',
]);

/** Root variable names an expression reads (`${a.b > c}` -> a, c), in order, without repeats. */
export function variablesOf(expression: string): string[] {
  const found: string[] = [];
  const bodies = expression.match(/[$#]\{[\s\S]*?\}/g) ?? [];
  for (const body of bodies) {
    const text = body.slice(2, -1).replace(/'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"/g, ' ');
    const re = /[A-Za-z_][A-Za-z0-9_]*/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) {
      const before = text.slice(0, m.index).trimEnd();
      if (before.endsWith('.') || KEYWORDS.has(m[0]) || /\d$/.test(before)) continue;
      if (!found.includes(m[0])) found.push(m[0]);
    }
  }
  return found;
}

type Op = '<' | '<=' | '>' | '>=' | '==' | '!=';
const WORD_OPS: Record<string, Op> = { lt: '<', le: '<=', gt: '>', ge: '>=', eq: '==', ne: '!=' };
const FLIP: Record<Op, Op> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==', '!=': '!=' };

interface Test {
  variable: string;
  holds: (x: number) => boolean;
  points: number[];
}

function comparison(expression: string): Test | null {
  const body = /^\s*\$\{\s*([\s\S]*?)\s*\}\s*$/.exec(expression)?.[1];
  if (!body) return null;
  const op = '(<=|>=|==|!=|<|>|\\blt\\b|\\ble\\b|\\bgt\\b|\\bge\\b|\\beq\\b|\\bne\\b)';
  const num = '(-?\\d+(?:\\.\\d+)?)';
  const name = '([A-Za-z_][A-Za-z0-9_]*)';
  let m = new RegExp(`^${name}\\s*${op}\\s*${num}$`).exec(body);
  let variable: string, raw: string, n: number;
  if (m) {
    variable = m[1] ?? '';
    raw = m[2] ?? '';
    n = Number(m[3]);
  } else {
    m = new RegExp(`^${num}\\s*${op}\\s*${name}$`).exec(body);
    if (!m) return null;
    variable = m[3] ?? '';
    raw = FLIP[(WORD_OPS[m[2] ?? ''] ?? m[2]) as Op];
    n = Number(m[1]);
  }
  const o = (WORD_OPS[raw] ?? raw) as Op;
  const holds = (x: number): boolean =>
    o === '<' ? x < n : o === '<=' ? x <= n : o === '>' ? x > n : o === '>=' ? x >= n : o === '==' ? x === n : x !== n;
  return { variable, holds, points: [n] };
}

function booleanTest(expression: string): { variable: string; value: boolean } | null {
  const body = /^\s*\$\{\s*([\s\S]*?)\s*\}\s*$/.exec(expression)?.[1]?.trim();
  if (!body) return null;
  let m = /^(!|not\s+)?\s*([A-Za-z_][A-Za-z0-9_]*)$/.exec(body);
  if (m) return { variable: m[2] ?? '', value: !m[1] };
  m = /^([A-Za-z_][A-Za-z0-9_]*)\s*(==|!=|eq|ne)\s*(true|false)$/.exec(body);
  if (!m) return null;
  const positive = (m[2] === '==' || m[2] === 'eq') === (m[3] === 'true');
  return { variable: m[1] ?? '', value: positive };
}

/**
 * False only when the conditions are provably never all false together: one of them is `${true}`,
 * they compare one variable with numbers and cover every number, or they test one flag both ways.
 */
export function mayAllBeFalse(conditions: string[]): boolean {
  if (!conditions.length) return true;
  if (conditions.some((c) => /^\s*\$\{\s*true\s*\}\s*$/.test(c))) return false;
  const bools = conditions.map(booleanTest);
  if (bools.every((b) => b !== null)) {
    const one = new Set(bools.map((b) => b!.variable));
    const values = new Set(bools.map((b) => b!.value));
    if (one.size === 1 && values.size === 2) return false;
  }
  const tests = conditions.map(comparison);
  if (tests.some((t) => t === null)) return true;
  const all = tests as Test[];
  if (new Set(all.map((t) => t.variable)).size !== 1) return true;
  const points = [...new Set(all.flatMap((t) => t.points))].sort((a, b) => a - b);
  const probes = [points[0]! - 1, points[points.length - 1]! + 1, ...points];
  for (let i = 0; i + 1 < points.length; i += 1) probes.push((points[i]! + points[i + 1]!) / 2);
  return probes.some((x) => !all.some((t) => t.holds(x)));
}
