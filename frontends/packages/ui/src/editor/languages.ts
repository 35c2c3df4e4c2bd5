/** The Monaco language of a file, by its extension (templates are Jinja: twig's grammar). */
export function languageOf(path: string): string {
  const p = path.toLowerCase();
  if (/\.(jinja2?|j2|ftl|hbs)$/.test(p)) return 'twig';
  if (p.endsWith('.java')) return 'java';
  if (/\.(tsx?|mts)$/.test(p)) return 'typescript';
  if (/\.(jsx?|mjs)$/.test(p)) return 'javascript';
  if (p.endsWith('.py')) return 'python';
  if (p.endsWith('.sql')) return 'sql';
  if (p.endsWith('.xml')) return 'xml';
  if (/\.(html?|vue)$/.test(p)) return 'html';
  if (/\.(ya?ml)$/.test(p)) return 'yaml';
  if (p.endsWith('.md')) return 'markdown';
  return 'plaintext';
}
