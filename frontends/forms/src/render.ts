// The renderer and its types live in @loom/ui (packages/ui/src/form-render); this module is the
// one place the forms remote imports them from.
export * from '../../packages/ui/src/form-render';
