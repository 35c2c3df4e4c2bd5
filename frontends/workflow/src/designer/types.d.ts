// bpmn-js-properties-panel ships no type declarations.
declare module 'bpmn-js-properties-panel' {
  export const BpmnPropertiesPanelModule: Record<string, unknown>;
  export const BpmnPropertiesProviderModule: Record<string, unknown>;
  export const CamundaPlatformPropertiesProviderModule: Record<string, unknown>;
  export function useService(name: string): any;
}
declare module '@bpmn-io/properties-panel' {
  export const TextFieldEntry: any;
  export const TextAreaEntry: any;
  export const SelectEntry: any;
  export const CheckboxEntry: any;
  export const isTextFieldEntryEdited: any;
  export const isSelectEntryEdited: any;
  export const isCheckboxEntryEdited: any;
  export const isTextAreaEntryEdited: any;
  export const ListGroup: any;
}
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string, type?: string): Promise<{ rootElement: any; warnings: any[] }>;
    toXML(el: unknown, opts?: Record<string, unknown>): Promise<{ xml: string }>;
    create(type: string, attrs?: Record<string, unknown>): any;
  }
}
