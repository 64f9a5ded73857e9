import { useTranslation } from 'react-i18next';
import { peopleRefs } from '@intranet/people-contract/refs';
import { call, readStoredAuth } from '@intranet/web-api';
import { LANGUAGE_NAMES, LANGUAGES, normalizeLanguage, setLanguage } from '@intranet/web-i18n';

/**
 * Saves the interface language to the signed-in user's profile (§7 PUT api/user/{id} `{ lang }`, allowed for
 * oneself without profile_edit), so it holds on the next sign-in elsewhere and in e-mails. Best effort: a failure
 * leaves the local choice in place.
 */
export async function saveProfileLanguage(lang: string): Promise<void> {
  const { uid, token } = readStoredAuth();
  if (!uid || !token) return;
  const l = normalizeLanguage(lang);
  if (!l) return;
  await call(peopleRefs.userUpdate, { params: { id: uid }, body: { lang: l }, silent: true }).catch(() => undefined);
}

/** Language select (ru, uk, en); the choice is remembered, wins over the profile language and is saved to it. */
export function LanguageSwitcher({ compact }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('shell');
  const current = normalizeLanguage(i18n.language) ?? 'en';
  return (
    <select
      className="shell-lang"
      aria-label={t('header.language')}
      value={current}
      onChange={(e) => {
        void setLanguage(e.target.value, { persist: true });
        void saveProfileLanguage(e.target.value);
      }}
      data-testid="language-select"
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l}>
          {compact ? l.toUpperCase() : LANGUAGE_NAMES[l]}
        </option>
      ))}
    </select>
  );
}
