import { addMessages } from '@loom/ui';

/** Texts of the process designer, the viewer and the workflow administration screens (namespace `designer`). */
export const messages = {
  'zh-CN': {
    common: {
      add: '新建', edit: '修改', view: '查看', delete: '删除', save: '保存', close: '关闭', confirm: '确定', cancel: '取消',
      operation: '操作', name: '名称', sort: '排序', remarks: '备注', yes: '是', no: '否', tip: '提示', search: '查询',
      confirmDelete: '确定删除所选项吗?', required: '{{field}}不能为空', cancelled: '已取消', type: '类型', value: '值',
    },
    viewer: { title: '查看流程' },
    model: {
      entity: '流程模型', key: '流程标识', name: '流程名称', category: '流程分类', version: '流程版本', description: '描述',
      lastUpdated: '更新时间', status: '状态', deployed: '已发布', notDeployed: '未发布', suspended: '已挂起',
      design: '设计', copy: '复制', deploy: '发布', preview: '预览', changeCategory: '修改分类', notSet: '未设置',
      confirmCopy: '确定复制该流程吗?', confirmDeploy: '确定发布该流程吗?', chooseCategory: '请选择流程分类', noCategoryYet: '还没有流程分类：可先在 流程分类 中添加，否则新流程为未设置',
    },
    process: {
      entity: '流程定义', id: '流程定义ID', key: '流程标识', name: '流程名称', category: '流程分类', version: '流程版本',
      deployTime: '部署时间', status: '状态', active: '激活', suspend: '挂起', activeState: '已激活', suspendState: '已挂起',
      chart: '流程图', confirmSuspend: '确定挂起该流程吗?', confirmActive: '确定激活该流程吗?', confirmDelete: '确定删除该流程定义的版本v{{version}}及其所有实例吗? 流程模型保留。',
      allCategories: '全部分类',
    },
    category: { entity: '流程分类', name: '分类名称', parent: '上级分类', sort: '排序', remarks: '备注', root: '全部分类', tree: '流程分类' },
    button: { entity: '常用按钮', name: '名称', code: '编码', sort: '排序', codeTaken: '编码已存在', nameTaken: '名称已存在' },
    condition: { entity: '流程表达式', name: '名称', expression: '表达式', remarks: '备注' },
    listener: {
      entity: '监听器', name: '名称', listenerType: '监听器类型', event: '事件', valueType: '值类型', value: '值',
      execution: '执行监听器', task: '任务监听器', class: '类', expression: '表达式', delegateExpression: '代理表达式',
    },
  },
  'en-US': {
    common: {
      add: 'New', edit: 'Edit', view: 'View', delete: 'Delete', save: 'Save', close: 'Close', confirm: 'OK', cancel: 'Cancel',
      operation: 'Actions', name: 'Name', sort: 'Sort', remarks: 'Remarks', yes: 'Yes', no: 'No', tip: 'Notice', search: 'Search',
      confirmDelete: 'Delete the selected items?', required: '{{field}} must not be empty', cancelled: 'cancelled', type: 'Type', value: 'Value',
    },
    viewer: { title: 'View process' },
    model: {
      entity: 'Process model', key: 'Process key', name: 'Process name', category: 'Category', version: 'Version', description: 'Description',
      lastUpdated: 'Updated', status: 'Status', deployed: 'Published', notDeployed: 'Not published', suspended: 'Suspended',
      design: 'Design', copy: 'Copy', deploy: 'Publish', preview: 'Preview', changeCategory: 'Change category', notSet: 'Not set',
      confirmCopy: 'Copy this process?', confirmDeploy: 'Publish this process?', chooseCategory: 'Choose a category', noCategoryYet: 'There is no category yet: add one in Process categories, or the new process stays uncategorised',
    },
    process: {
      entity: 'Process definition', id: 'Definition id', key: 'Process key', name: 'Process name', category: 'Category', version: 'Version',
      deployTime: 'Deployed', status: 'Status', active: 'Activate', suspend: 'Suspend', activeState: 'Active', suspendState: 'Suspended',
      chart: 'Chart', confirmSuspend: 'Suspend this process?', confirmActive: 'Activate this process?', confirmDelete: 'Delete version v{{version}} of this definition with all its instances? The model stays.',
      allCategories: 'All categories',
    },
    category: { entity: 'Process category', name: 'Category name', parent: 'Parent category', sort: 'Sort', remarks: 'Remarks', root: 'All categories', tree: 'Process categories' },
    button: { entity: 'Common button', name: 'Name', code: 'Code', sort: 'Sort', codeTaken: 'The code is taken', nameTaken: 'The name is taken' },
    condition: { entity: 'Process expression', name: 'Name', expression: 'Expression', remarks: 'Remarks' },
    listener: {
      entity: 'Listener', name: 'Name', listenerType: 'Listener type', event: 'Event', valueType: 'Value type', value: 'Value',
      execution: 'Execution listener', task: 'Task listener', class: 'Class', expression: 'Expression', delegateExpression: 'Delegate expression',
    },
  },
};

addMessages('designer', messages);
