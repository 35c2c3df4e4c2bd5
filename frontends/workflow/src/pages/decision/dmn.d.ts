// dmn-js ships no type declarations: the Modeler's calls the decision editor makes.
declare module 'dmn-js/lib/Modeler' {
  export interface DmnView {
    type: 'drd' | 'decisionTable' | 'literalExpression' | string;
    element: { id: string; name?: string };
  }
  export default class DmnModeler {
    constructor(options: { container: HTMLElement; common?: Record<string, unknown> });
    importXML(xml: string): Promise<{ warnings: unknown[] }>;
    saveXML(options?: { format?: boolean }): Promise<{ xml: string }>;
    getViews(): DmnView[];
    getActiveView(): DmnView | undefined;
    open(view: DmnView): Promise<unknown>;
    on(event: string, callback: (...args: unknown[]) => void): void;
    destroy(): void;
  }
}
