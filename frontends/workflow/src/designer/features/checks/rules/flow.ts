/**
 * Checks of the flow: a gateway that can stall (no default flow, every condition possibly false),
 * a condition naming a variable nothing provides, a node no start event reaches.
 */
import type { LintContext } from '../context';
import { SYSTEM_VARIABLES } from '../context';
import { mayAllBeFalse, variablesOf } from '../conditions';
import { attr, children, conditionOf, extensions, is, isAny, label, loopOf, refs, value, type El } from '../model';
import { msg } from '../messages';
import type { RuleDefinition } from '../types';

export function gatewayMayStall(): RuleDefinition {
  return {
    check(node: El, reporter) {
      if (!isAny(node, ['bpmn:ExclusiveGateway', 'bpmn:InclusiveGateway']) || node.default) return;
      const outgoing = refs(node, 'outgoing');
      if (!outgoing.length) return;
      const conditions = outgoing.map(conditionOf);
      // a flow without a condition is always open
      if (conditions.some((c) => c === '')) return;
      if (mayAllBeFalse(conditions)) reporter.report(node.id ?? '', msg('rule.gatewayMayStall', { name: label(node) }));
    },
  };
}

const known = new WeakMap<El, Set<string>>();

/** Variables the diagram itself provides: form properties, button codes, loop and result variables. */
function diagramVariables(definitions: El): Set<string> {
  const cached = known.get(definitions);
  if (cached) return cached;
  const found = new Set<string>();
  const visit = (el: El): void => {
    for (const p of [...extensions(el, 'formProperty'), ...extensions(el, 'formField')]) found.add(value(p, 'id'));
    for (const b of extensions(el, 'button')) found.add(value(b, 'code'));
    for (const out of extensions(el, 'out')) found.add(value(out, 'target'));
    for (const a of ['initiator', 'resultVariable']) if (attr(el, a)) found.add(attr(el, a));
    const loop = loopOf(el);
    if (loop && attr(loop, 'elementVariable')) found.add(attr(loop, 'elementVariable'));
    for (const child of [...children(el), ...((el.rootElements as El[] | undefined) ?? [])]) visit(child);
  };
  visit(definitions);
  found.delete('');
  known.set(definitions, found);
  return found;
}

function definitionsOf(el: El): El {
  let at = el;
  while (at.$parent) at = at.$parent;
  return at;
}

export function unknownVariable(ctx: LintContext): RuleDefinition {
  return {
    check(node: El, reporter) {
      if (!is(node, 'bpmn:SequenceFlow')) return;
      const condition = conditionOf(node);
      if (!condition) return;
      const provided = diagramVariables(definitionsOf(node));
      for (const variable of variablesOf(condition)) {
        if (!SYSTEM_VARIABLES.has(variable) && !provided.has(variable) && !ctx.formFields.has(variable)) {
          reporter.report(node.id ?? '', msg('rule.unknownVariable', { variable }));
        }
      }
    },
  };
}

const NOT_NODES = ['bpmn:SequenceFlow', 'bpmn:DataObject', 'bpmn:DataObjectReference', 'bpmn:DataStoreReference'];

function reachable(container: El): Set<El> {
  const nodes = children(container).filter((c) => !isAny(c, NOT_NODES));
  const boundaries = nodes.filter((n) => is(n, 'bpmn:BoundaryEvent'));
  const seen = new Set<El>();
  const queue = nodes.filter((n) => is(n, 'bpmn:StartEvent') || (is(n, 'bpmn:SubProcess') && n.triggeredByEvent));
  while (queue.length) {
    const at = queue.shift()!;
    if (seen.has(at)) continue;
    seen.add(at);
    for (const flow of refs(at, 'outgoing')) if (flow.targetRef) queue.push(flow.targetRef as El);
    for (const b of boundaries) if (b.attachedToRef === at) queue.push(b);
  }
  return seen;
}

export function unreachable(): RuleDefinition {
  return {
    check(node: El, reporter) {
      if (!isAny(node, ['bpmn:Process', 'bpmn:SubProcess'])) return;
      const nodes = children(node).filter((c) => !isAny(c, NOT_NODES) && isAny(c, ['bpmn:FlowNode']));
      if (!nodes.some((n) => is(n, 'bpmn:StartEvent'))) return;
      const seen = reachable(node);
      for (const n of nodes) {
        // a node with no flows at all is bpmnlint's own no-disconnected
        const connected = refs(n, 'incoming').length + refs(n, 'outgoing').length > 0 || is(n, 'bpmn:BoundaryEvent');
        if (!seen.has(n) && connected && !(is(n, 'bpmn:SubProcess') && n.triggeredByEvent)) {
          reporter.report(n.id ?? '', msg('rule.unreachable', { name: label(n) }));
        }
      }
    },
  };
}
