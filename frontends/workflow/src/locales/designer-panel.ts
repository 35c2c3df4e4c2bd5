import { addMessages } from '@loom/ui';

/** Texts of the designer dialog, its toolbar and both properties panels (namespace `designer`, keys `designer.*`, `panel.*`). */
const messages = {
  'zh-CN': {
    designer: {
      title: '流程设计', save: '保存', savePublish: '保存并发布', open: '打开文件', undo: '撤销', redo: '重做',
      zoomIn: '放大', zoomOut: '缩小', zoomReset: '重置', downloadBpmn: '下载BPMN', downloadSvg: '下载SVG',
      panelProduct: '产品面板', panelGeneric: '通用面板', switchPanel: '切换面板', close: '关闭',
      saved: '保存成功', cancelled: '已取消',
      confirmPublish: '确定要保存并发布流程吗?',
      confirmNewModel: '该流程已发布，修改流程标识将创建一个新流程，是否继续?',
      noAssignee: '节点[{{name}}]未指定审批人', noButtons: '节点[{{name}}]未配置按钮', noForm: '节点[{{name}}]未配置表单',
      importFailed: '文件导入失败',
    },
    panel: {
      basic: '基本设置', id: '编号', name: '名称', description: '描述', initiator: '发起人',
      reviewer: '审核人', initiatorDepart: '发起人部门', initiatorCompany: '发起人公司', assign: '分配人员', userType: '用户类型', source: '来源', value: '值', sort: '排序', del: '删除', addRow: '添加',
      types: {
        user: '用户', post: '岗位', company: '公司', depart: '部门', role: '角色', applyUserId: '发起人', previousExecutor: '上一步执行人',
        currentUserId: '当前登录用户', sql: 'sql', custom: '自定义',
      },
      form: '表单设置', formType: '表单类型', dynamicForm: '动态表单', externalForm: '外置表单', formAddress: '表单地址', readOnly: '只读',
      formName: '表单名称', formVersion: '版本', formKey: '表单key', fieldName: '字段名称', fieldId: '字段ID', readable: '可读', writable: '可写',
      chooseForm: '选择表单', dynamicRequired: '动态表单不能为空', confirmDeleteForm: '确认删除动态表单?',
      timer: '边界时间属性设置', timerType: '类型', timerValue: '值', timeDate: '日期', timeDuration: '持续时长', timeCycle: '循环',
      buttons: '按钮配置', chooseButton: '选择按钮', addButton: '添加按钮', code: '编码', tip: '提示', hide: '隐藏', chooseCommonButtons: '选择常用按钮',
      nameRequired: '名称不能为空', codeRequired: '编码不能为空', systemCode: '请勿使用系统预设编码!', codeTaken: '编码已存在', sortRequired: '排序不能为空', hideRequired: '必选项不能为空',
      condition: '条件', conditionType: '条件类型', byField: '表单字段', byExpression: '流程表达式', expression: '表达式',
      field: '字段', compare: '比较', logic: '逻辑', and: '且', or: '或', chooseExpression: '选择表达式', pickOneExpression: '请选择一条表达式!',
      executionListener: '执行监听器', taskListener: '任务监听器', event: '事件', listenerType: '监听器类型', listenerValue: '值',
      javaClass: 'Java类', expressionType: '表达式', delegateExpression: '代理表达式', addListener: '添加监听器', chooseListener: '选择常用监听器',
      fields: '注入字段', fieldValueType: '字段类型', string: '字符串',
      classRequired: '类不能为空', expressionRequired: '表达式不能为空', delegateRequired: '代理表达式不能为空',
      startable: '启动权限', everyone: '所有人', specified: '指定人员', users: '用户', roles: '角色',
      multiInstance: '会签', miType: '会签类型', miNone: '无', miParallel: '并行', miSequential: '串行', completion: '完成条件',
      allPass: '全部通过', percentage: '按比例通过', percent: '通过比例(%)',
    },
  },
  'en-US': {
    designer: {
      title: 'Process design', save: 'Save', savePublish: 'Save and publish', open: 'Open file', undo: 'Undo', redo: 'Redo',
      zoomIn: 'Zoom in', zoomOut: 'Zoom out', zoomReset: 'Reset', downloadBpmn: 'Download BPMN', downloadSvg: 'Download SVG',
      panelProduct: 'Product panel', panelGeneric: 'Generic panel', switchPanel: 'Switch panel', close: 'Close',
      saved: 'save succeeded', cancelled: 'cancelled',
      confirmPublish: 'sure you want to save and publish the process?',
      confirmNewModel: 'The process is published: changing its id creates a new process. Continue?',
      noAssignee: 'node [{{name}}] has no assignee specified', noButtons: 'node [{{name}}] has no buttons configured', noForm: 'node [{{name}}] has no form configured',
      importFailed: 'The file could not be imported',
    },
    panel: {
      basic: 'Basic settings', id: 'ID', name: 'Name', description: 'Description', initiator: 'Initiator',
      reviewer: 'Reviewer', initiatorDepart: "Initiator's department", initiatorCompany: "Initiator's company", assign: 'Assign people', userType: 'User type', source: 'Source', value: 'Value', sort: 'Sort', del: 'Delete', addRow: 'Add',
      types: {
        user: 'User', post: 'Post', company: 'Company', depart: 'Department', role: 'Role', applyUserId: 'Initiator', previousExecutor: 'Previous executor',
        currentUserId: 'Current user', sql: 'SQL', custom: 'Custom',
      },
      form: 'Form settings', formType: 'Form type', dynamicForm: 'Dynamic form', externalForm: 'External form', formAddress: 'Form address', readOnly: 'Read-only',
      formName: 'Form name', formVersion: 'Version', formKey: 'Form key', fieldName: 'Field name', fieldId: 'Field id', readable: 'Readable', writable: 'Writable',
      chooseForm: 'Choose a form', dynamicRequired: 'Dynamic form must not be empty', confirmDeleteForm: 'Confirm deleting the dynamic form?',
      timer: 'Boundary time attribute settings', timerType: 'Type', timerValue: 'Value', timeDate: 'Date', timeDuration: 'Duration', timeCycle: 'Cycle',
      buttons: 'Button configuration', chooseButton: 'Choose buttons', addButton: 'Add button', code: 'Code', tip: 'Tip', hide: 'Hidden', chooseCommonButtons: 'Select common buttons',
      nameRequired: 'Name must not be empty', codeRequired: 'Code must not be empty', systemCode: 'Do not use a system preset code!', codeTaken: 'The code is taken', sortRequired: 'Sort must not be empty', hideRequired: 'Required',
      condition: 'Condition', conditionType: 'Condition type', byField: 'Form field', byExpression: 'Process expression', expression: 'Expression',
      field: 'Field', compare: 'Compare', logic: 'Logic', and: 'and', or: 'or', chooseExpression: 'Choose an expression', pickOneExpression: 'Please choose one expression!',
      executionListener: 'Execution listeners', taskListener: 'Task listeners', event: 'Event', listenerType: 'Listener type', listenerValue: 'Value',
      javaClass: 'Java class', expressionType: 'Expression', delegateExpression: 'Delegate expression', addListener: 'Add listener', chooseListener: 'choose common listeners',
      fields: 'Injected fields', fieldValueType: 'Field type', string: 'String',
      classRequired: 'class cannot be empty', expressionRequired: 'expression cannot be empty', delegateRequired: 'delegate expression cannot be empty',
      startable: 'Start permission', everyone: 'Everyone', specified: 'Specified members', users: 'Users', roles: 'Roles',
      multiInstance: 'Countersign', miType: 'Multi-instance type', miNone: 'None', miParallel: 'Parallel', miSequential: 'Sequential', completion: 'Completion',
      allPass: 'All pass', percentage: 'Percentage', percent: 'Pass percentage (%)',
    },
  },
};

addMessages('designer', messages);
