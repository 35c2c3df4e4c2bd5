import { addMessages } from '@loom/ui';

/** Texts of the forms area (namespace `forms`). */
export const messages = {
  'zh-CN': {
    groups: { basic: '基础字段', advanced: '高级字段', layout: '布局字段', custom: '自定义字段' },
    types: {
      input: '单行文本', textarea: '多行文本', number: '计数器', radio: '单选框组', checkbox: '多选框组', time: '时间选择器', date: '日期选择器',
      rate: '评分', color: '颜色选择器', select: '下拉选择框', switch: '开关', slider: '滑块', text: '文字', html: 'HTML', imgupload: '图片上传',
      fileupload: '文件上传', editor: '编辑器', cascader: '级联选择器', selectTree: '树选择框', user: '用户选择框', office: '机构选择框', role: '角色选择框',
      area: '区域选择框', dict: '字典选择框', table: '子表单', grid: '栅格布局', tabs: '标签页', report: '表格布局', divider: '分割线', blank: '自定义区域',
      custom: '自定义组件', component: '组件', col: '列', td: '单元格',
    },
    toolbar: { pc: '电脑', pad: '平板', mobile: '手机', undo: '撤销', redo: '重做', import: '导入JSON', clear: '清空', preview: '预览', json: '生成JSON', code: '生成代码', save: '保存', close: '关闭' },
    canvas: { empty: '从左侧拖拽或点击来添加字段', tableEmpty: '表格暂无字段，请拖入字段', dropRefused: "Don't support adding this field", slotEmpty: '拖入字段' },
    actions: {
      clone: '复制', delete: '删除', addColumn: '添加列', addRow: '添加行', insertLeft: '左侧插入列', insertRight: '右侧插入列', insertAbove: '上方插入行', insertBelow: '下方插入行',
      mergeRight: '向右合并', mergeDown: '向下合并', split: '拆分单元格', removeRow: '删除当前行', removeColumn: '删除当前列', addTab: '添加标签页', deleteColumn: '删除列',
    },
    panel: { widget: '字段属性', form: '表单属性', list: '列表属性', noSelection: '请先选择一个字段' },
    tabPane: '标签页{{n}}',
    prop: {
      model: '字段标识', name: '标题', width: '宽度', height: '高度', span: '栅格宽度', placeholder: '占位内容', defaultValue: '默认值', labelWidth: '标签宽度', isLabelWidth: '自定义标签宽度',
      hideLabel: '隐藏标签', customClass: '自定义Class', min: '最小值', max: '最大值', step: '步长', multiple: '是否多选', filterable: '是否可搜索', clearable: '显示清除按钮',
      remote: '选项来源', remoteStatic: '静态数据', remoteUrl: '远端数据', remoteDict: '数据字典', remoteOption: '远端地址', dictType: '字典类型', options: '选项', showLabel: '显示标签',
      limit: '最大上传数', tip: '提示说明', action: '上传地址', format: '格式', dateType: '显示类型', isRange: '是否为范围选择', timestamp: '绑定时间戳', gutter: '栅格间隔', justify: '水平排列',
      align: '垂直排列', columns: '列配置', offset: '偏移', push: '右移', pull: '左移', tabs: '标签配置', tabPosition: '标签位置', contentPosition: '文案位置', rows: '行数',
      allowHalf: '允许半选', showAlpha: '支持透明度', showInput: '显示输入框', range: '范围选择', showPassword: '密码框', activeText: '开启文字', inactiveText: '关闭文字',
      dataUrl: '数据地址', isOnlySelectLeaf: '只能选择叶子节点', hidden: '隐藏', disabled: '禁用', readonly: '只读', required: '必填', requiredMessage: '必填提示',
      dataTypeCheck: '校验数据类型', dataType: '数据类型', dataTypeMessage: '类型错误提示', patternCheck: '正则校验', pattern: '正则表达式', patternMessage: '正则错误提示',
      validator: '常用校验', validation: '校验', borderWidth: '边框宽度', borderColor: '边框颜色', colspan: '合并列', rowspan: '合并行', valign: '垂直对齐',
      attributes: '操作属性', optionValue: '值', optionLabel: '标签', addOption: '添加选项', cellWidth: '单元格宽度',
      remoteType: '远端类型', remoteTypeFunc: '数据接口', remoteTypeOption: '选项地址', remoteFunc: '接口地址', propsValue: '值字段', propsLabel: '标签字段', propsChildren: '子级字段',
      component: '组件', componentNone: '没有已注册的自定义组件', template: '模板', editTemplate: '编辑模板', defaultType: '数据类型', edit: '编辑',
    },
    formProp: {
      labelPosition: '标签对齐方式', left: '左对齐', right: '右对齐', top: '顶部对齐', labelWidth: '表单标签宽度', size: '组件尺寸', medium: '中等', small: '较小', mini: '迷你',
      customClass: '自定义Class', customJs: '自定义JS', eventType: '事件类型', beforeSave: '保存前执行', afterSave: '保存后执行', actions: '跳转链接', addAction: '添加链接',
      actionName: '名称', link: '链接', paramKey: '参数名', paramValue: '参数值', position: '位置', toolbarPos: '工具栏', columnPos: '操作列', auth: '权限标识', width: '表单宽度', hideLabel: '隐藏标签',
    },
    listProp: { field: '字段', isShow: '列表显示', isSearch: '查询条件', isSort: '排序' },
    dialog: {
      importTitle: '导入JSON', importHint: '粘贴JeePlus或Loom导出的表单JSON', importError: 'JSON格式错误：{{msg}}', jsonTitle: '生成JSON', copy: '复制', download: '下载', copied: 'Copy Successed',
      codeTitle: '生成代码', component: 'React组件', html: 'HTML页面', export: '导出', previewTitle: '预览', getData: '获取数据', reset: '重置', enableEdit: '启用编辑', disableEdit: '禁用编辑',
      clearConfirm: '确定要清空所有字段吗？', data: '表单数据',
    },
    make: {
      title: '表单设计', name: '表单名称', code: '表单编号', tableName: '数据表', dataSource: '数据源', version: '版本', source: '表单来源', design: '设计', bind: '绑定数据表',
      createMenu: '创建菜单', preview: '预览', basicInfo: '基本信息', nameRequired: '表单名称不能为空', codeRequired: '表单编号不能为空', codeTaken: '表单编号已存在',
      tableRequired: '数据表不能为空', tableTaken: '数据表已存在', bindExisting: '已有数据表', bindNew: '新建数据表', parentMenu: '上级菜单', menuName: '菜单名称', menuRequired: '菜单名称不能为空',
      parentRequired: '上级菜单不能为空', saved: '保存成功', noDesign: '请先设计表单', notBound: '请先绑定数据表', remarks: '备注', icon: '图标',
    },
    def: {
      title: '流程表单', category: '表单分类', all: '全部', name: '表单名称', version: '版本', primary: '主版本', status: '状态', published: '已发布', draft: '草稿', retired: '已停用', newVersion: '设计新版本',
      setPrimary: '设为主版本', versions: '版本列表', addCategory: '添加分类', categoryName: '分类名称', design: '设计', nameRequired: '表单名称不能为空', categoryRequired: '表单分类不能为空',
      versionSaved: '保存成功（第 {{version}} 版）',
    },
    gen: { import: '导入', export: '导出', template: '下载模板', importTitle: '导入数据', importOk: '导入成功', noForm: '没有找到表单', chooseFile: '选择文件', deleteConfirm: '确定删除所选项吗?' },
    common: { add: '新建', edit: '修改', view: '查看', delete: '删除', save: '保存', cancel: '取消', confirm: '确定', close: '关闭', operation: '操作', search: '查询', reset: '重置', yes: '是', no: '否' },
  },
  'en-US': {
    groups: { basic: 'Basic fields', advanced: 'Advanced fields', layout: 'Layout', custom: 'Custom' },
    types: {
      input: 'Input', textarea: 'Textarea', number: 'Number', radio: 'Radio', checkbox: 'Checkbox', time: 'Time picker', date: 'Date picker', rate: 'Rate', color: 'Color picker',
      select: 'Select', switch: 'Switch', slider: 'Slider', text: 'Text', html: 'HTML', imgupload: 'Image upload', fileupload: 'File upload', editor: 'Rich text', cascader: 'Cascader',
      selectTree: 'Tree select', user: 'User picker', office: 'Office picker', role: 'Role picker', area: 'Area picker', dict: 'Dictionary select', table: 'Sub-table', grid: 'Grid',
      tabs: 'Tabs', report: 'Report table', divider: 'Divider', blank: 'Blank', custom: 'Custom component', component: 'Component', col: 'Column', td: 'Cell',
    },
    toolbar: { pc: 'PC', pad: 'Pad', mobile: 'Mobile', undo: 'Undo', redo: 'Redo', import: 'Import JSON', clear: 'Clear', preview: 'Preview', json: 'Generate JSON', code: 'Generate code', save: 'Save', close: 'Close' },
    canvas: { empty: 'Drag or click a field on the left to add it', tableEmpty: 'The table is empty: drag fields in', dropRefused: "Don't support adding this field", slotEmpty: 'Drop fields here' },
    actions: {
      clone: 'Clone', delete: 'Delete', addColumn: 'Add column', addRow: 'Add row', insertLeft: 'Insert column left', insertRight: 'Insert column right', insertAbove: 'Insert row above',
      insertBelow: 'Insert row below', mergeRight: 'Merge right', mergeDown: 'Merge down', split: 'Split cell', removeRow: 'Remove row', removeColumn: 'Remove column', addTab: 'Add tab', deleteColumn: 'Delete column',
    },
    panel: { widget: 'Widget', form: 'Form', list: 'List', noSelection: 'Select a field first' },
    tabPane: 'Tab {{n}}',
    prop: {
      model: 'Field key', name: 'Label', width: 'Width', height: 'Height', span: 'Span', placeholder: 'Placeholder', defaultValue: 'Default value', labelWidth: 'Label width',
      isLabelWidth: 'Own label width', hideLabel: 'Hide label', customClass: 'Custom class', min: 'Minimum', max: 'Maximum', step: 'Step', multiple: 'Multiple', filterable: 'Searchable',
      clearable: 'Clearable', remote: 'Options from', remoteStatic: 'Static', remoteUrl: 'Remote URL', remoteDict: 'Dictionary', remoteOption: 'Remote URL', dictType: 'Dictionary type',
      options: 'Options', showLabel: 'Show labels', limit: 'File limit', tip: 'Tip', action: 'Upload URL', format: 'Format', dateType: 'Type', isRange: 'Range', timestamp: 'Timestamp',
      gutter: 'Gutter', justify: 'Justify', align: 'Align', columns: 'Columns', offset: 'Offset', push: 'Push', pull: 'Pull', tabs: 'Tabs', tabPosition: 'Tab position',
      contentPosition: 'Text position', rows: 'Rows', allowHalf: 'Allow half', showAlpha: 'Alpha', showInput: 'Show input', range: 'Range', showPassword: 'Password',
      activeText: 'On text', inactiveText: 'Off text', dataUrl: 'Data URL', isOnlySelectLeaf: 'Leaves only', hidden: 'Hidden', disabled: 'Disabled', readonly: 'Read-only',
      required: 'Required', requiredMessage: 'Required message', dataTypeCheck: 'Check data type', dataType: 'Data type', dataTypeMessage: 'Type message', patternCheck: 'Check pattern',
      pattern: 'Pattern', patternMessage: 'Pattern message', validator: 'Common validator', validation: 'Validation', borderWidth: 'Border width', borderColor: 'Border colour',
      colspan: 'Colspan', rowspan: 'Rowspan', valign: 'Vertical align', attributes: 'Attributes', optionValue: 'Value', optionLabel: 'Label', addOption: 'Add option', cellWidth: 'Cell width',
      remoteType: 'Remote type', remoteTypeFunc: 'Data function', remoteTypeOption: 'Option URL', remoteFunc: 'Function URL', propsValue: 'Value field', propsLabel: 'Label field', propsChildren: 'Children field',
      component: 'Component', componentNone: 'No custom component is registered', template: 'Template', editTemplate: 'Edit template', defaultType: 'Data type', edit: 'Edit',
    },
    formProp: {
      labelPosition: 'Label position', left: 'Left', right: 'Right', top: 'Top', labelWidth: 'Label width', size: 'Size', medium: 'Medium', small: 'Small', mini: 'Mini',
      customClass: 'Custom class', customJs: 'Custom JS', eventType: 'Event type', beforeSave: 'Run before save', afterSave: 'Run after save', actions: 'Jump links', addAction: 'Add link',
      actionName: 'Name', link: 'Link', paramKey: 'Parameter', paramValue: 'Value', position: 'Position', toolbarPos: 'Toolbar', columnPos: 'Operation column', auth: 'Permission', width: 'Form width', hideLabel: 'Hide labels',
    },
    listProp: { field: 'Field', isShow: 'Listed', isSearch: 'Searched', isSort: 'Sortable' },
    dialog: {
      importTitle: 'Import JSON', importHint: 'Paste a form JSON exported from JeePlus or Loom', importError: 'Invalid JSON: {{msg}}', jsonTitle: 'Generate JSON', copy: 'Copy', download: 'Download',
      copied: 'Copy Successed', codeTitle: 'Generate code', component: 'React component', html: 'HTML page', export: 'Export', previewTitle: 'Preview', getData: 'Get data', reset: 'Reset',
      enableEdit: 'Enable edit', disableEdit: 'Disable edit', clearConfirm: 'Remove every field?', data: 'Form data',
    },
    make: {
      title: 'Form design', name: 'Form name', code: 'Form code', tableName: 'Table', dataSource: 'Data source', version: 'Version', source: 'Source', design: 'Design', bind: 'Bind table',
      createMenu: 'Create menu', preview: 'Preview', basicInfo: 'Basic information', nameRequired: 'Form name is required', codeRequired: 'Form code is required', codeTaken: 'The form code is taken',
      tableRequired: 'Table is required', tableTaken: 'The table exists already', bindExisting: 'Existing table', bindNew: 'New table', parentMenu: 'Parent menu', menuName: 'Menu name',
      menuRequired: 'Menu name is required', parentRequired: 'Parent menu is required', saved: 'Saved', noDesign: 'Design the form first', notBound: 'Bind a table first', remarks: 'Remarks', icon: 'Icon',
    },
    def: {
      title: 'Workflow forms', category: 'Category', all: 'All', name: 'Form name', version: 'Version', primary: 'Primary', status: 'Status', published: 'Published', draft: 'Draft', retired: 'Retired',
      newVersion: 'Design a new version', setPrimary: 'Set as primary', versions: 'Versions', addCategory: 'Add category', categoryName: 'Category name', design: 'Design',
      nameRequired: 'Form name is required', categoryRequired: 'Category is required',
      versionSaved: 'Saved (version {{version}})',
    },
    gen: { import: 'Import', export: 'Export', template: 'Download template', importTitle: 'Import data', importOk: 'Imported', noForm: 'Form not found', chooseFile: 'Choose file', deleteConfirm: 'Delete the selected rows?' },
    common: { add: 'New', edit: 'Edit', view: 'View', delete: 'Delete', save: 'Save', cancel: 'Cancel', confirm: 'OK', close: 'Close', operation: 'Actions', search: 'Search', reset: 'Reset', yes: 'Yes', no: 'No' },
  },
};

addMessages('forms', messages);
