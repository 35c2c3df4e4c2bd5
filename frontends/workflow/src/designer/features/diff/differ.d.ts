// bpmn-js-differ ships no type declarations.
declare module 'bpmn-js-differ' {
  export function diff(oldDefinitions: unknown, newDefinitions: unknown): unknown;
}
