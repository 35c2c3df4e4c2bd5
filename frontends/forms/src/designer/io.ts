/** Reading a form JSON from outside (JeePlus's designer or a Loom export) into the designer's shape. */
import { DEFAULT_CONFIG, type FormJson, type FormWidget } from '../render';

/** Accepts `{list, config}` (or a JSON string of it); fills a missing config; refuses anything else. */
export function normaliseForm(raw: unknown): FormJson {
  const value = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
  if (!value || typeof value !== 'object' || !Array.isArray((value as { list?: unknown }).list)) throw new Error('"list" is missing');
  const v = value as { list: FormWidget[]; config?: FormJson['config'] };
  return { list: v.list, config: { ...DEFAULT_CONFIG, ...(v.config ?? {}) } };
}

/** A stored definition (text or object, maybe empty) as a form. */
export function parseStored(json: unknown): FormJson {
  try {
    if (json === null || json === undefined || json === '') return { list: [], config: { ...DEFAULT_CONFIG } };
    return normaliseForm(json);
  } catch {
    return { list: [], config: { ...DEFAULT_CONFIG } };
  }
}
