import { compare } from '../src/designer/features/diff/compare';

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">';

const V1 =
  `${HEAD}<process id="leave" isExecutable="true"><startEvent id="start"/>` +
  '<userTask id="dept" name="部门审批"><extensionElements><flowable:assignee type="role" value="r1"/></extensionElements></userTask>' +
  '<endEvent id="end"/><sequenceFlow id="f1" sourceRef="start" targetRef="dept"/><sequenceFlow id="f2" sourceRef="dept" targetRef="end"/>' +
  '</process></definitions>';

// version 2: an HR node between the department and the end; the department's reviewers change
const V2 =
  `${HEAD}<process id="leave" isExecutable="true"><startEvent id="start"/>` +
  '<userTask id="dept" name="部门审批"><extensionElements><flowable:assignee type="depart" value="${applyUserOfficeId}"/></extensionElements></userTask>' +
  '<userTask id="hr" name="人事审批"/>' +
  '<endEvent id="end" name="结束"/><sequenceFlow id="f1" sourceRef="start" targetRef="dept"/><sequenceFlow id="f2" sourceRef="dept" targetRef="hr"/>' +
  '<sequenceFlow id="f3" sourceRef="hr" targetRef="end"/></process></definitions>';

describe('the version diff', () => {
  it('shows a new node added, the flow it changed and the node extensions that changed', async () => {
    // when
    const result = await compare(V1, V2);
    // then
    expect(result.added.sort()).toEqual(['f3', 'hr']);
    expect(result.removed).toEqual([]);
    expect(result.changed.sort()).toEqual(['dept', 'end', 'f2']);
    expect(result.rows.find((r) => r.id === 'end' && r.property === 'name')).toMatchObject({ before: '', after: '结束' });
    const row = (id: string, property: string) => result.rows.find((r) => r.id === id && r.property === property);
    expect(row('f2', 'targetRef')).toMatchObject({ kind: 'changed', before: 'end', after: 'hr' });
    expect(row('dept', 'assignees')).toMatchObject({ before: 'role:r1', after: 'depart:${applyUserOfficeId}' });
    expect(result.rows.find((r) => r.id === 'hr')).toMatchObject({ kind: 'added', name: '人事审批' });
  });

  it('finds nothing between a version and itself', async () => {
    expect((await compare(V1, V1)).rows).toEqual([]);
  });

  it('reports a removed node when going back to the older version', async () => {
    const result = await compare(V2, V1);
    expect(result.removed.sort()).toEqual(['f3', 'hr']);
  });
});
