import type { Rule } from 'antd/es/form';

type T = (key: string, opts?: Record<string, unknown>) => string;

/** Seed §9: sort 0 to 99999 step 10 (template groups: minimum 10). */
export const SORT_MAX = 99999;

/** Is `v` an integer in [min, 99999]? (the seed's integer check) */
export function sortInRange(v: unknown, min = 0): boolean {
  if (v === undefined || v === null || v === '') return false;
  const n = Number(v);
  return Number.isInteger(n) && n >= min && n <= SORT_MAX;
}

/** Rules of a sort field: '排序不能为空', then an integer between `min` and 99999. */
export function sortRules(t: T, min = 0): Rule[] {
  return [
    { required: true, message: t('common.sortRequired') },
    {
      validator: (_r, v) => (v === undefined || v === null || v === '' || sortInRange(v, min) ? Promise.resolve() : Promise.reject(new Error(t('common.sortRange', { min })))),
    },
  ];
}

export function required(message: string): Rule {
  return { required: true, whitespace: true, message };
}

export function maxLen(t: T, max: number): Rule {
  return { max, message: t('common.maxLength', { max }) };
}
