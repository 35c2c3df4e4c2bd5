/**
 * The bpmnlint configuration of the designer: bpmnlint's recommended rules (resolved statically,
 * bundled) plus Loom's own as the plugin `loom`. The same object feeds bpmn-js-bpmnlint on the
 * canvas and `lint()` in tests and before publishing.
 */
import recommended from 'bpmnlint/config/recommended';
import adHocSubProcess from 'bpmnlint/rules/ad-hoc-sub-process';
import conditionalFlows from 'bpmnlint/rules/conditional-flows';
import endEventRequired from 'bpmnlint/rules/end-event-required';
import eventBasedGateway from 'bpmnlint/rules/event-based-gateway';
import eventSubProcessTypedStartEvent from 'bpmnlint/rules/event-sub-process-typed-start-event';
import fakeJoin from 'bpmnlint/rules/fake-join';
import global from 'bpmnlint/rules/global';
import labelRequired from 'bpmnlint/rules/label-required';
import linkEvent from 'bpmnlint/rules/link-event';
import noBpmndi from 'bpmnlint/rules/no-bpmndi';
import noComplexGateway from 'bpmnlint/rules/no-complex-gateway';
import noDisconnected from 'bpmnlint/rules/no-disconnected';
import noDuplicateSequenceFlows from 'bpmnlint/rules/no-duplicate-sequence-flows';
import noGatewayJoinFork from 'bpmnlint/rules/no-gateway-join-fork';
import noImplicitSplit from 'bpmnlint/rules/no-implicit-split';
import noImplicitEnd from 'bpmnlint/rules/no-implicit-end';
import noImplicitStart from 'bpmnlint/rules/no-implicit-start';
import noInclusiveGateway from 'bpmnlint/rules/no-inclusive-gateway';
import noOverlappingElements from 'bpmnlint/rules/no-overlapping-elements';
import singleBlankStartEvent from 'bpmnlint/rules/single-blank-start-event';
import singleEventDefinition from 'bpmnlint/rules/single-event-definition';
import startEventRequired from 'bpmnlint/rules/start-event-required';
import subProcessBlankStartEvent from 'bpmnlint/rules/sub-process-blank-start-event';
import superfluousGateway from 'bpmnlint/rules/superfluous-gateway';
import superfluousLabel from 'bpmnlint/rules/superfluous-label';
import superfluousTermination from 'bpmnlint/rules/superfluous-termination';
import { Linter } from 'bpmnlint';
import type { LintContext } from './context';
import { noAssignee, noButtons, noForm } from './rules/node-settings';
import { gatewayMayStall, unknownVariable, unreachable } from './rules/flow';
import { callActivityDeployed, countersignWithoutReviewers, timerIso8601 } from './rules/nodes';
import { decisionDeployed, externalTopic, httpHostAllowed } from './rules/work';
import { localised } from './standard';
import type { RuleFactory } from './types';

const STANDARD: Record<string, unknown> = {
  'ad-hoc-sub-process': adHocSubProcess,
  'conditional-flows': conditionalFlows,
  'end-event-required': endEventRequired,
  'event-based-gateway': eventBasedGateway,
  'event-sub-process-typed-start-event': eventSubProcessTypedStartEvent,
  'fake-join': fakeJoin,
  global,
  'label-required': labelRequired,
  'link-event': linkEvent,
  'no-bpmndi': noBpmndi,
  'no-complex-gateway': noComplexGateway,
  'no-disconnected': noDisconnected,
  'no-duplicate-sequence-flows': noDuplicateSequenceFlows,
  'no-gateway-join-fork': noGatewayJoinFork,
  'no-implicit-split': noImplicitSplit,
  'no-implicit-end': noImplicitEnd,
  'no-implicit-start': noImplicitStart,
  'no-inclusive-gateway': noInclusiveGateway,
  'no-overlapping-elements': noOverlappingElements,
  'single-blank-start-event': singleBlankStartEvent,
  'single-event-definition': singleEventDefinition,
  'start-event-required': startEventRequired,
  'sub-process-blank-start-event': subProcessBlankStartEvent,
  'superfluous-gateway': superfluousGateway,
  'superfluous-label': superfluousLabel,
  'superfluous-termination': superfluousTermination,
};

/** Loom's rules (plugin `loom`): each reads the shared context passed as its rule config. */
const LOOM: Record<string, RuleFactory> = {
  'no-assignee': noAssignee,
  'no-buttons': noButtons,
  'no-form': noForm,
  'gateway-may-stall': gatewayMayStall,
  'unknown-variable': (ctx) => unknownVariable(ctx as LintContext),
  'countersign-reviewers': countersignWithoutReviewers,
  'timer-iso8601': timerIso8601,
  unreachable,
  'call-activity-deployed': (ctx) => callActivityDeployed(ctx as LintContext),
  'decision-deployed': (ctx) => decisionDeployed(ctx as LintContext),
  'external-topic': externalTopic,
  'http-host-allowed': (ctx) => httpHostAllowed(ctx as LintContext),
};

const cache: Record<string, unknown> = { 'config:bpmnlint/recommended': recommended };
for (const [name, rule] of Object.entries(STANDARD)) cache[`rule:bpmnlint/${name}`] = localised(rule);
for (const [name, rule] of Object.entries(LOOM)) cache[`rule:bpmnlint-plugin-loom/${name}`] = rule;

/** bpmnlint's resolver over the bundled rules. */
export const resolver = {
  resolveRule(pkg: string, name: string): unknown {
    return found(`rule:${pkg}/${name}`);
  },
  resolveConfig(pkg: string, name: string): unknown {
    return found(`config:${pkg}/${name}`);
  },
};

function found(id: string): unknown {
  const hit = cache[id];
  if (!hit) throw new Error(`unknown ${id}`);
  return hit;
}

export type LintConfig = { config: { extends: string; rules: Record<string, unknown> }; resolver: typeof resolver };

/** The configuration for `linting.bpmnlint` (bpmn-js-bpmnlint) and for {@link lint}. */
export function lintConfig(ctx: LintContext): LintConfig {
  return {
    config: {
      extends: 'bpmnlint:recommended',
      rules: {
        // Loom's processes name their flows and gateways when it matters; a missing label is a hint
        'label-required': 'warn',
        'loom/no-assignee': 'warn',
        'loom/no-buttons': 'warn',
        'loom/no-form': 'warn',
        'loom/gateway-may-stall': 'error',
        'loom/unknown-variable': ['warn', ctx],
        'loom/countersign-reviewers': 'error',
        'loom/timer-iso8601': 'error',
        'loom/unreachable': 'error',
        'loom/call-activity-deployed': ['error', ctx],
        'loom/decision-deployed': ['error', ctx],
        'loom/external-topic': 'error',
        'loom/http-host-allowed': ['error', ctx],
      },
    },
    resolver,
  };
}

export interface Issue {
  id: string;
  message: string;
  category: 'error' | 'warn' | 'info' | 'rule-error';
  rule: string;
}

/** Lints a moddle definitions tree; the issues flat, errors first. */
export async function lint(definitions: unknown, ctx: LintContext): Promise<Issue[]> {
  const { config } = lintConfig(ctx);
  const reports = await new Linter({ config, resolver }).lint(definitions);
  const issues = Object.entries(reports).flatMap(([rule, list]) =>
    list.map((r) => ({ id: r.id ?? '', message: r.message, category: r.category as Issue['category'], rule })),
  );
  return issues.sort((a, b) => Number(b.category === 'error') - Number(a.category === 'error'));
}
