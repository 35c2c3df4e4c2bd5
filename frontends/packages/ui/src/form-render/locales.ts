import { addMessages } from '../core/i18n';

/** Texts of the renderer (namespace `formRender`); validation messages come from the shared table. */
addMessages('formRender', {
  'zh-CN': {
    addRow: '添加',
    remove: '删除',
    operation: '操作',
    row: '# {{n}}',
    upload: '上传',
    noPreview: '该文件无法在线预览！',
    tableEmpty: '暂无数据',
    select: '请选择',
    input: '请输入',
    validError: '表单数据校验失败',
    custom: '自定义区域',
    customMissing: '未注册的自定义组件：{{name}}',
    download: '下载',
    rows: '{{count}}行',
  },
  'en-US': {
    addRow: 'Add',
    remove: 'Remove',
    operation: 'Operation',
    row: '# {{n}}',
    upload: 'Upload',
    noPreview: 'This file cannot be previewed online!',
    tableEmpty: 'No data',
    select: 'Please select',
    input: 'Please enter',
    validError: 'Form data validation failed',
    rows: '{{count}} row(s)',
    custom: 'Custom area',
    customMissing: 'Custom component not registered: {{name}}',
    download: 'Download',
  },
});
