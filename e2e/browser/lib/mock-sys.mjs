// An in-memory stand-in for the sys service, following docs/wire.md. It lets the portal and its
// browser tests run before (or without) the real platform: `node e2e/browser/serve.mjs --mock`.
// It is a test double, not a reference implementation: validation is minimal.
import { randomUUID } from 'node:crypto';

let seq = 1000;
const nid = () => String(++seq);
const now = () => new Date().toISOString().replace('T', ' ').slice(0, 19);

function menu(id, parentId, name, type, href, permission, sort, icon = '') {
  return { id, parentId, name, type, href, permission, sort, icon, isShow: '1', target: '', affix: '0', remarks: '' };
}

function seedMenus() {
  const m = [];
  m.push(menu('m-sys', '0', '系统管理', '0', '', '', 10, 'SettingOutlined'));
  const pages = [
    ['m-user', '用户管理', '/sys/user/UserList', 'sys:user', ['view', 'add', 'edit', 'del'], 'UserOutlined'],
    ['m-office', '机构管理', '/sys/office/OfficeList', 'sys:office', ['view', 'add', 'edit', 'del'], 'ApartmentOutlined'],
    ['m-role', '角色管理', '/sys/role/RoleList', 'sys:role', ['view', 'add', 'edit', 'del', 'assign', 'auth'], 'TeamOutlined'],
    ['m-post', '岗位管理', '/sys/post/PostList', 'sys:post', ['view', 'add', 'edit', 'del'], 'IdcardOutlined'],
    ['m-area', '区域管理', '/sys/area/AreaList', 'sys:area', ['view', 'add', 'edit', 'del'], 'EnvironmentOutlined'],
    ['m-menu', '菜单管理', '/sys/menu/MenuList', 'sys:menu', ['view', 'add', 'edit', 'del'], 'MenuOutlined'],
    ['m-dict', '字典管理', '/sys/dict/DictList', 'sys:dict', ['view', 'add', 'edit', 'del'], 'BookOutlined'],
  ];
  let sort = 10;
  for (const [id, name, href, perm, buttons, icon] of pages) {
    m.push(menu(id, 'm-sys', name, '1', href, perm + ':list', sort, icon));
    sort += 10;
    let bs = 10;
    for (const b of buttons) {
      m.push(menu(`${id}-${b}`, id, { view: '查看', add: '添加', edit: '修改', del: '删除', assign: '分配用户', auth: '权限设置' }[b], '2', '', `${perm}:${b}`, bs));
      bs += 10;
    }
  }
  m.push(menu('m-icon', 'm-sys', '图标库', '1', '/sys/icon/IconList', '', 90, 'fa-solid fa-icons'));
  m.push(menu('m-gen', '0', '代码生成', '0', '', '', 20, 'CodeOutlined'));
  m.push(menu('m-gentable', 'm-gen', '表单配置', '1', '/gencode/table/GenTableList', 'gencode:genTable:list', 10, 'TableOutlined'));
  m.push(menu('m-flow', '0', '流程管理', '0', '', '', 30, 'fa-solid fa-diagram-project'));
  m.push(menu('m-todo', 'm-flow', '待办事项', '1', '/flowable/task/TodoList', 'flowable:task:todo', 10, ''));
  m.push(menu('m-form', '0', '表单管理', '0', '', '', 40, 'FormOutlined'));
  m.push(menu('m-formmake', 'm-form', '表单设计', '1', '/form/make/FormMakeList', 'form:make:list', 10, ''));
  return m;
}

function createState(adminPassword) {
  const menus = seedMenus();
  return {
    users: [
      {
        id: '1', loginName: 'admin', name: '系统管理员', password: adminPassword, no: '0001', email: 'admin@example.com', phone: '', mobile: '',
        photo: '', loginFlag: '1', remarks: '', companyDTO: { id: '1', name: 'Loom 总公司' }, officeDTO: { id: '2', name: '技术部' },
        roleIdList: ['1'], postIdList: [], createDate: now(),
      },
    ],
    offices: [
      { id: '1', parentId: '0', parentIds: '0,', name: 'Loom 总公司', code: '100', type: '1', grade: '1', sort: 10, useable: '1', remarks: '' },
      { id: '2', parentId: '1', parentIds: '0,1,', name: '技术部', code: '101', type: '2', grade: '2', sort: 10, useable: '1', remarks: '' },
    ],
    roles: [{ id: '1', name: '系统管理员', enName: 'admin', useable: '1', remarks: '', menuIdList: menus.map((m) => m.id), sysData: '1' }],
    posts: [{ id: '1', name: '总经理', code: 'ceo', type: '1', status: '1', sort: 10, remarks: '' }],
    areas: [{ id: '1', parentId: '0', parentIds: '0,', name: '中国', code: '100000', type: '1', sort: 10, remarks: '' }],
    menus,
    dictTypes: [
      { id: '1', type: 'yes_no', description: '是否', remarks: '' },
      { id: '2', type: 'sys_post_type', description: '岗位类型', remarks: '' },
    ],
    dictValues: [
      { id: '1', dictTypeId: '1', label: '是', value: '1', sort: 10, remarks: '' },
      { id: '2', dictTypeId: '1', label: '否', value: '0', sort: 20, remarks: '' },
      { id: '3', dictTypeId: '2', label: '高管', value: '1', sort: 10, remarks: '' },
      { id: '4', dictTypeId: '2', label: '普通员工', value: '2', sort: 20, remarks: '' },
    ],
    tokens: new Map(), // token -> { userId, exp }
    refresh: new Map(), // refreshToken -> userId
  };
}

class HttpFail extends Error {
  constructor(status, code, msg) {
    super(msg);
    this.status = status;
    this.code = code;
  }
}
const bad = (msg) => new HttpFail(400, 'INVALID_ARGUMENT', msg);

/** Parses a qs (allowDots + indices) query into a nested object. */
export function parseQuery(search) {
  const out = {};
  for (const [rawKey, value] of new URLSearchParams(search)) {
    const parts = rawKey.replace(/\[(\d+)\]/g, '.$1').split('.');
    let cur = out;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) cur[p] = value;
      else cur = cur[p] ??= /^\d+$/.test(parts[i + 1]) ? [] : {};
    });
  }
  return out;
}

function tree(list) {
  const byParent = new Map();
  for (const n of list) {
    const k = n.parentId ?? '0';
    if (!byParent.has(k)) byParent.set(k, []);
    byParent.get(k).push(n);
  }
  const build = (pid) =>
    (byParent.get(pid) ?? [])
      .slice()
      .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
      .map((n) => {
        const kids = build(n.id);
        return kids.length ? { ...n, children: kids } : { ...n };
      });
  const ids = new Set(list.map((n) => n.id));
  const roots = list.filter((n) => !ids.has(n.parentId ?? '0')).map((n) => n.parentId ?? '0');
  return [...new Set(roots)].flatMap((r) => build(r));
}

function page(rows, q, sortable) {
  let list = rows;
  const orders = Array.isArray(q.orders) ? q.orders : [];
  for (const o of orders.slice().reverse()) {
    const col = o.column;
    if (!sortable[col]) throw bad(`不支持的排序字段: ${col}`);
    const get = sortable[col];
    const asc = String(o.asc) === 'true';
    list = list.slice().sort((a, b) => {
      const x = String(get(a) ?? ''), y = String(get(b) ?? '');
      return asc ? x.localeCompare(y) : y.localeCompare(x);
    });
  }
  const current = Math.max(1, Number(q.current ?? 1));
  let size = Number(q.size ?? 10);
  if (size === -1 || size >= 1000000) size = Math.max(list.length, 1);
  const records = list.slice((current - 1) * size, current * size);
  return { records, total: list.length, current, size, pages: Math.ceil(list.length / size) };
}

const like = (v, q) => !q || String(v ?? '').includes(q);

export function createMockSys({ adminPassword = 'admin123', tokenTtlMs = 30 * 60 * 1000 } = {}) {
  let s = createState(adminPassword);

  const issue = (userId) => {
    const token = 'tk-' + randomUUID();
    const refreshToken = 'rt-' + randomUUID();
    s.tokens.set(token, { userId, exp: Date.now() + tokenTtlMs });
    s.refresh.set(refreshToken, userId);
    return { token, refreshToken };
  };

  const userOf = (req) => {
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : req.headers.token;
    if (!token) throw new HttpFail(401, 'UNAUTHENTICATED', '请先登录');
    const t = s.tokens.get(token);
    if (!t || t.exp < Date.now()) throw new HttpFail(408, 'TOKEN_EXPIRED', '登录已过期');
    const u = s.users.find((x) => x.id === t.userId);
    if (!u) throw new HttpFail(401, 'UNAUTHENTICATED', '用户不存在');
    return u;
  };

  const grantedMenuIds = (u) => new Set(s.roles.filter((r) => (u.roleIdList ?? []).includes(r.id)).flatMap((r) => r.menuIdList ?? []));
  const permissionsOf = (u) => {
    const ids = grantedMenuIds(u);
    return [...new Set(s.menus.filter((m) => ids.has(m.id) && m.permission).map((m) => m.permission))];
  };
  const need = (u, perm) => {
    if (!permissionsOf(u).includes(perm)) throw new HttpFail(403, 'PERMISSION_DENIED', `没有权限: ${perm}`);
  };
  const dictMap = () => {
    const out = {};
    for (const t of s.dictTypes) {
      out[t.type] = s.dictValues.filter((v) => v.dictTypeId === t.id).sort((a, b) => a.sort - b.sort).map(({ id, label, value, sort }) => ({ id, label, value, sort }));
    }
    return out;
  };
  const publicUser = (u) => {
    const { password: _p, ...rest } = u;
    const roleNames = s.roles.filter((r) => (u.roleIdList ?? []).includes(r.id)).map((r) => r.name).join(',');
    return { ...rest, roleNames };
  };
  const officeRef = (id) => {
    const o = s.offices.find((x) => x.id === id);
    return o ? { id: o.id, name: o.name } : null;
  };
  const upsert = (list, body, make) => {
    if (body.id) {
      const i = list.findIndex((x) => x.id === body.id);
      if (i < 0) throw new HttpFail(404, 'NOT_FOUND', '记录不存在');
      list[i] = { ...list[i], ...make(body, list[i]) };
      return list[i];
    }
    const row = { id: nid(), ...make(body, null) };
    list.push(row);
    return row;
  };
  const idsOf = (q) => String(q.ids ?? '').split(',').filter(Boolean);
  const parentIdsOf = (list, parentId) => {
    if (!parentId || parentId === '0') return '0,';
    const p = list.find((x) => x.id === parentId);
    return (p?.parentIds ?? '0,') + parentId + ',';
  };
  const removeTree = (list, ids) => {
    const gone = new Set(ids);
    let changed = true;
    while (changed) {
      changed = false;
      for (const n of list) if (!gone.has(n.id) && gone.has(n.parentId)) (gone.add(n.id), (changed = true));
    }
    return list.filter((n) => !gone.has(n.id));
  };

  const routes = {
    'POST /sys/login': ({ body }) => {
      const u = s.users.find((x) => x.loginName === body.username);
      if (!u || u.password !== body.password) throw new HttpFail(401, 'UNAUTHENTICATED', '用户名或密码错误');
      if (u.loginFlag !== '1') throw new HttpFail(401, 'UNAUTHENTICATED', '该账号已被禁用');
      return { ...issue(u.id), oldLoginIp: '127.0.0.1', oldLoginDate: now() };
    },
    'GET /sys/refreshToken': ({ q }) => {
      const userId = s.refresh.get(q.refreshToken);
      if (!userId) throw new HttpFail(401, 'UNAUTHENTICATED', '刷新令牌无效');
      s.refresh.delete(q.refreshToken);
      return issue(userId);
    },
    'GET /sys/sysConfig/getConfig': () => ({ productName: 'Loom', logo: '', defaultLayout: 'left', defaultTheme: '#1677ff' }),
    'GET /sys/logout': ({ req }) => {
      const auth = req.headers.authorization ?? '';
      s.tokens.delete(auth.slice(7));
      return '退出成功';
    },
    'GET /sys/user/info': ({ user }) => ({ user: publicUser(user), role: s.roles.filter((r) => user.roleIdList.includes(r.id)) }),
    'GET /sys/user/getMenus': ({ user }) => {
      const ids = grantedMenuIds(user);
      const shown = s.menus.filter((m) => m.type !== '2' && m.isShow === '1' && ids.has(m.id));
      const keep = new Set(shown.map((m) => m.id));
      for (const m of shown) {
        let p = s.menus.find((x) => x.id === m.parentId);
        while (p) {
          keep.add(p.id);
          p = s.menus.find((x) => x.id === p.parentId);
        }
      }
      const menuList = tree(s.menus.filter((m) => keep.has(m.id) && m.type !== '2'));
      return { menuList, routerList: menuList, permissions: permissionsOf(user), dictList: dictMap() };
    },
    'POST /sys/user/savePwd': ({ user, body }) => {
      if (user.password !== body.oldPassword) throw bad('旧密码错误');
      user.password = body.newPassword;
      return '修改密码成功';
    },
    // users
    'GET /sys/user/list': ({ q }) =>
      page(
        s.users
          .filter((u) => like(u.loginName, q.loginName) && like(u.name, q.name))
          .filter((u) => !q.companyDTO?.id || u.companyDTO?.id === q.companyDTO.id)
          .filter((u) => !q.officeDTO?.id || u.officeDTO?.id === q.officeDTO.id)
          .map(publicUser),
        q,
        { login_name: (u) => u.loginName, name: (u) => u.name, 'c.name': (u) => u.companyDTO?.name, 'o.name': (u) => u.officeDTO?.name, create_date: (u) => u.createDate },
      ),
    'GET /sys/user/queryById': ({ q }) => {
      const u = s.users.find((x) => x.id === q.id);
      if (!u) throw new HttpFail(404, 'NOT_FOUND', '用户不存在');
      return publicUser(u);
    },
    'GET /sys/user/validateLoginName': ({ q }) => !s.users.some((u) => u.loginName === q.loginName && u.loginName !== q.oldLoginName),
    'POST /sys/user/save': ({ user, body }) => {
      need(user, body.id ? 'sys:user:edit' : 'sys:user:add');
      if (!body.loginName) throw bad('登录名不能为空');
      if (s.users.some((u) => u.loginName === body.loginName && u.id !== body.id)) throw new HttpFail(409, 'ALREADY_EXISTS', `保存用户'${body.loginName}'失败，登录名已存在`);
      upsert(s.users, body, (b, old) => ({
        loginName: b.loginName, name: b.name, no: b.no ?? '', email: b.email ?? '', phone: b.phone ?? '', mobile: b.mobile ?? '', photo: b.photo ?? '',
        loginFlag: b.loginFlag ?? old?.loginFlag ?? '1', remarks: b.remarks ?? '',
        companyDTO: officeRef(b.companyDTO?.id) ?? old?.companyDTO ?? null, officeDTO: officeRef(b.officeDTO?.id) ?? old?.officeDTO ?? null,
        roleIdList: b.roleIdList ?? old?.roleIdList ?? [], postIdList: b.postIdList ?? old?.postIdList ?? [],
        password: b.password ? b.password : old?.password ?? '123456', createDate: old?.createDate ?? now(),
      }));
      return `保存用户'${body.loginName}'成功`;
    },
    'DELETE /sys/user/delete': ({ user, q }) => {
      need(user, 'sys:user:del');
      const ids = idsOf(q);
      if (ids.includes(user.id)) throw bad('删除用户失败, 不允许删除当前用户');
      s.users = s.users.filter((u) => !ids.includes(u.id));
      return '删除用户成功';
    },
    'PUT /sys/user/updateLoginFlag': ({ q }) => {
      for (const u of s.users) if (idsOf(q).includes(u.id)) u.loginFlag = q.loginFlag;
      return q.loginFlag === '1' ? '启用成功' : '禁用成功';
    },
    'PUT /sys/user/resetPassword': ({ q }) => {
      const u = s.users.find((x) => x.id === q.id);
      if (!u) throw new HttpFail(404, 'NOT_FOUND', '用户不存在');
      u.password = q.newPassword;
      return '重置密码成功';
    },
    // offices
    'GET /sys/office/treeData': ({ q }) => tree(s.offices.filter((o) => !q.type || q.type === '2' || o.type === q.type)),
    'GET /sys/office/queryById': ({ q }) => {
      const o = s.offices.find((x) => x.id === q.id);
      if (!o) throw new HttpFail(404, 'NOT_FOUND', '机构不存在');
      const p = s.offices.find((x) => x.id === o.parentId);
      return { ...o, parent: p ? { id: p.id, name: p.name } : null };
    },
    'POST /sys/office/save': ({ body }) => {
      if (!body.name) throw bad('机构名称不能为空');
      const pid = body.parentId || body.parent?.id || '0';
      upsert(s.offices, body, (b, old) => ({
        parentId: pid, parentIds: parentIdsOf(s.offices, pid), name: b.name, code: b.code ?? '', type: b.type ?? old?.type ?? '2',
        grade: b.grade ?? '1', sort: Number(b.sort ?? 30), useable: b.useable ?? '1', remarks: b.remarks ?? '',
      }));
      return `保存机构'${body.name}'成功`;
    },
    'DELETE /sys/office/delete': ({ q }) => {
      s.offices = removeTree(s.offices, idsOf(q));
      return '删除机构成功';
    },
    // roles
    'GET /sys/role/list': ({ q }) => page(s.roles.filter((r) => like(r.name, q.name) && like(r.enName, q.enName)), q, { name: (r) => r.name, en_name: (r) => r.enName }),
    'GET /sys/role/queryById': ({ q }) => {
      const r = s.roles.find((x) => x.id === q.id);
      if (!r) throw new HttpFail(404, 'NOT_FOUND', '角色不存在');
      return r;
    },
    'POST /sys/role/save': ({ user, body }) => {
      need(user, body.id ? 'sys:role:edit' : 'sys:role:add');
      if (!body.name) throw bad('角色名称不能为空');
      upsert(s.roles, body, (b, old) => ({ name: b.name, enName: b.enName ?? '', useable: b.useable ?? '1', remarks: b.remarks ?? '', menuIdList: b.menuIdList ?? old?.menuIdList ?? [] }));
      return `保存角色'${body.name}'成功`;
    },
    'DELETE /sys/role/delete': ({ q }) => {
      s.roles = s.roles.filter((r) => !idsOf(q).includes(r.id));
      return '删除角色成功';
    },
    'GET /sys/role/assign': ({ q }) => page(s.users.filter((u) => u.roleIdList.includes(q.roleId)).map(publicUser), q, { login_name: (u) => u.loginName, name: (u) => u.name }),
    'PUT /sys/role/addUserToRole': ({ q }) => {
      for (const id of String(q.userIds ?? '').split(',')) {
        const u = s.users.find((x) => x.id === id);
        if (u && !u.roleIdList.includes(q.roleId)) u.roleIdList.push(q.roleId);
      }
      return '分配用户成功';
    },
    'DELETE /sys/role/removeUserFromRole': ({ q }) => {
      const u = s.users.find((x) => x.id === q.userId);
      if (u) u.roleIdList = u.roleIdList.filter((r) => r !== q.roleId);
      return '移除用户成功';
    },
    // posts
    'GET /sys/post/list': ({ q }) => page(s.posts.filter((p) => like(p.name, q.name) && like(p.code, q.code)), q, { name: (p) => p.name, code: (p) => p.code, sort: (p) => String(p.sort).padStart(6, '0') }),
    'GET /sys/post/queryById': ({ q }) => s.posts.find((x) => x.id === q.id) ?? null,
    'POST /sys/post/save': ({ body }) => {
      if (!body.name) throw bad('岗位名称不能为空');
      upsert(s.posts, body, (b) => ({ name: b.name, code: b.code ?? '', type: b.type ?? '', status: b.status ?? '1', sort: Number(b.sort ?? 30), remarks: b.remarks ?? '' }));
      return `保存岗位'${body.name}'成功`;
    },
    'DELETE /sys/post/delete': ({ q }) => {
      s.posts = s.posts.filter((p) => !idsOf(q).includes(p.id));
      return '删除岗位成功';
    },
    // areas
    'GET /sys/area/treeData': () => tree(s.areas),
    'GET /sys/area/queryById': ({ q }) => s.areas.find((x) => x.id === q.id) ?? null,
    'POST /sys/area/save': ({ body }) => {
      const pid = body.parentId || '0';
      upsert(s.areas, body, (b) => ({ parentId: pid, parentIds: parentIdsOf(s.areas, pid), name: b.name, code: b.code ?? '', type: b.type ?? '', sort: Number(b.sort ?? 30), remarks: b.remarks ?? '' }));
      return `保存区域'${body.name}'成功`;
    },
    'DELETE /sys/area/delete': ({ q }) => {
      s.areas = removeTree(s.areas, idsOf(q));
      return '删除区域成功';
    },
    // menus
    'GET /sys/menu/treeData': () => tree(s.menus),
    'GET /sys/menu/authTreeData': () => tree(s.menus),
    'GET /sys/menu/queryById': ({ q }) => s.menus.find((x) => x.id === q.id) ?? null,
    'POST /sys/menu/save': ({ body }) => {
      const pid = body.parentId || '0';
      upsert(s.menus, body, (b) => ({
        parentId: pid, parentIds: parentIdsOf(s.menus, pid), name: b.name, type: b.type ?? '1', href: b.href ?? '', target: b.target ?? '', icon: b.icon ?? '',
        permission: b.permission ?? '', sort: Number(b.sort ?? 30), isShow: b.isShow ?? '1', affix: b.affix ?? '0', remarks: b.remarks ?? '',
      }));
      return `保存菜单'${body.name}'成功`;
    },
    'DELETE /sys/menu/delete': ({ q }) => {
      s.menus = removeTree(s.menus, idsOf(q));
      return '删除菜单成功';
    },
    // dictionaries
    'GET /sys/dict/type/list': ({ q }) => page(s.dictTypes.filter((d) => like(d.type, q.type) && like(d.description, q.description)), q, { type: (d) => d.type, description: (d) => d.description }),
    'GET /sys/dict/queryById': ({ q }) => s.dictTypes.find((x) => x.id === q.id) ?? null,
    'POST /sys/dict/save': ({ body }) => {
      if (!body.type) throw bad('类型不能为空');
      if (s.dictTypes.some((d) => d.type === body.type && d.id !== body.id)) throw new HttpFail(409, 'ALREADY_EXISTS', `字典类型'${body.type}'已存在`);
      upsert(s.dictTypes, body, (b) => ({ type: b.type, description: b.description ?? '', remarks: b.remarks ?? '' }));
      return `保存字典类型'${body.type}'成功`;
    },
    'DELETE /sys/dict/delete': ({ q }) => {
      const ids = idsOf(q);
      s.dictTypes = s.dictTypes.filter((d) => !ids.includes(d.id));
      s.dictValues = s.dictValues.filter((v) => !ids.includes(v.dictTypeId));
      return '删除字典成功';
    },
    'GET /sys/dict/getDictValue': ({ q }) => s.dictValues.filter((v) => v.dictTypeId === q.dictTypeId).sort((a, b) => a.sort - b.sort),
    'GET /sys/dict/queryDictValue': ({ q }) => s.dictValues.find((x) => x.id === q.dictValueId) ?? null,
    'POST /sys/dict/saveDictValue': ({ body }) => {
      if (!body.label || body.value == null || body.value === '') throw bad('标签和键值不能为空');
      upsert(s.dictValues, body, (b) => ({ dictTypeId: b.dictTypeId, label: b.label, value: String(b.value), sort: Number(b.sort ?? 10), remarks: b.remarks ?? '' }));
      return `保存字典值'${body.label}'成功`;
    },
    'DELETE /sys/dict/deleteDictValue': ({ q }) => {
      s.dictValues = s.dictValues.filter((v) => !idsOf(q).includes(v.id));
      return '删除字典值成功';
    },
    'GET /sys/dict/getDictMap': () => dictMap(),
  };
  const PUBLIC = new Set(['POST /sys/login', 'GET /sys/refreshToken', 'GET /sys/sysConfig/getConfig']);

  /** Handles `/api/...` requests; returns false when the path is not an API path. */
  return async function handle(req, res) {
    const url = new URL(req.url, 'http://x');
    if (!url.pathname.startsWith('/api/')) return false;
    const path = url.pathname.slice(4);
    const send = (status, body) => {
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    // test hooks
    if (path === '/__mock/reset') {
      s = createState(adminPassword);
      return send(200, 'ok'), true;
    }
    if (path === '/__mock/expireTokens') {
      for (const t of s.tokens.values()) t.exp = 0;
      return send(200, 'ok'), true;
    }
    const key = `${req.method} ${path}`;
    const fn = routes[key];
    if (!fn) return send(404, { code: 'NOT_FOUND', msg: `404 路径找不到: ${path}` }), true;
    let raw = '';
    for await (const chunk of req) raw += chunk;
    let body = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      body = Object.fromEntries(new URLSearchParams(raw));
    }
    try {
      const user = PUBLIC.has(key) ? null : userOf(req);
      const out = await fn({ req, q: parseQuery(url.search), body, user });
      send(200, out ?? null);
    } catch (e) {
      if (e instanceof HttpFail) send(e.status, { code: e.code, msg: e.message, details: {} });
      else send(500, { code: 'INTERNAL', msg: String(e?.message ?? e) });
    }
    return true;
  };
}
