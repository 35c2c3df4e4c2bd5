/**
 * bpmnlint's own rules speak English; the designer speaks the user's language. Each standard
 * rule is wrapped so its reports pass through this table (a message not listed stays as it is).
 */
import { getLang } from '@loom/ui';
import type { Reporter, RuleDefinition } from './types';
import type { El } from './model';

const ZH: Array<[RegExp, string]> = [
  [/^(.+) is missing end event$/, '流程缺少结束节点'],
  [/^(.+) is missing start event$/, '流程缺少开始节点'],
  [/^(.+) has multiple blank start events$/, '存在多个空白开始节点'],
  [/^Element is not connected$/, '节点没有连线'],
  [/^Element is an implicit end$/, '节点没有出线，流程会在此隐式结束'],
  [/^Element is an implicit start$/, '节点没有入线，流程会从此隐式开始'],
  [/^Element is missing label\/name$/, '元素缺少名称'],
  [/^Element is missing bpmndi$/, '元素缺少图形信息'],
  [/^Element overlaps with other element$/, '元素与其他元素重叠'],
  [/^Element is outside of parent boundary$/, '元素超出了所在容器'],
  [/^Element type <(.+)> is discouraged$/, '不建议使用元素类型<$1>'],
  [/^Sequence flow is missing condition$/, '连线缺少条件'],
  [/^Sequence flow has superfluous label$/, '连线的名称多余'],
  [/^SequenceFlow is a duplicate$/, '重复的连线'],
  [/^Duplicate (outgoing|incoming) sequence flows$/, '重复的连线'],
  [/^Flow splits implicitly$/, '流程隐式分支（请使用网关）'],
  [/^Gateway forks and joins$/, '网关同时汇聚和分支'],
  [/^Gateway is superfluous\. It only has one source and target\.$/, '网关多余：只有一条入线和一条出线'],
  [/^Incoming flows do not join$/, '多条入线没有汇聚（请使用网关）'],
  [/^Termination is superfluous\.$/, '终止结束节点多余'],
  [/^Event has multiple event definitions$/, '事件有多个事件定义'],
  [/^Start event must be blank$/, '开始节点必须是空白开始事件'],
  [/^Start event is missing event definition$/, '开始节点缺少事件定义'],
  [/^Element is missing name$/, '元素缺少名称'],
  [/^Element is unused$/, '元素未被使用'],
  [/^Element name is not unique$/, '元素名称重复'],
];

export function localise(message: string): string {
  if (getLang() !== 'zh-CN') return message;
  for (const [re, zh] of ZH) if (re.test(message)) return message.replace(re, zh);
  return message;
}

type Check = RuleDefinition['check'] | { enter?: RuleDefinition['check']; leave?: RuleDefinition['check'] };

function translating(reporter: Reporter): Reporter {
  return { report: (id, message, context) => reporter.report(id, localise(message), context) };
}

function wrap(fn: RuleDefinition['check'] | undefined): RuleDefinition['check'] | undefined {
  return fn && ((node: El, reporter: Reporter) => fn(node, translating(reporter)));
}

/** A standard rule factory whose reports come out in the user's language. */
export function localised(factory: unknown): (config?: unknown) => unknown {
  return (config?: unknown) => {
    const rule = (factory as (c?: unknown) => { check: Check; meta?: unknown })(config);
    const check = rule.check;
    const wrapped = typeof check === 'function' ? wrap(check) : { ...check, enter: wrap(check.enter), leave: wrap(check.leave) };
    return { ...rule, check: wrapped };
  };
}
