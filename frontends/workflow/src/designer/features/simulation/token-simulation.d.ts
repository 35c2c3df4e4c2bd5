// bpmn-js-token-simulation ships no type declarations.
declare module 'bpmn-js-token-simulation/lib/modeler' {
  const module: Record<string, unknown>;
  export default module;
}
