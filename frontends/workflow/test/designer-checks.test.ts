import { BpmnModdle } from 'bpmn-moddle';
import { lint, type Issue } from '../src/designer/features/checks/config';
import { createLintContext, type LintContext } from '../src/designer/features/checks/context';
import { mayAllBeFalse, variablesOf } from '../src/designer/features/checks/conditions';
import { validTimer } from '../src/designer/features/checks/iso8601';

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">';

/** A user task configured the way a finished node is (reviewer, button, form). */
function task(id: string, name: string, extra = '', attrs = ''): string {
  return (
    `<userTask id="${id}" name="${name}" flowable:formKey="/oa/leave" ${attrs}><extensionElements>` +
    `<flowable:assignee type="role" value="r1"/><flowable:button code="_flow_agree" name="同意"/>${extra}` +
    '</extensionElements></userTask>'
  );
}

function flow(id: string, from: string, to: string, condition?: string): string {
  return condition === undefined
    ? `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`
    : `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><conditionExpression xsi:type="tFormalExpression"><![CDATA[${condition}]]></conditionExpression></sequenceFlow>`;
}

const START =
  '<startEvent id="start" name="开始" flowable:formKey="/oa/leave"><extensionElements>' +
  '<flowable:formProperty id="days" name="天数"/></extensionElements></startEvent>';

function diagram(body: string, gatewayDefault = ''): string {
  return `${HEAD}<process id="p" name="P" isExecutable="true">${body.replace('DEFAULT', gatewayDefault)}</process></definitions>`;
}

async function issues(xml: string, ctx: LintContext = createLintContext()): Promise<Issue[]> {
  const { rootElement } = await new BpmnModdle().fromXML(xml);
  return lint(rootElement, ctx);
}

async function loom(xml: string, ctx?: LintContext): Promise<string[]> {
  return (await issues(xml, ctx)).filter((i) => i.rule.startsWith('loom/')).map((i) => `${i.rule}@${i.id}: ${i.message}`);
}

// start -> a -> end, every node configured
const CLEAN = diagram(START + task('a', '审批') + '<endEvent id="end" name="结束"/>' + flow('f1', 'start', 'a') + flow('f2', 'a', 'end'));

describe('the designer checks', () => {
  it('finds nothing of its own on a finished process', async () => {
    expect(await loom(CLEAN)).toEqual([]);
  });

  it('warns about a user task without assignee, buttons or form, and a start event without form', async () => {
    // given
    const xml = diagram(
      '<startEvent id="start" name="开始"/><userTask id="a" name="审批"/><endEvent id="end" name="结束"/>' +
        flow('f1', 'start', 'a') + flow('f2', 'a', 'end'),
    );
    // when
    const found = await loom(xml);
    // then
    expect(found).toEqual(
      expect.arrayContaining([
        'loom/no-assignee@a: 节点[审批]未指定审批人',
        'loom/no-buttons@a: 节点[审批]未配置按钮',
        'loom/no-form@a: 节点[审批]未配置表单',
        'loom/no-form@start: 节点[开始]未配置表单',
      ]),
    );
    expect(found).toHaveLength(4);
  });

  it('flags a gateway whose conditions can all be false, and not one that covers every value', async () => {
    // given
    const body = (c1: string, c2: string) =>
      START + task('a', '审批') + '<exclusiveGateway id="gw" name="天数"DEFAULT/>' + task('b', '人事') + '<endEvent id="end" name="结束"/>' +
      flow('f1', 'start', 'a') + flow('f2', 'a', 'gw') + flow('long', 'gw', 'b', c1) + flow('short', 'gw', 'end', c2) + flow('f3', 'b', 'end');
    // then
    expect(await loom(diagram(body('${days > 3}', '${days < 3}')))).toEqual([
      'loom/gateway-may-stall@gw: 网关[天数]没有默认流向，而所有条件都可能不成立，流程会卡在这里',
    ]);
    expect(await loom(diagram(body('${days > 3}', '${days <= 3}')))).toEqual([]);
    expect(await loom(diagram(body('${days > 3}', '${days < 3}'), ' default="short"'))).toEqual([]);
  });

  it('flags a condition on a variable no form field or start variable provides, until the form provides it', async () => {
    // given
    const xml = diagram(
      START + task('a', '审批') + '<exclusiveGateway id="gw" name="金额"/>' + '<endEvent id="end" name="结束"/>' +
        flow('f1', 'start', 'a') + flow('f2', 'a', 'gw') + flow('big', 'gw', 'end', '${amount > 1000 || days > 3}') +
        flow('other', 'gw', 'end'),
    );
    const ctx = createLintContext();
    // then
    expect(await loom(xml, ctx)).toEqual(['loom/unknown-variable@big: 条件中的变量[amount]不是任何表单字段或启动变量']);
    ctx.formFields.add('amount');
    expect(await loom(xml, ctx)).toEqual([]);
  });

  it('flags a countersign without reviewers', async () => {
    // given
    const loop =
      '<multiInstanceLoopCharacteristics flowable:collection="${multiInstanceHandler.getList(execution)}" flowable:elementVariable="assignee"/>';
    const bare = `<userTask id="a" name="会签" flowable:formKey="/f"><extensionElements><flowable:button code="_flow_agree" name="同意"/></extensionElements>${loop}</userTask>`;
    const xml = diagram(START + bare + '<endEvent id="end" name="结束"/>' + flow('f1', 'start', 'a') + flow('f2', 'a', 'end'));
    // then
    expect(await loom(xml)).toEqual(['loom/countersign-reviewers@a: 会签节点[会签]没有审批人']);
  });

  it('flags a timer whose value is not ISO-8601, and accepts a valid one', async () => {
    // given
    const timer = (kind: string, value: string) =>
      diagram(
        START + `<intermediateCatchEvent id="wait" name="等待"><timerEventDefinition><${kind}>${value}</${kind}></timerEventDefinition></intermediateCatchEvent>` +
          '<endEvent id="end" name="结束"/>' + flow('f1', 'start', 'wait') + flow('f2', 'wait', 'end'),
      );
    // then
    expect(await loom(timer('timeDuration', '2 hours'))).toEqual([
      'loom/timer-iso8601@wait: 定时器[等待]的持续时间值[2 hours]不是有效的ISO-8601格式',
    ]);
    expect(await loom(timer('timeDuration', 'PT2H'))).toEqual([]);
    expect(await loom(timer('timeDate', '2026-02-30T10:00:00'))).toHaveLength(1);
    expect(await loom(timer('timeCycle', 'R3/PT10M'))).toEqual([]);
  });

  it('flags a node no start event reaches', async () => {
    // given: b only leads on to the end, nothing leads to it
    const xml = diagram(
      START + task('a', '审批') + task('b', '孤岛') + '<endEvent id="end" name="结束"/>' +
        flow('f1', 'start', 'a') + flow('f2', 'a', 'end') + flow('f3', 'b', 'end'),
    );
    // then
    expect(await loom(xml)).toEqual(['loom/unreachable@b: 节点[孤岛]从开始节点无法到达']);
  });

  it('flags a call activity to a key that is not deployed, once the deployed keys are known', async () => {
    // given
    const xml = diagram(
      START + '<callActivity id="call" name="子流程" calledElement="child"/>' + '<endEvent id="end" name="结束"/>' +
        flow('f1', 'start', 'call') + flow('f2', 'call', 'end'),
    );
    const ctx = createLintContext();
    // then
    expect(await loom(xml, ctx)).toEqual([]);
    ctx.deployedKeys = new Set(['leave']);
    expect(await loom(xml, ctx)).toEqual(['loom/call-activity-deployed@call: 调用活动[子流程]调用的流程[child]尚未发布']);
    ctx.deployedKeys.add('child');
    expect(await loom(xml, ctx)).toEqual([]);
  });

  it('runs bpmnlint\'s standard rules too', async () => {
    // given: an end event nothing leads to
    const xml = diagram(START + '<endEvent id="end" name="结束"/>');
    // then
    const found = await issues(xml);
    expect(found.map((i) => i.rule)).toEqual(expect.arrayContaining(['no-disconnected', 'no-implicit-start']));
    // in the user's language
    expect(found.find((i) => i.rule === 'no-disconnected')?.message).toBe('节点没有连线');
  });
});

describe('condition analysis', () => {
  it('reads the variables of an expression, not members, strings or keywords', () => {
    expect(variablesOf("${days > 3 and user.name == 'x' || empty reason}")).toEqual(['days', 'user', 'reason']);
  });

  it('knows when conditions cover every value', () => {
    expect(mayAllBeFalse(['${days gt 3}', '${days le 3}'])).toBe(false);
    expect(mayAllBeFalse(['${approved}', '${!approved}'])).toBe(false);
    expect(mayAllBeFalse(['${days > 3}', '${days < 3}'])).toBe(true);
    expect(mayAllBeFalse(['${a > 3}', '${b <= 3}'])).toBe(true);
  });

  it('validates ISO-8601 timer values by kind', () => {
    expect(validTimer('timeDuration', 'P1DT12H')).toBe(true);
    expect(validTimer('timeDuration', 'P')).toBe(false);
    expect(validTimer('timeDate', '2026-11-23T10:00:00Z')).toBe(true);
    expect(validTimer('timeCycle', 'R/2026-11-23T10:00:00Z/PT1H')).toBe(true);
    expect(validTimer('timeCycle', 'every hour')).toBe(false);
    expect(validTimer('timeDate', '${dueDate}')).toBe(true);
  });
  it('flags a decision that is not deployed, an external task without topic and an HTTP call to a host not allowed', async () => {
    // given: the deployed decisions and the administrator's allow-list are known
    const ctx = { ...createLintContext(), deployedDecisions: new Set(['approver']), allowedHosts: ['127.0.0.1:18123', '*.example.com'] };
    const field = (name: string, value: string) => `<flowable:field name="${name}"><flowable:string>${value}</flowable:string></flowable:field>`;
    const xml = diagram(
      START +
        '<businessRuleTask id="ok" name="已部署" flowable:decisionRef="approver"/>' +
        '<businessRuleTask id="gone" name="未部署" flowable:decisionRef="missing"/>' +
        '<serviceTask id="ext" name="发货" flowable:type="external"/>' +
        `<serviceTask id="near" name="报价" flowable:type="http"><extensionElements>${field('requestUrl', 'http://127.0.0.1:18123/p/${sku}')}</extensionElements></serviceTask>` +
        `<serviceTask id="far" name="外网" flowable:type="http"><extensionElements>${field('requestUrl', 'https://api.other.org/x')}</extensionElements></serviceTask>` +
        '<serviceTask id="conn" name="连接器"><extensionElements><flowable:connector><flowable:connectorId>http-connector</flowable:connectorId>' +
        '<flowable:inputOutput><flowable:inputParameter name="url">https://shop.example.com/a</flowable:inputParameter></flowable:inputOutput></flowable:connector></extensionElements></serviceTask>' +
        '<endEvent id="end" name="结束"/>' +
        flow('f1', 'start', 'ok') + flow('f2', 'ok', 'gone') + flow('f3', 'gone', 'ext') + flow('f4', 'ext', 'near') + flow('f5', 'near', 'far') + flow('f6', 'far', 'conn') + flow('f7', 'conn', 'end'),
    );
    // when
    const found = (await loom(xml, ctx)).filter((i) => /decision|external|http/.test(i));
    // then
    expect(found).toEqual([
      'loom/decision-deployed@gone: 业务规则任务[未部署]引用的决策[missing]尚未部署',
      'loom/external-topic@ext: 外部任务[发货]未设置主题（topic）',
      'loom/http-host-allowed@far: HTTP 任务[外网]调用的主机[api.other.org:443]不在管理员允许的主机列表中',
    ]);
  });
});
