import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

/** Centered card used by the public routes (/login/, /forgot-password/, …). */
export function PublicLayout({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  const { t } = useTranslation('shell');
  return (
    <div className="shell-public" data-testid={testId}>
      <div className="shell-public__card">
        <div className="shell-public__brand">
          <span className="shell-logo" aria-hidden="true">
            I
          </span>
          <span>{t('appTitle')}</span>
          <span className="shell-public__lang">
            <LanguageSwitcher compact />
          </span>
        </div>
        <h1 className="shell-public__title">{title}</h1>
        {children}
      </div>
    </div>
  );
}
