/**
 * `@loom/ui/editor` — the Monaco code editor (bundled from npm, loaded on first use) and the
 * language of a file by its name. A separate entry so the portal shell never bundles Monaco:
 * only the remotes that edit code (gencode, forms, workflow) pull it in.
 */
export { LazyCodeEditor, type CodeEditorProps } from './LazyCodeEditor';
export { languageOf } from './languages';
