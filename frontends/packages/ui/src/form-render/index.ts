/** The form renderer: the designer's JSON rendered with antd, validated with the shared validator table. */
export * from './types';
export * from './validators';
export * from './defaults';
export { FormRender, type FormRenderProps, type FormRenderHandle } from './FormRender';
export { Control, dayjsFormat, type ControlProps } from './widgets/Control';
export { previewKind } from './widgets/Upload';
export { showErrors, type Platform } from './FormRender';
export { CustomField, BlankField, TemplateView, fillTemplate, registerFormComponent, formComponents, customName, FormSlotsCtx, type CustomFieldProps, type FormComponentDef, type FormSlots } from './widgets/Custom';
export { FieldValue, valueText } from './display';
export { useChoices, remoteChoices, remoteUrl, listOf, type Choice } from './widgets/options';
