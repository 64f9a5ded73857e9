import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, normalizeLanguage, setLanguage } from '@intranet/web-i18n';

/** Language select (ru, uk, en); the choice is remembered and wins over the profile language. */
export function LanguageSwitcher({ compact }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('shell');
  const current = normalizeLanguage(i18n.language) ?? 'en';
  return (
    <select
      className="shell-lang"
      aria-label={t('header.language')}
      value={current}
      onChange={(e) => setLanguage(e.target.value, { persist: true })}
      data-testid="language-select"
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l}>{compact ? l.toUpperCase() : LANGUAGE_NAMES[l]}</option>
      ))}
    </select>
  );
}
