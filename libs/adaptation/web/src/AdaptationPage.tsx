import { NeedSession, useSession } from '@intranet/web-session';
import './adaptation.css';
import { adaptationText } from './locales.ts';
import { MyAdaptations } from './MyAdaptations.tsx';
import { TrackList } from './TrackList.tsx';

/**
 * /adaptation (§2): the adaptations the signed-in person takes part in (as newcomer, mentor, HR or chief), and for
 * holders of the `adaptation` right (HR, §6) the client's tracks: create, copy, delete with confirmation, start/stop.
 * Test ids: adapt-page, then those of `MyAdaptations` and `TrackList`.
 */
function AdaptationView() {
  const { t } = adaptationText.useT();
  const s = useSession();
  const hr = s.hasRight('adaptation');
  return (
    <section className="page adapt-page" data-testid="adapt-page">
      <h1>{t('title')}</h1>
      <MyAdaptations userId={s.uid ?? ''} />
      {hr ? <TrackList /> : null}
    </section>
  );
}

/** The /adaptation screen behind the session gate. */
export function AdaptationPage() {
  const { t } = adaptationText.useT();
  return (
    <NeedSession noClient={{ title: t('noClient'), testId: 'adapt-no-client' }}>
      <AdaptationView />
    </NeedSession>
  );
}
export default AdaptationPage;
