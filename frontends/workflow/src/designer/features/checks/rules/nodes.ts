/** Checks of single nodes: a countersign without reviewers, a timer that is not ISO-8601, a call
 * activity to a process that is not deployed. */
import type { LintContext } from '../context';
import { validTimer, isExpression, type TimerKind } from '../iso8601';
import { attr, extensions, is, label, loopOf, type El } from '../model';
import { msg } from '../messages';
import type { RuleDefinition } from '../types';

export function countersignWithoutReviewers(): RuleDefinition {
  return {
    check(node: El, reporter) {
      const loop = loopOf(node);
      if (!is(node, 'bpmn:UserTask') || !loop) return;
      const collection = attr(loop, 'collection');
      const fromRules = collection === '' || collection.includes('multiInstanceHandler');
      const counted = loop.loopCardinality as El | undefined;
      if (fromRules && !counted && !extensions(node, 'assignee').length) {
        reporter.report(node.id ?? '', msg('rule.countersignNoReviewers', { name: label(node) }));
      }
    },
  };
}

const KINDS: TimerKind[] = ['timeDate', 'timeDuration', 'timeCycle'];

export function timerIso8601(): RuleDefinition {
  return {
    check(node: El, reporter) {
      const definitions = (node.eventDefinitions as El[] | undefined) ?? [];
      for (const def of definitions.filter((d) => is(d, 'bpmn:TimerEventDefinition'))) {
        const set = KINDS.map((kind) => [kind, (def[kind] as El | undefined)?.body] as const).filter(
          ([, body]) => typeof body === 'string' && body.trim() !== '',
        );
        if (!set.length) {
          reporter.report(node.id ?? '', msg('rule.timerEmpty', { name: label(node) }));
          continue;
        }
        for (const [kind, body] of set) {
          if (!validTimer(kind, String(body))) {
            reporter.report(node.id ?? '', msg('rule.timerInvalid', { name: label(node), kind: msg(`kind.${kind}`), value: body }));
          }
        }
      }
    },
  };
}

export function callActivityDeployed(ctx: LintContext): RuleDefinition {
  return {
    check(node: El, reporter) {
      if (!is(node, 'bpmn:CallActivity')) return;
      const key = String(node.calledElement ?? '').trim();
      if (!key) {
        reporter.report(node.id ?? '', msg('rule.callMissingKey', { name: label(node) }));
        return;
      }
      let process = node.$parent;
      while (process && !is(process, 'bpmn:Process')) process = process.$parent;
      if (ctx.deployedKeys && !isExpression(key) && key !== process?.id && !ctx.deployedKeys.has(key)) {
        reporter.report(node.id ?? '', msg('rule.callNotDeployed', { name: label(node), key }));
      }
    },
  };
}
