// bpmnlint ships CommonJS rule modules without type declarations.
declare module 'bpmnlint/rules/*' {
  const factory: (config?: unknown) => { check: unknown };
  export default factory;
}
declare module 'bpmnlint/config/recommended' {
  const config: { rules: Record<string, string> };
  export default config;
}
declare module 'bpmnlint' {
  export class Linter {
    constructor(options: { config: unknown; resolver: unknown });
    lint(definitions: unknown): Promise<Record<string, Array<{ id?: string; message: string; category: string }>>>;
  }
}
declare module 'bpmn-js-bpmnlint' {
  const module: Record<string, unknown>;
  export default module;
}
