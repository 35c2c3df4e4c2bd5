import { addMessages, i18n } from '@loom/ui';

/** Texts of the designer's checks, dry run, diff and simulation (namespace `workflowChecks`). */
const messages = {
  'zh-CN': {
    rule: {
      noAssignee: '节点[{{name}}]未指定审批人',
      noButtons: '节点[{{name}}]未配置按钮',
      noForm: '节点[{{name}}]未配置表单',
      gatewayMayStall: '网关[{{name}}]没有默认流向，而所有条件都可能不成立，流程会卡在这里',
      unknownVariable: '条件中的变量[{{variable}}]不是任何表单字段或启动变量',
      countersignNoReviewers: '会签节点[{{name}}]没有审批人',
      timerInvalid: '定时器[{{name}}]的{{kind}}值[{{value}}]不是有效的ISO-8601格式',
      timerEmpty: '定时器[{{name}}]未设置时间',
      unreachable: '节点[{{name}}]从开始节点无法到达',
      callNotDeployed: '调用活动[{{name}}]调用的流程[{{key}}]尚未发布',
      callMissingKey: '调用活动[{{name}}]未指定被调用的流程',
    },
    kind: { timeDate: '日期', timeDuration: '持续时间', timeCycle: '循环' },
    panel: {
      title: '检查',
      none: '没有发现问题',
      errors: '{{count}}个错误',
      warnings: '{{count}}个警告',
      error: '错误',
      warning: '警告',
      publishTitle: '流程存在错误，确定要发布吗？',
      publishOk: '仍然发布',
      cancel: '取消',
    },
  },
  'en-US': {
    rule: {
      noAssignee: 'node [{{name}}] has no assignee specified',
      noButtons: 'node [{{name}}] has no buttons configured',
      noForm: 'node [{{name}}] has no form configured',
      gatewayMayStall: 'gateway [{{name}}] has no default flow and all its conditions can be false: the process would get stuck here',
      unknownVariable: 'the condition names [{{variable}}], which no form field or start variable provides',
      countersignNoReviewers: 'countersign node [{{name}}] has no reviewers',
      timerInvalid: 'timer [{{name}}]: {{kind}} [{{value}}] is not valid ISO-8601',
      timerEmpty: 'timer [{{name}}] has no time set',
      unreachable: 'node [{{name}}] cannot be reached from a start event',
      callNotDeployed: 'call activity [{{name}}] calls process [{{key}}], which is not deployed',
      callMissingKey: 'call activity [{{name}}] names no process to call',
    },
    kind: { timeDate: 'date', timeDuration: 'duration', timeCycle: 'cycle' },
    panel: {
      title: 'Checks',
      none: 'No problems found',
      errors: '{{count}} errors',
      warnings: '{{count}} warnings',
      error: 'Error',
      warning: 'Warning',
      publishTitle: 'The process has errors. Publish anyway?',
      publishOk: 'Publish anyway',
      cancel: 'Cancel',
    },
  },
};

export const NS = 'workflowChecks';
addMessages(NS, messages);

/** A text of this namespace, outside React (lint rules run outside it). */
export function msg(key: string, params?: Record<string, unknown>): string {
  return i18n.t(key, { ns: NS, ...params }) as string;
}
