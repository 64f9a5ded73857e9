import i18next from 'i18next';

/**
 * Translates a message that came from the server (§8 texts are English): known texts get the current language,
 * unknown ones are shown as they are. (Its own module so forms.ts and dates.ts need not import the index: no cycle.)
 */
export function translateServerMessage(message: string): string {
  if (!message) return message;
  return i18next.t(message, { ns: 'errors', keySeparator: false, nsSeparator: false, defaultValue: message });
}
