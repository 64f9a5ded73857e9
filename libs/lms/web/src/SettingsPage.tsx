import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '@intranet/web-i18n';
import { useCurrentClient, useSession } from '@intranet/web-session';
import { Button, ErrorState, Loader, useNotifier } from '@intranet/web-ui';
import { useLmsAdmins } from './api/admins-get.ts';
import { setLmsAdmins } from './api/admins-set.ts';
import { lmsText } from './locales.ts';
import { PeoplePicker } from './PeoplePicker.tsx';

/**
 * /courses/settings (§2, §6 LMS administrators): the client's LMS administrators, replaced by a client administrator.
 * Test ids: lms-settings, lms-admins, lms-admins-save.
 */
export function SettingsPage() {
  const { t } = lmsText.useT();
  const client = useCurrentClient();
  const { isAdmin } = useSession();
  const notifier = useNotifier();
  const q = useLmsAdmins(client?._id ?? '');
  const [admins, setAdmins] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (q.data) setAdmins(q.data.admins);
  }, [q.data]);
  const save = async () => {
    setBusy(true);
    try {
      const r = await setLmsAdmins(client!._id, admins);
      setAdmins(r.admins);
      notifier.toast(t('saved'), 'success');
    } catch (e) {
      notifier.toast(errorText(e), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="page" data-testid="lms-settings">
      <Link to="/courses">{t('back')}</Link>
      <h1>{t('settings')}</h1>
      {q.isPending ? (
        <Loader />
      ) : q.isError ? (
        <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <PeoplePicker value={admins} onChange={setAdmins} label={t('lmsAdmins')} testId="lms-admins" multiple />
          {isAdmin && (
            <Button onClick={() => void save()} loading={busy} data-testid="lms-admins-save">
              {t('save')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
