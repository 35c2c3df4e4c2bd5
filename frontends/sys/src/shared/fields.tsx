/** A required field of the sys forms: '{field}不能为空'. */
export function requiredRule(t: (k: string, o?: Record<string, unknown>) => string, field: string) {
  return { required: true, message: t('common.required', { field }) };
}
