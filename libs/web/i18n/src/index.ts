import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './resources/en.ts';
import { ru } from './resources/ru.ts';
import { uk } from './resources/uk.ts';
import { codesEn, codesRu, codesUk } from './resources/codes.ts';
import { LANGUAGES, type Language, type Translation } from './types.ts';

export { LANGUAGES, type Language, type Translation };

/** Default interface language when nothing is chosen or known about the user (see docs of `initI18n`). */
export const DEFAULT_LANGUAGE: Language = 'en';
/** Storage key of an explicit language choice made in the header switcher. */
export const LANG_STORAGE_KEY = 'lang';

/** Native names for the language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ru: 'Русский', uk: 'Українська' };

/**
 * Maps any language tag to a supported language: the spec's `ua` and `uk-UA` → `uk`, `ru-RU` → `ru`,
 * `en-US` → `en`; unknown → null.
 */
export function normalizeLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  if (base === 'ua' || base === 'uk') return 'uk';
  if (base === 'ru') return 'ru';
  if (base === 'en') return 'en';
  return null;
}

function storedLanguage(): Language | null {
  try {
    return normalizeLanguage(localStorage.getItem(LANG_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** True when the user picked a language explicitly (then it wins over the profile language). */
export function hasExplicitLanguage(): boolean {
  return storedLanguage() !== null;
}

let initialized = false;

/**
 * Initialises the shared i18next instance (a Module Federation singleton) with ru, uk and en and returns it.
 * Language: explicit stored choice, else `lng`, else DEFAULT_LANGUAGE (en); fallback chain en → ru.
 * Plural forms come from Intl.PluralRules (ru/uk: _one, _few, _many, _other). Idempotent.
 */
export function initI18n(options: { lng?: string } = {}): I18n {
  if (initialized) return i18next;
  initialized = true;
  const lng = storedLanguage() ?? normalizeLanguage(options.lng) ?? DEFAULT_LANGUAGE;
  void i18next.use(initReactI18next).init({
    resources: { en: { ...en, codes: codesEn }, ru: { ...ru, codes: codesRu }, uk: { ...uk, codes: codesUk } },
    lng,
    fallbackLng: ['en', 'ru'],
    supportedLngs: [...LANGUAGES],
    ns: ['common', 'shell', 'errors', 'codes'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  i18next.on('languageChanged', (l) => {
    if (typeof document !== 'undefined') document.documentElement.lang = l;
  });
  return i18next;
}

/**
 * Adds a namespace of translations (used by domain web libs, e.g. 'people', 'clients', when their pages load).
 * Input: namespace and `{ en, ru, uk }` trees. Existing keys are overwritten.
 */
export function registerTranslations(ns: string, resources: Record<Language, Translation>): void {
  for (const lang of LANGUAGES) i18next.addResourceBundle(lang, ns, resources[lang], true, true);
}

/**
 * Switches the interface language. `persist` stores it as an explicit choice (header switcher); without it the
 * change follows the profile language and is not remembered.
 */
export function setLanguage(lang: string, options: { persist?: boolean } = {}): void {
  const l = normalizeLanguage(lang);
  if (!l) return;
  if (options.persist) {
    try {
      localStorage.setItem(LANG_STORAGE_KEY, l);
    } catch {
      /* ignore */
    }
  }
  if (i18next.language !== l) void i18next.changeLanguage(l);
}

export { i18next as i18n };
export { translateServerMessage } from './server-text.ts';
export { errorText, fieldErrorTexts, serverFieldErrors, useErrorText, zodErrors, type CodedError } from './forms.ts';
export { formatDate, formatDateTime, useFormatDate } from './dates.ts';
export { PageLoadError, pageLoadKind, type PageLoadKind } from './page-error.tsx';
