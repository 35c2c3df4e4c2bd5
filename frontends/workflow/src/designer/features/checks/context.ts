/**
 * What the checks know beyond the diagram, filled by the designer as it learns it (deployed keys
 * from the definition list, form fields from the forms service). Rules read it when they run, so
 * one object serves every lint pass; `null` turns the check that needs it off.
 */
export interface LintContext {
  /** Keys of deployed processes; null while unknown (the call-activity check waits for it). */
  deployedKeys: Set<string> | null;
  /** Field ids of the forms bound to the start event and the tasks. */
  formFields: Set<string>;
  /** Keys of deployed decisions; null while unknown (the business-rule task check waits for it). */
  deployedDecisions: Set<string> | null;
  /** The hosts HTTP tasks may call (the administrator's allow-list); null while unknown. */
  allowedHosts: string[] | null;
}

export function createLintContext(): LintContext {
  return { deployedKeys: null, formFields: new Set(), deployedDecisions: null, allowedHosts: null };
}

/** Variables every process has without a form (set by the start call and the engine). */
export const SYSTEM_VARIABLES = new Set([
  'applyUserId', 'applyUserOfficeId', 'applyUserCompanyId', 'userName', 'title', 'businessTable', 'businessId',
  'initiator', 'execution', 'task', 'nrOfInstances', 'nrOfCompletedInstances', 'nrOfActiveInstances', 'loopCounter',
  'multiInstanceHandler', 'taskNotifier', 'assignee',
]);
