// The renderer and its types live in @loom/ui (packages/ui/src/form-render, a shared singleton);
// this module is the one place the forms remote names them.
export * from '@loom/ui';
