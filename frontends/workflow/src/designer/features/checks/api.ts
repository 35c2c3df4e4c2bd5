/**
 * What the checks feature offers the features that depend on it (dry run, diff, simulation):
 * the diagram reading helpers, the variables a condition reads, the dynamic-form lookup and the
 * shared text namespace. Those features import from here, not from the checks' own files.
 */
export { NS } from './messages';
export { attr, conditionOf, extensions, is, value, type El } from './model';
export { variablesOf } from './conditions';
export { SYSTEM_VARIABLES, type LintContext } from './context';
export { dynamicFormKey, loadForm, type DynamicForm } from './forms';
