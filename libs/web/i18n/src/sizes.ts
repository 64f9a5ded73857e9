import i18n from 'i18next';

const LOCALES: Record<string, string> = { en: 'en-GB', ru: 'ru-RU', uk: 'uk-UA' };
/** Binary units (1 KB = 1024 B, as the server's §8 size texts count) by interface language. */
const UNITS: Record<string, readonly string[]> = {
  en: ['B', 'KB', 'MB', 'GB', 'TB'],
  ru: ['Б', 'КБ', 'МБ', 'ГБ', 'ТБ'],
  uk: ['Б', 'КБ', 'МБ', 'ГБ', 'ТБ'],
};
const EN_SIZE = /^(\d+(?:\.\d+)?) (B|KB|MB|GB|TB)$/;

/**
 * A size in bytes as the user reads it: binary units (KB = 1024 B) with the number in the user's locale, at most one
 * decimal (en '1.5 MB', ru '1,5 МБ', uk '20 МБ'). `lang` defaults to the current interface language; a negative or
 * non-finite number is shown as it is.
 */
export function formatSize(bytes: number, lang?: string): string {
  const l = lang ?? i18n.language ?? 'en';
  const units = UNITS[l] ?? UNITS.en;
  if (!Number.isFinite(bytes) || bytes < 0) return String(bytes);
  let i = 0;
  let v = bytes;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${new Intl.NumberFormat(LOCALES[l] ?? l, { maximumFractionDigits: 1 }).format(v)} ${units[i]}`;
}

/** Bytes of a server's English size text ('20 MB', '1.5 GB', binary units as platform-contracts formatBytes writes); null otherwise. */
export function parseSize(text: string): number | null {
  const m = EN_SIZE.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 1024 ** ['B', 'KB', 'MB', 'GB', 'TB'].indexOf(m[2]);
}

/** Params of an error wording whose values are sizes (§8 'Files above {{size}}…', 'Storage limit reached ({{size}})…'). */
const SIZE_PARAMS = ['size', 'available'] as const;

/**
 * The params with their sizes worded in the user's locale: a number of bytes, or a server's English size text such
 * as '20 MB', becomes `formatSize` of it. Other params are kept.
 */
export function localizeSizes(params: Record<string, unknown> | undefined, lang?: string): Record<string, unknown> | undefined {
  if (!params) return params;
  let out: Record<string, unknown> | undefined;
  for (const k of SIZE_PARAMS) {
    const v = params[k];
    const bytes = typeof v === 'number' ? v : typeof v === 'string' ? parseSize(v) : null;
    if (bytes === null) continue;
    out ??= { ...params };
    out[k] = formatSize(bytes, lang);
  }
  return out ?? params;
}
