// The platform's HTTP API as a test's setup and checks use it (through the gateway, with a user's token).

export class Api {
  constructor(base, token, refreshToken = null) {
    this.base = base;
    this.token = token;
    this.refreshToken = refreshToken;
  }

  /** A session of the user opened as the login page opens one (`POST /sys/login`). */
  static async login(base, username, password) {
    const r = await fetch(`${base}/api/sys/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
    const body = await r.json();
    if (!r.ok) throw new Error(`login ${username}: ${JSON.stringify(body)}`);
    return new Api(base, body.token, body.refreshToken);
  }

  async call(method, url, { params, json, form } = {}) {
    const q = params ? '?' + new URLSearchParams(params).toString() : '';
    const headers = { Authorization: `Bearer ${this.token}` };
    let body;
    if (json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form !== undefined) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(form).toString();
    }
    const r = await fetch(`${this.base}/api${url}${q}`, { method, headers, body });
    const text = await r.text();
    const data = text ? JSON.parse(text) : null;
    if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${text}`);
    return data;
  }

  get(url, params) {
    return this.call('GET', url, { params });
  }

  /** Saves an office (type '1' a company, '2' a department) and answers its id, found by name in the tree. */
  async office(name, type, parentId = '0') {
    await this.call('POST', '/sys/office/save', { json: { name, type, parentId } });
    const find = (nodes) => nodes.reduce((hit, n) => hit ?? (n.name === name ? n.id : find(n.children ?? [])), null);
    return find(await this.get('/sys/office/treeData', { showAll: '1' }));
  }

  /** Saves a role and answers its id. */
  async role(name, enName, menuIdList = []) {
    await this.call('POST', '/sys/role/save', { json: { name, enName, menuIdList } });
    return (await this.get('/sys/role/list', { enName })).records[0].id;
  }

  /**
   * Saves a user in a company and department with roles (sys's employee role by default) and
   * answers `{ id, loginName, name, password, api }`, `api` signed in as that user.
   */
  async user({ loginName, name, password, company, dept, roleIdList = ['employee'] }) {
    await this.call('POST', '/sys/user/save', { json: { loginName, name, password, companyDTO: { id: company }, officeDTO: { id: dept }, roleIdList } });
    return { id: await this.userId(loginName), loginName, name, password, api: await Api.login(this.base, loginName, password) };
  }

  /** The id of a user by login name. */
  async userId(loginName) {
    const rows = (await this.get('/sys/user/list', { current: '1', size: '10', loginName })).records;
    return rows.find((u) => u.loginName === loginName).id;
  }

  /** Saves (a new model, or `modelId`'s) BPMN with its node extensions, as the designer does; answers the model's id. */
  async saveModel({ key, name, xml, nodes, modelId }) {
    const id = modelId ?? (await this.call('POST', '/app/rest/models', { json: { modelType: 0, key, name } })).id;
    const editor = await this.get(`/app/rest/models/${id}/editor/json`);
    await this.call('POST', `/flowable/model/saveModel/${id}`, {
      form: { modeltype: 'model', json_xml: xml, name, key, description: 'e2e', newversion: 'false', comment: '', lastUpdated: editor.lastUpdated },
    });
    if (nodes?.length) await this.call('POST', '/extension/taskDefExtension/save', { json: nodes });
    return id;
  }

  /** Saves the model as `saveModel` does and deploys it under the category; answers the model's id. */
  async deployModel({ category = 'e2e', ...model }) {
    const id = await this.saveModel(model);
    await this.call('PUT', '/flowable/model/deploy', { params: { id, category } });
    return id;
  }

  /** A process form definition with its first (published) version: `{ id, jsonId }`. */
  async formDefinition(name, json) {
    await this.call('POST', '/extension/formDefinition/save', { json: { name, json: JSON.stringify(json) } });
    const def = (await this.get('/extension/formDefinition/list', { current: '1', size: '-1', name })).records.find((r) => r.name === name);
    return { id: def.id, jsonId: def.formDefinitionJson.id };
  }

  /** The user's open tasks of an instance (todo rows). */
  async todoOf(pid) {
    const page = await this.get('/flowable/task/todo', { current: '1', size: '100' });
    return page.records.filter((r) => r.task.processInstanceId === pid);
  }

  /** Agrees to the user's task of the instance (steps a test is not about). */
  async agree(pid, vars = {}, message = '') {
    const row = (await this.todoOf(pid))[0];
    const comment = JSON.stringify({ type: '_flow_agree', status: '同意', message });
    await this.call('POST', '/flowable/task/audit', { form: { taskId: row.task.id, vars: JSON.stringify(vars), comment } });
  }
}

/** A node's assignee and button extension as the designer saves it. */
export function nodeExtension(processDefId, taskDefId, assignees, buttons = [['_flow_agree', '同意']]) {
  return {
    processDefId,
    taskDefId,
    flowAssigneeList: assignees.map(([type, value], i) => ({ type, value, condition: '0', operationType: '0', sort: (i + 1) * 10 })),
    flowButtonList: buttons.map(([code, name], i) => ({ code, name, sort: (i + 1) * 10, isHide: '0', next: '0' })),
    flowConditionList: [],
  };
}

/** A sequence flow of BPMN XML, with its condition when given. */
export function flow(id, from, to, cond) {
  return cond
    ? `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><conditionExpression xsi:type="tFormalExpression"><![CDATA[${cond}]]></conditionExpression></sequenceFlow>`
    : `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`;
}

/** A BPMN document holding one process. */
export function bpmn(key, name, body) {
  return (
    '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://loom/e2e">' +
    `<process id="${key}" name="${name}" isExecutable="true">${body}</process></definitions>`
  );
}
