/**
 * The three save warnings of seed 001 §4.2 as live checks: a user task without assignee, without
 * buttons; a start event (not in a sub-process) or a user task without a form.
 */
import type { RuleDefinition } from '../types';
import { attr, extensions, inSubProcess, is, label, loopOf, type El } from '../model';
import { msg } from '../messages';

export function hasAssignee(el: El): boolean {
  return (
    extensions(el, 'assignee').length > 0 ||
    ['assignee', 'candidateUsers', 'candidateGroups'].some((a) => attr(el, a) !== '') ||
    !!(loopOf(el) && attr(loopOf(el), 'collection'))
  );
}

export function noAssignee(): RuleDefinition {
  return {
    check(node: El, reporter) {
      if (is(node, 'bpmn:UserTask') && !hasAssignee(node)) reporter.report(node.id ?? '', msg('rule.noAssignee', { name: label(node) }));
    },
  };
}

export function noButtons(): RuleDefinition {
  return {
    check(node: El, reporter) {
      if (is(node, 'bpmn:UserTask') && !extensions(node, 'button').length) {
        reporter.report(node.id ?? '', msg('rule.noButtons', { name: label(node) }));
      }
    },
  };
}

export function noForm(): RuleDefinition {
  return {
    check(node: El, reporter) {
      const holds = is(node, 'bpmn:UserTask') || (is(node, 'bpmn:StartEvent') && !inSubProcess(node));
      if (holds && !attr(node, 'formKey')) reporter.report(node.id ?? '', msg('rule.noForm', { name: label(node) }));
    },
  };
}
