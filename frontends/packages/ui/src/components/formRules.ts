import type { Rule } from 'antd/es/form';
import { tUi } from '../core/i18n';

/** Seed 000 §9: sort 0 to 99999 step 10 (template groups: minimum 10). */
export const SORT_MAX = 99999;

/** Is `v` an integer in [min, 99999]? (the seed's integer check) */
export function sortInRange(v: unknown, min = 0): boolean {
  if (v === undefined || v === null || v === '') return false;
  const n = Number(v);
  return Number.isInteger(n) && n >= min && n <= SORT_MAX;
}

/** Rules of a sort field: '排序不能为空', then an integer between `min` and 99999. */
export function sortRules(min = 0): Rule[] {
  return [
    { required: true, message: tUi('sortRequired') },
    {
      validator: (_r, v) => (v === undefined || v === null || v === '' || sortInRange(v, min) ? Promise.resolve() : Promise.reject(new Error(tUi('sortRange', { min })))),
    },
  ];
}

/** A required text field with the seed's own message (blank text counts as empty). */
export function required(message: string): Rule {
  return { required: true, whitespace: true, message };
}

/** At most `max` characters: '长度不能超过{max}'. */
export function maxLen(max: number): Rule {
  return { max, message: tUi('maxLength', { max }) };
}
