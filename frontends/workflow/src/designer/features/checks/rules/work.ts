/** Checks of service tasks that do work (issue 37): a business-rule task's decision must be deployed,
 * an external task needs a topic, an HTTP task may call only a host the administrator allows. */
import type { LintContext } from '../context';
import { isExpression } from '../iso8601';
import { attr, extensions, is, label, value, type El } from '../model';
import { msg } from '../messages';
import type { RuleDefinition } from '../types';
import { hostOf, hostAllowed } from '../hosts';

const SERVICE_LIKE = ['bpmn:ServiceTask', 'bpmn:BusinessRuleTask', 'bpmn:SendTask'];

function isServiceLike(node: El): boolean {
  return SERVICE_LIKE.some((t) => is(node, t));
}

/** Text of a typed or generic element (`body`, `value`, a generic `$body`, a `<flowable:string>` child). */
function textOf(el: El | undefined): string {
  if (!el) return '';
  for (const key of ['body', 'value', '$body', 'string', 'stringValue', 'expression']) {
    const v = el[key];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  const fromAttrs = el.$attrs?.stringValue ?? el.$attrs?.expression;
  if (fromAttrs) return String(fromAttrs).trim();
  return kids(el).map((c) => textOf(c)).find(Boolean) ?? '';
}

function kids(el: El | undefined): El[] {
  return ((el?.$children as El[] | undefined) ?? []).filter(Boolean);
}

function child(el: El | undefined, local: string): El | undefined {
  const typed = el?.[local] as El | undefined;
  if (typed && typeof typed === 'object') return typed;
  return kids(el).find((c) => c.$type.split(':')[1]?.toLowerCase() === local.toLowerCase());
}

/** A Flowable http task's field (`requestUrl`, ...). */
function field(node: El, name: string): string {
  const found = extensions(node, 'field').find((f) => value(f, 'name') === name);
  return textOf(found);
}

/** The url input of Camunda's http-connector, with its connector id. */
function connector(node: El): { id: string; url: string } | null {
  const c = extensions(node, 'connector')[0];
  if (!c) return null;
  const id = textOf(child(c, 'connectorId'));
  const io = child(c, 'inputOutput');
  const inputs = ((io?.inputParameters as El[] | undefined) ?? kids(io).filter((k) => /inputparameter$/i.test(k.$type))).filter(Boolean);
  const url = textOf(inputs.find((p) => value(p, 'name') === 'url'));
  return { id, url };
}

export function decisionDeployed(ctx: LintContext): RuleDefinition {
  return {
    check(node: El, reporter) {
      if (!isServiceLike(node)) return;
      const ref = attr(node, 'decisionRef') || (attr(node, 'type') === 'dmn' ? field(node, 'decisionTableReferenceKey') : '');
      const dmn = is(node, 'bpmn:BusinessRuleTask') && (attr(node, 'decisionRef') !== '' || node.$attrs?.['flowable:decisionRef'] !== undefined);
      if (!ref) {
        if (dmn || attr(node, 'type') === 'dmn') reporter.report(node.id ?? '', msg('rule.decisionMissing', { name: label(node) }));
        return;
      }
      if (ctx.deployedDecisions && !isExpression(ref) && !ctx.deployedDecisions.has(ref)) {
        reporter.report(node.id ?? '', msg('rule.decisionNotDeployed', { name: label(node), key: ref }));
      }
    },
  };
}

export function externalTopic(): RuleDefinition {
  return {
    check(node: El, reporter) {
      if (!isServiceLike(node)) return;
      const type = attr(node, 'type');
      if ((type === 'external' || type === 'external-worker') && !attr(node, 'topic').trim()) {
        reporter.report(node.id ?? '', msg('rule.externalNoTopic', { name: label(node) }));
      }
    },
  };
}

export function httpHostAllowed(ctx: LintContext): RuleDefinition {
  return {
    check(node: El, reporter) {
      if (!isServiceLike(node)) return;
      const c = connector(node);
      const http = attr(node, 'type') === 'http';
      if (!c && !http) return;
      if (c && c.id && c.id !== 'http-connector') {
        reporter.report(node.id ?? '', msg('rule.connectorUnknown', { name: label(node), id: c.id }));
        return;
      }
      const url = c ? c.url : field(node, 'requestUrl');
      if (!url) {
        reporter.report(node.id ?? '', msg('rule.httpNoUrl', { name: label(node) }));
        return;
      }
      const host = hostOf(url);
      if (ctx.allowedHosts && host && !hostAllowed(host, ctx.allowedHosts)) {
        reporter.report(node.id ?? '', msg('rule.httpHostNotAllowed', { name: label(node), host: `${host.host}:${host.port}` }));
      }
    },
  };
}
