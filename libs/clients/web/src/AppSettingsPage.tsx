import { clientsText } from './locales.ts';
import { AppSections } from './AppSections.tsx';

/** /app (§2, superadmin): the application settings page. Test id: app-page. */
export default function AppSettingsPage() {
  const { t } = clientsText.useT();
  return (
    <section data-testid="app-page">
      <h1 className="ui-page-title">{t('app.title')}</h1>
      <AppSections />
    </section>
  );
}
