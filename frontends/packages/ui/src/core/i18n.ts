import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhCN from '../locales/zh-CN';
import enUS from '../locales/en-US';
import { globalSingleton, Emitter } from './events';
import { readString, writeString } from './storage';
import { STORAGE_KEYS } from './session';

export type Lang = 'zh-CN' | 'en-US';
export const LANGS: Lang[] = ['zh-CN', 'en-US'];
export const DEFAULT_LANG: Lang = 'zh-CN';

export function normalise(lang: string | null | undefined): Lang {
  if (!lang) return DEFAULT_LANG;
  return lang.toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}

function createI18n(): I18n {
  const inst = i18next.createInstance();
  void inst.use(initReactI18next).init({
    lng: normalise(readString('local', STORAGE_KEYS.lang)),
    fallbackLng: DEFAULT_LANG,
    supportedLngs: LANGS,
    ns: ['ui', 'common'],
    defaultNS: 'common',
    fallbackNS: 'ui',
    resources: { 'zh-CN': { ui: zhCN }, 'en-US': { ui: enUS } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return inst;
}

/** The one i18next instance of the portal; remotes add their namespaces with `addMessages`. */
export const i18n: I18n = globalSingleton('i18n', createI18n);
export const langChanged: Emitter<Lang> = globalSingleton('langChanged', () => new Emitter<Lang>());

export function getLang(): Lang {
  return normalise(i18n.language);
}

/** A saved text in the reader's language: its English in en-US when it has one (a dictionary's
 * description, a value's label), else the text as saved. */
export function inReadersLanguage(text: string, english: string | null | undefined, lang: Lang = getLang()): string {
  return lang === 'en-US' && typeof english === 'string' && english ? english : text;
}

export function setLang(lang: Lang): void {
  writeString('local', STORAGE_KEYS.lang, lang);
  void i18n.changeLanguage(lang).then(() => langChanged.emit(lang));
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * Registers the texts of an area (a remote or the shell) under its namespace:
 * `addMessages('sys', { 'zh-CN': {...}, 'en-US': {...} })`, then `useTranslation('sys')`.
 */
export function addMessages(ns: string, messages: Partial<Record<Lang, Record<string, unknown>>>): void {
  for (const lang of LANGS) {
    const m = messages[lang];
    if (m) i18n.addResourceBundle(lang, ns, m, true, true);
  }
}

/** Translate a `ui` text outside React. */
export function tUi(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, { ns: 'ui', ...options }) as string;
}
