/**
 * ISO-8601 checks for timer events, as the engine reads them: timeDate an instant, timeDuration a
 * duration (`PT2H`, `P1DT12H`), timeCycle `R[n]/[start/]duration`. An expression (`${...}`) is
 * only known at run time and is accepted.
 */

const DURATION = /^-?P(?!$)(\d+(?:[.,]\d+)?Y)?(\d+(?:[.,]\d+)?M)?(\d+(?:[.,]\d+)?W)?(\d+(?:[.,]\d+)?D)?(T(?=\d)(\d+(?:[.,]\d+)?H)?(\d+(?:[.,]\d+)?M)?(\d+(?:[.,]\d+)?S)?)?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const REPEAT = /^R(\d*)$/;

export type TimerKind = 'timeDate' | 'timeDuration' | 'timeCycle';

export function isExpression(text: string): boolean {
  return /^\s*[$#]\{.*\}\s*$/s.test(text);
}

export function isDuration(text: string): boolean {
  return DURATION.test(text.trim());
}

export function isDateTime(text: string): boolean {
  const t = text.trim();
  if (!DATE_TIME.test(t)) return false;
  const [y, m, d] = t.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCMonth() === m - 1 && day.getUTCDate() === d && (t.length === 10 || isTime(t.slice(11, 19)));
}

function isTime(hms: string): boolean {
  const [h = 0, min = 0, s = 0] = hms.split(':').map(Number);
  return h < 24 && min < 60 && s < 60;
}

export function isCycle(text: string): boolean {
  const parts = text.trim().split('/');
  if (parts.length < 2 || parts.length > 3 || !REPEAT.test(parts[0] ?? '')) return false;
  const rest = parts.slice(1);
  if (rest.length === 1) return isDuration(rest[0] ?? '');
  const [a = '', b = ''] = rest;
  return (isDateTime(a) && isDuration(b)) || (isDuration(a) && isDateTime(b));
}

/** True when `text` is a valid value of a timer of `kind` (or an expression). */
export function validTimer(kind: TimerKind, text: string): boolean {
  if (!text.trim()) return false;
  if (isExpression(text)) return true;
  if (kind === 'timeDate') return isDateTime(text);
  if (kind === 'timeDuration') return isDuration(text);
  return isCycle(text);
}
