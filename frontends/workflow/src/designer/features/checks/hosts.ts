/**
 * The host an HTTP task calls, and whether the administrator's allow-list lets it through — the same
 * rule the job workers apply (services/workflow connector/hosts.py): an entry is `host`,
 * `host:port` or `*.domain`.
 */
export interface Host {
  host: string;
  port: number;
}

/** The host and port of a URL; null when an expression decides them (`http://${host}/x`) or it is not http(s). */
export function hostOf(url: string): Host | null {
  const text = url.trim();
  const head = text.replace(/^[a-z]+:\/\//i, '').split('/')[0] ?? '';
  if (head.includes('${') || head.includes('#{')) return null;
  try {
    const parsed = new URL(text.replace(/\$\{[^}]*\}/g, 'x'));
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    const port = parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80;
    return { host: parsed.hostname.toLowerCase().replace(/^\[|\]$/g, ''), port };
  } catch {
    return null;
  }
}

export function hostAllowed({ host, port }: Host, rules: string[]): boolean {
  return rules.some((raw) => {
    const rule = raw.trim().toLowerCase();
    if (!rule) return false;
    const colon = (rule.match(/:/g) ?? []).length === 1 ? rule.lastIndexOf(':') : -1;
    const name = colon >= 0 ? rule.slice(0, colon) : rule;
    const rulePort = colon >= 0 ? rule.slice(colon + 1) : '';
    if (rulePort && rulePort !== String(port)) return false;
    return name === host || (name.startsWith('*.') && host.endsWith(name.slice(1)));
  });
}
