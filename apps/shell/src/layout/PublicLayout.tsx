import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useVendor, vendorTitle, vendorVariant } from '../env.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

/** Centered card used by the public routes (/login/, /forgot-password/, …), with the vendor's avatar and title (§1). */
export function PublicLayout({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  const { t } = useTranslation('shell');
  const vendor = useVendor();
  return (
    <div className="shell-public" data-testid={testId}>
      <div className="shell-public__card">
        <div className="shell-public__brand">
          <span className="shell-logo" aria-hidden="true">
            <img src={vendorVariant(vendor).systemAvatar} alt="" data-testid="system-avatar" />
          </span>
          <span data-testid="vendor-title">{vendor === 'intranet' ? t('appTitle') : vendorTitle(vendor)}</span>
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
