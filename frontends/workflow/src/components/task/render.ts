// The form renderer lives in @loom/ui (packages/ui/src/form-render); until @loom/ui exports it,
// this module is the one place the workflow remote imports it from (as the forms remote does).
export * from '../../../../packages/ui/src/form-render';
