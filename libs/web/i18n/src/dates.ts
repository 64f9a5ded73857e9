import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from 'i18next';

const LOCALES: Record<string, string> = { en: 'en-GB', ru: 'ru-RU', uk: 'uk-UA' };

function toDate(v: string | number | Date): Date | null {
  // A bare YYYY-MM-DD is a calendar day, not midnight UTC: read it as local so no time zone shifts the day.
  const d = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00`) : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * A date in the user's locale (Intl, the i18n language: ru → 21.11.2026, uk → 21.11.2026, en → 21 Nov 2026 by
 * default options). `lang` defaults to the current interface language; an invalid date gives ''.
 */
export function formatDate(v: string | number | Date | null | undefined, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }, lang?: string): string {
  if (v === null || v === undefined || v === '') return '';
  const d = toDate(v);
  if (!d) return '';
  const l = lang ?? i18n.language ?? 'en';
  return new Intl.DateTimeFormat(LOCALES[l] ?? l, options).format(d);
}

/** Date and time in the user's locale (see formatDate). */
export function formatDateTime(v: string | number | Date | null | undefined, lang?: string): string {
  return formatDate(v, { dateStyle: 'medium', timeStyle: 'short' }, lang);
}

/** Hook: formatDate bound to the current language (re-renders on a language switch). */
export function useFormatDate(): (v: string | number | Date | null | undefined, options?: Intl.DateTimeFormatOptions) => string {
  const { i18n: inst } = useTranslation();
  const lang = inst.language;
  return useCallback((v, options) => formatDate(v, options, lang), [lang]);
}
