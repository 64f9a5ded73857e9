import { useTranslation } from 'react-i18next';
import { isApiError } from '@intranet/web-api';
import { useSession } from '@intranet/web-session';
import { Button, FullScreenMessage } from '@intranet/web-ui';

/** Whether an API error says the workspace or the installation is in maintenance mode (503 `maintenance`, issue 36). */
export function isMaintenance(e: unknown): boolean {
  return isApiError(e) && e.code === 'maintenance';
}

/**
 * The maintenance page (issue 36): an employee of a workspace (or an installation) in maintenance mode sees it
 * instead of the portal; administrators and the superadmin are let in by the server and never see it. Try again
 * reloads the session; Sign out forgets it. Test id: maintenance.
 */
export function MaintenancePage() {
  const { t } = useTranslation('shell');
  const { reload, signOut } = useSession();
  return (
    <FullScreenMessage
      testId="maintenance"
      title={t('maintenance.title')}
      text={t('maintenance.text')}
      action={
        <>
          <Button onClick={() => window.location.reload()} data-testid="maintenance-retry">
            {t('maintenance.retry')}
          </Button>{' '}
          <Button variant="secondary" onClick={() => void signOut().then(reload)} data-testid="maintenance-sign-out">
            {t('maintenance.signOut')}
          </Button>
        </>
      }
    />
  );
}
