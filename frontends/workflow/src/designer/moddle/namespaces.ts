import { ACTIVITI_URI, FLOWABLE_URI, flowableDescriptor } from './flowable';

/**
 * Reads `activiti:` as `flowable:` (the engines share the dialect): the activiti namespace is
 * mapped onto the flowable one before import, so the panels and the save see one vocabulary.
 * A file without `activiti:` is returned unchanged.
 */
export function normaliseNamespaces(xml: string): string {
  const decl = /\sxmlns:([A-Za-z_][\w.-]*)="http:\/\/activiti\.org\/bpmn"/.exec(xml);
  if (!decl) return xml;
  const prefix = decl[1] as string;
  const hasFlowable = xml.includes(`"${FLOWABLE_URI}"`);
  let out = xml.replace(decl[0], hasFlowable ? '' : ` xmlns:flowable="${FLOWABLE_URI}"`);
  const p = prefix.replace(/[.]/g, '\\.');
  out = out.replace(new RegExp(`(</?)${p}:`, 'g'), '$1flowable:').replace(new RegExp(`(\\s)${p}:([\\w-]+=)`, 'g'), '$1flowable:$2');
  return out;
}

/** Tag names of the flowable namespace our descriptor knows (types and element-valued properties). */
const KNOWN_TAGS: Set<string> = (() => {
  const s = new Set<string>();
  for (const t of flowableDescriptor.types) {
    s.add(t.name.charAt(0).toLowerCase() + t.name.slice(1));
    for (const p of t.properties) if (!p.isAttr && !p.isBody) s.add(p.name);
  }
  return s;
})();

/** Where flowable elements we have no type for wait during editing (moddle keeps unknown namespaces as generic elements). */
const KEEP_URI = 'urn:loom:flowable-unknown';
const KEEP_PREFIX = 'loomkeep';

function flowablePrefix(xml: string): string | null {
  const m = new RegExp(`\\sxmlns:([A-Za-z_][\\w.-]*)="${FLOWABLE_URI.replace(/[./]/g, (c) => '\\' + c)}"`).exec(xml);
  return m ? (m[1] as string) : null;
}

/**
 * Prepares a file for the modeler: `activiti:` read as `flowable:`, and flowable elements the
 * descriptor does not type (the Flowable modeler's `work-form-field-validation`, …) parked in
 * a namespace of their own, so moddle keeps them instead of dropping them as unparsable.
 */
export function prepareForImport(xml: string): string {
  const out = normaliseNamespaces(xml);
  const prefix = flowablePrefix(out);
  if (!prefix) return out;
  let parked = false;
  const p = prefix.replace(/[.]/g, '\\.');
  const replaced = out.replace(new RegExp(`<(/?)${p}:([A-Za-z_][\\w.-]*)`, 'g'), (whole, slash: string, name: string) => {
    if (KNOWN_TAGS.has(name)) return whole;
    parked = true;
    return `<${slash}${KEEP_PREFIX}:${name}`;
  });
  if (!parked) return out;
  return replaced.replace(/<([A-Za-z_][\w.-]*:)?definitions\b/, (m) => `${m} xmlns:${KEEP_PREFIX}="${KEEP_URI}"`);
}

/** The inverse of `prepareForImport`'s parking, applied to the XML the modeler exports. */
export function restoreAfterExport(xml: string): string {
  if (!xml.includes(KEEP_URI)) return xml;
  const prefix = flowablePrefix(xml) ?? 'flowable';
  return xml
    .replace(new RegExp(`\\sxmlns:${KEEP_PREFIX}="${KEEP_URI.replace(/[.:]/g, (c) => '\\' + c)}"`), '')
    .replace(new RegExp(`<(/?)${KEEP_PREFIX}:`, 'g'), `<$1${prefix}:`);
}

export { ACTIVITI_URI };
