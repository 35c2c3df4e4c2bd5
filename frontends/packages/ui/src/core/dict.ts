import { http } from './http';
import { getLang, inReadersLanguage, type Lang } from './i18n';
import { session, type DictItem, type DictMap } from './session';

/** A value's label in the reader's language: its English label in en-US when it has one. */
export function dictItemLabel(item: DictItem, lang: Lang = getLang()): string {
  return inReadersLanguage(item.label, typeof item.labelEn === 'string' ? item.labelEn : null, lang);
}

/** The values of a dictionary with each `label` in the reader's language. */
export function inLanguage(items: DictItem[], lang: Lang = getLang()): DictItem[] {
  return items.map((d) => ({ ...d, label: dictItemLabel(d, lang) }));
}

/** The values of a dictionary type from the cached map (session storage `dictList`), labelled in
 * the reader's language. */
export function getDictList(type: string): DictItem[] {
  return inLanguage(session.get().dictList[type] ?? []);
}

/** The label of a dictionary value (matched as strings), or `fallback` (default: the value itself). */
export function getDictLabel(type: string, value: unknown, fallback?: string): string {
  if (value === undefined || value === null || value === '') return fallback ?? '';
  const v = String(value);
  const hit = getDictList(type).find((d) => String(d.value) === v);
  return hit ? hit.label : fallback ?? v;
}

/** The value of a dictionary label, or `fallback`. */
export function getDictValue(type: string, label: string, fallback = ''): string {
  const hit = getDictList(type).find((d) => String(d.label) === label);
  return hit ? String(hit.value) : fallback;
}

/** Reloads the whole dictionary map (`GET /sys/dict/getDictMap`) into session storage. */
export async function refreshDictMap(): Promise<DictMap> {
  const map = await http.get<DictMap>('/sys/dict/getDictMap', undefined, { silent: true });
  session.setDictList(map ?? {});
  return map ?? {};
}
