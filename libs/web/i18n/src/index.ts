import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../locales/en/common.json' with { type: 'json' };
import errors from '../locales/en/errors.json' with { type: 'json' };
import shell from '../locales/en/shell.json' with { type: 'json' };
import codes from '../locales/en/codes.json' with { type: 'json' };
import { LANGUAGES, type Language, type Translation } from './types.ts';
import { loadNamespaces, namespacesLoaded } from './catalogues.ts';

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
 * The shell's catalogues (`locales/<lng>/{common,shell,errors,codes}.json`) of the languages other than en, one chunk per file: a page fetches
 * only the language it shows (issue 8 §5 first-load budget). en is built in: the default and the fallback.
 */
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<Record<string, Translation>>> = {
  ru: () =>
    Promise.all([
      import('../locales/ru/common.json', { with: { type: 'json' } }),
      import('../locales/ru/errors.json', { with: { type: 'json' } }),
      import('../locales/ru/shell.json', { with: { type: 'json' } }),
      import('../locales/ru/codes.json', { with: { type: 'json' } }),
    ]).then(([c, e, s, k]) => ({ common: c.default, errors: e.default, shell: s.default, codes: k.default })),
  uk: () =>
    Promise.all([
      import('../locales/uk/common.json', { with: { type: 'json' } }),
      import('../locales/uk/errors.json', { with: { type: 'json' } }),
      import('../locales/uk/shell.json', { with: { type: 'json' } }),
      import('../locales/uk/codes.json', { with: { type: 'json' } }),
    ]).then(([c, e, s, k]) => ({ common: c.default, errors: e.default, shell: s.default, codes: k.default })),
};
const loads = new Map<Language, Promise<void>>([['en', Promise.resolve()]]);

/** The shell's own catalogues (common, shell, errors, codes) of a language: en built in, ru and uk fetched once. */
function loadShellLanguage(l: Language): Promise<void> {
  let p = loads.get(l);
  if (!p) {
    p = LOADERS[l as Exclude<Language, 'en'>]().then((bundle) => {
      for (const [ns, tree] of Object.entries(bundle)) i18next.addResourceBundle(l, ns, tree, true, false);
    });
    p.catch(() => loads.delete(l));
    loads.set(l, p);
  }
  return p;
}

/**
 * Makes sure a language's catalogues are in the shared instance: the shell's (en at once, ru and uk fetched once)
 * and those of every domain namespace defined so far (`defineNamespace`, one file per namespace). A failed fetch may
 * be retried by the next call. Resolves when they are added; an unknown tag resolves at once.
 */
export function loadLanguage(lang: string): Promise<void> {
  const l = normalizeLanguage(lang);
  if (!l) return Promise.resolve();
  return Promise.all([loadShellLanguage(l), loadNamespaces(l)]).then(() => undefined);
}

/** True when the language's catalogues are loaded (en always). */
function isLoaded(l: Language): boolean {
  return (l === 'en' || i18next.hasResourceBundle(l, 'codes')) && namespacesLoaded(l);
}

/** After a language's catalogues arrived: re-renders the interface in it (languageChanged) if it is still the current one. */
function rerenderIn(l: string): void {
  if (i18next.language === l) void i18next.changeLanguage(l);
}

/**
 * Initialises the shared i18next instance (a Module Federation singleton) and returns it. Language: explicit stored
 * choice, else `lng`, else DEFAULT_LANGUAGE (en); fallback chain en → ru. en's catalogues are built in; the chosen
 * language's are fetched (`loadLanguage`) and the interface re-renders in it when they arrive — await `i18nReady()`
 * before the first render to avoid English text meanwhile. `i18n.language` is the chosen language at once.
 * Plural forms come from Intl.PluralRules (ru/uk: _one, _few, _many, _other). Idempotent.
 */
export function initI18n(options: { lng?: string } = {}): I18n {
  if (initialized) return i18next;
  initialized = true;
  const lng = storedLanguage() ?? normalizeLanguage(options.lng) ?? DEFAULT_LANGUAGE;
  void i18next.use(initReactI18next).init({
    resources: { en: { common, errors, shell, codes } },
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
    // A language switched to directly (i18n.changeLanguage) gets its catalogues too, then re-renders in them.
    const n = normalizeLanguage(l);
    if (n && !isLoaded(n))
      void loadLanguage(n).then(
        () => rerenderIn(l),
        () => undefined,
      );
  });
  if (!isLoaded(lng))
    void loadLanguage(lng).then(
      () => rerenderIn(lng),
      () => undefined,
    );
  return i18next;
}

/** Resolves when the current language's catalogues are loaded (before the shell's first render). */
export function i18nReady(): Promise<void> {
  return loadLanguage(i18next.language ?? DEFAULT_LANGUAGE).catch(() => undefined);
}

/** The language of the latest `setLanguage` call. */
let wanted: Language | null = null;

/**
 * Switches the interface language once its catalogues are loaded (so the interface never shows a mix), and resolves
 * then. `persist` stores it as an explicit choice (header switcher) at once; without it the change follows the
 * profile language and is not remembered. An unknown tag is ignored.
 */
export async function setLanguage(lang: string, options: { persist?: boolean } = {}): Promise<void> {
  const l = normalizeLanguage(lang);
  if (!l) return;
  if (options.persist) {
    try {
      localStorage.setItem(LANG_STORAGE_KEY, l);
    } catch {
      /* ignore */
    }
  }
  wanted = l;
  // Without its catalogues (no connection) the language still switches: its texts fall back to en.
  await loadLanguage(l).catch(() => undefined);
  // A later call wins over one whose catalogues came last.
  if (wanted === l && i18next.language !== l) await i18next.changeLanguage(l);
}

export { i18next as i18n };
export { translateServerMessage } from './server-text.ts';
export { CodedFailure, errorText, useErrorText, type CodedError } from './forms.ts';
export { formatSize } from './sizes.ts';
export { formatDate, formatDateTime, useFormatDate } from './dates.ts';
export {
  defineNamespace,
  errorCodeNamespaces,
  loadNamespace,
  type CatalogueKey,
  type CatalogueLoaders,
  type Namespace,
  type NamespaceKey,
  type TypedT,
} from './catalogues.ts';
export { PageLoadError, pageLoadKind, type PageLoadKind } from './page-error.tsx';
