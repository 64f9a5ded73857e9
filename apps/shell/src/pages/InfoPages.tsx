import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@intranet/web-session';
import { EmptyState } from '@intranet/web-ui';
import { PublicLayout } from '../layout/PublicLayout.tsx';

/** /register/ (§2): accounts are created by administrators (POST /api/register is admin-only), so this explains it. */
export function RegisterPage() {
  const { t } = useTranslation('shell');
  return (
    <PublicLayout title={t('register.title')} testId="register-page">
      <p>{t('register.text')}</p>
      <Link to="/login/" className="ui-btn ui-btn--normal ui-btn--primary">
        {t('register.toLogin')}
      </Link>
    </PublicLayout>
  );
}

/** The 404 page for /404 and any unknown path (§2, §8): 'page no longer relevant'. Test id: not-found. */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <div className="shell-notfound" data-testid="not-found">
      <div className="shell-notfound__code">{t('notFound.title')}</div>
      <p className="shell-notfound__text">{t('notFound.text')}</p>
      <Link to="/" className="ui-btn ui-btn--normal ui-btn--primary">
        {t('notFound.home')}
      </Link>
    </div>
  );
}

/**
 * A screen of a client feature switched off for the user's company (§6): says so clearly, with the way home.
 * Test id: feature-off.
 */
export function FeatureOffPage() {
  const { t } = useTranslation('shell');
  return (
    <div className="ui-state" role="alert" data-testid="feature-off">
      <p className="ui-state__title">{t('featureOff.title')}</p>
      <p className="ui-state__text">{t('featureOff.text')}</p>
      <Link to="/" className="ui-btn ui-btn--normal ui-btn--primary">
        {t('notFound.home')}
      </Link>
    </div>
  );
}

/** Placeholder for §2 modules not built yet. Test id: coming-soon. */
export function ComingSoonPage({ label }: { label: string }) {
  const { t } = useTranslation('shell');
  const name = t(`menu.${label}`);
  return (
    <section data-testid="coming-soon">
      <h1 className="ui-page-title">{name}</h1>
      <EmptyState title={t('comingSoon.title')} text={t('comingSoon.text', { name })} />
    </section>
  );
}

/**
 * /company, the wall (§2). The feed is built by another team; until then a placeholder titled with the company
 * name. Test id: company-page.
 */
export function CompanyPage() {
  const { t } = useTranslation('shell');
  const { client, isSuperadmin } = useSession();
  return (
    <section data-testid="company-page">
      <h1 className="ui-page-title" data-testid="company-name">
        {client?.fullName || client?.name || t('menu.wall')}
      </h1>
      <EmptyState
        title={t('comingSoon.title')}
        text={!client && isSuperadmin ? t('company.chooseClient') : t('company.feedSoon')}
        action={
          !client && isSuperadmin ? (
            <Link to="/clients" className="ui-btn ui-btn--normal ui-btn--primary">
              {t('menu.clients')}
            </Link>
          ) : undefined
        }
      />
    </section>
  );
}
