/**
 * Error codes as the primary key (issue 30 §4; spec §5, §8). Each contract declares its codes with `defineCodes`:
 * the code, its English text (with `{param}` placeholders) and optionally its HTTP kind. Servers raise a definition
 * (`Errors.coded(DEF.x, params)`), the web words the code in the user's language (libs/web/i18n codes).
 * `codeOf(text)` remains only as a fallback for servers that still raise plain texts: an exact match against the
 * registered texts (placeholders standing for any value), no hand-written patterns.
 */

import type { ErrorCode } from './index.ts';

/** A stable error code with the values its wording needs (e.g. `{ code: 'tooLong', params: { max: 100 } }`). */
export interface Coded {
  code: string;
  params?: Record<string, unknown>;
}

/** The `{name}` placeholders of a text, as a union of names. */
export type ParamNames<T extends string> = T extends `${string}{${infer P}}${infer R}` ? P | ParamNames<R> : never;

/** The params a code's text needs: none, or one value per placeholder. */
export type ParamsOf<T extends string> = [ParamNames<T>] extends [never] ? undefined : Record<ParamNames<T>, string | number>;

/** One code as a contract declares it. `kind` is the HTTP class it is raised with by default (`bad_request`). */
export interface CodeSpec {
  readonly text: string;
  readonly kind?: ErrorCode;
  /** Older texts that mean the same code (matched by the `codeOf` fallback only). */
  readonly also?: readonly string[];
}

/** A typed code definition: `code` the stable key, `text` its English template, `params` its placeholder names. */
export interface CodeDef<C extends string = string, T extends string = string> {
  readonly code: C;
  readonly text: T;
  readonly kind?: ErrorCode;
  readonly owner: string;
  readonly params: readonly string[];
  readonly also?: readonly string[];
}

/** The definitions of one `defineCodes` table, keyed by code. */
export type CodeDefs<T extends Record<string, CodeSpec>> = { readonly [K in keyof T & string]: CodeDef<K, T[K]['text']> };

const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholder names of a text, in order (`'Max {max} symbols'` → `['max']`). */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** A text with its placeholders filled (`{max}` → `100`); a missing param leaves its placeholder. */
export function fillText(text: string, params?: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (whole, k: string) => (params && k in params ? String(params[k]) : whole));
}

const registry = new Map<string, CodeDef[]>();
const known: string[] = [];

/**
 * Every registered code worded by the web's shared `codes` catalogue (platform and the contracts loaded in this
 * process), for that catalogue's completeness check. Tables worded by a remote's own catalogue are not listed.
 */
export const KNOWN_CODES: readonly string[] = known;

/**
 * Declares `owner`'s codes (a contract name, `platform` for the generic §5/§8 ones) and registers them for the
 * `codeOf` fallback and the duplicate check. Keys are the codes: `defineCodes('kb', { tagExists: { text: '…' } })`.
 */
export function defineCodes<const T extends Record<string, CodeSpec>>(
  owner: string,
  specs: T,
  opts: { /** The web catalogue that words these codes (default the shared `codes`). */ wordedBy?: string } = {},
): CodeDefs<T> {
  const defs = Object.fromEntries(
    Object.entries(specs).map(([code, s]) => [code, Object.freeze({ code, text: s.text, kind: s.kind, owner, params: placeholdersOf(s.text), also: s.also })]),
  ) as unknown as CodeDefs<T>;
  const list = registry.get(owner) ?? [];
  for (const d of Object.values(defs) as CodeDef[]) {
    const at = list.findIndex((x) => x.code === d.code);
    if (at >= 0) list[at] = d;
    else list.push(d);
    if ((opts.wordedBy ?? 'codes') === 'codes' && !known.includes(d.code)) known.push(d.code);
  }
  registry.set(owner, list);
  return Object.freeze(defs);
}

/** Every registered table: owner → its definitions (for specs: duplicates, texts). */
export function registeredCodes(): ReadonlyMap<string, readonly CodeDef[]> {
  return registry;
}

/** Matches `message` against a template: literal parts exactly, each placeholder any non-empty value. */
function matchTemplate(template: string, message: string): Record<string, unknown> | null {
  const parts = template.split(PLACEHOLDER); // [lit, name, lit, name, ..., lit]
  if (parts.length === 1) return template === message ? {} : null;
  if (!message.startsWith(parts[0]!)) return null;
  let pos = parts[0]!.length;
  const params: Record<string, unknown> = {};
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    const lit = parts[i + 1]!;
    const last = i + 2 >= parts.length;
    const end = last ? (message.endsWith(lit) ? message.length - lit.length : -1) : message.indexOf(lit, pos + 1);
    if (end <= pos) return null;
    const raw = message.slice(pos, end);
    params[name] = /^\d+$/.test(raw) ? Number(raw) : raw;
    pos = end + lit.length;
  }
  return pos === message.length ? params : null;
}

/**
 * Fallback for plain texts (polls and clients still raise them): the registered code whose text (or an `also`
 * text) the message is, with the placeholders' values as params (digits → numbers). Null for an unknown text.
 */
export function codeOf(message: string | undefined | null): Coded | null {
  if (!message) return null;
  for (const defs of registry.values())
    for (const d of defs) {
      for (const text of [d.text, ...(d.also ?? [])]) {
        const params = matchTemplate(text, message);
        if (params) return Object.keys(params).length ? { code: d.code, params } : { code: d.code };
      }
    }
  return null;
}
