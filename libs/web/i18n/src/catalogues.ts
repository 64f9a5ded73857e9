import { use } from 'react';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { LANGUAGES, type Language, type Translation } from './types.ts';

/**
 * A namespace's catalogue files, one loader per language, each a dynamic import of
 * `libs/<domain>/web/locales/<lng>/<namespace>.json` so the bundler makes one chunk per language and a page fetches
 * only the language it shows: `{ en: () => import('../locales/en/chat.json', { with: { type: 'json' } }), ru, uk }`.
 */
export type CatalogueLoaders = Record<Language, () => Promise<{ default: object }>>;

/** Dotted key paths of a catalogue tree (`a.b.c`). */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** A plural key (`members_one`, `members_other`…) as `t` is called with it: `members` with `{ count }`. */
type PluralBase<K extends string> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : K;
/** The keys of a catalogue (its en file) as `t` takes them. */
export type CatalogueKey<T> = PluralBase<Leaves<T>>;

/**
 * `t` of one namespace with its keys typed from the en catalogue; a key of another namespace is written `ns:key`.
 * Options are i18next's (interpolation values, `count` for plural forms). A key known only at run time (a server's
 * section or action name) is allowed with the `defaultValue` shown when the catalogue has no such key.
 */
export interface TypedT<K extends string> {
  (key: K | `${string}:${string}`, options?: Record<string, unknown>): string;
  (key: string, options: { defaultValue: string } & Record<string, unknown>): string;
}

/** The keys of a namespace handle (`NamespaceKey<typeof chatText>`), for a key held in a variable. */
export type NamespaceKey<N> = N extends Namespace<infer K> ? K : never;

/** A namespace defined by `defineNamespace`: its name and a hook giving its typed `t`. */
export interface Namespace<K extends string> {
  readonly ns: string;
  /**
   * Hook: `{ t, i18n }` of the namespace in the current language. The catalogue is normally loaded before the
   * page renders (the shell awaits `loadLanguage` after loading a remote); if it is not, the component suspends
   * until it is (React `use`), so no raw key is ever shown.
   */
  useT(): { t: TypedT<K>; i18n: typeof i18next };
}

const defined = new Map<string, CatalogueLoaders>();
/** Namespaces that word §8 error codes (looked up after the shell's `codes`, see errorText). */
const codeNamespaces: string[] = [];
const loads = new Map<string, Promise<void>>();

/** The namespaces holding error-code wordings, in lookup order: the shell's `codes`, then each domain's. */
export function errorCodeNamespaces(): readonly string[] {
  return ['codes', ...codeNamespaces];
}

/**
 * Loads one namespace's catalogue of one language into the shared instance, once (a failed fetch may be retried
 * by the next call). Resolves at once when it is there, or when the namespace or language is unknown.
 */
export function loadNamespace(ns: string, lng: Language): Promise<void> {
  const key = `${lng}|${ns}`;
  let p = loads.get(key);
  if (p) return p;
  const loader = defined.get(ns)?.[lng];
  if (!loader || i18next.hasResourceBundle(lng, ns)) return Promise.resolve();
  p = loader().then((m) => {
    // Each namespace belongs to one domain: nothing else writes it, so no overwrite is needed.
    i18next.addResourceBundle(lng, ns, (m as { default: Translation }).default, true, false);
  });
  p.catch(() => loads.delete(key));
  loads.set(key, p);
  return p;
}

/** Loads every defined namespace of a language (the catalogues of the remotes loaded so far). */
export function loadNamespaces(lng: Language): Promise<void> {
  return Promise.all([...defined.keys()].map((ns) => loadNamespace(ns, lng))).then(() => undefined);
}

/** True when every defined namespace has its catalogue of the language in the instance. */
export function namespacesLoaded(lng: Language): boolean {
  return [...defined.keys()].every((ns) => i18next.hasResourceBundle(lng, ns));
}

/**
 * Defines a domain's namespace (i18next namespace `ns`, e.g. 'chat') by its catalogue files; called once at module
 * level of the domain's web (`locales.ts`). Only the current language's file is fetched — by the shell after a
 * remote loads, by `setLanguage` on a switch, or by `useT` as a last resort. `codes: true` marks a namespace of
 * §8 error-code wordings (the domain's own codes; `errorText` looks there after the shell's `codes`).
 * Throws when another domain defined the same namespace (a collision would silently overwrite texts).
 */
export function defineNamespace<L extends CatalogueLoaders>(
  ns: string,
  loaders: L,
  options: { codes?: boolean } = {},
): Namespace<CatalogueKey<Awaited<ReturnType<L['en']>>['default']>> {
  const known = defined.get(ns);
  if (known && known !== loaders) throw new Error(`i18n namespace '${ns}' is defined twice`);
  defined.set(ns, loaders);
  if (options.codes && !codeNamespaces.includes(ns)) codeNamespaces.push(ns);
  return {
    ns,
    useT() {
      const { t, i18n } = useTranslation(ns);
      const lng = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';
      // Conditional `use` is allowed; the promise is cached per language and namespace, so it is stable.
      if (!i18n.hasResourceBundle(lng, ns)) use(loadNamespace(ns, lng));
      return { t: t as unknown as TypedT<never>, i18n };
    },
  } as Namespace<CatalogueKey<Awaited<ReturnType<L['en']>>['default']>>;
}
