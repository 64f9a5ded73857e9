import { Link, useParams, useSearchParams } from 'react-router';
import { errorText } from '@intranet/web-i18n';
import { LoadError, NeedSession } from '@intranet/web-session';
import { Alert, Loader } from '@intranet/web-ui';
import { Tabs } from '@intranet/web-ui/widgets';
import { useTrack } from './api/track-get.ts';
import { AnalyticsTab } from './AnalyticsTab.tsx';
import { BasicTab } from './BasicTab.tsx';
import { ExtraTab } from './ExtraTab.tsx';
import './adaptation.css';
import { adaptationText } from './locales.ts';
import { ParticipantsTab } from './ParticipantsTab.tsx';
import { ScenarioTab } from './ScenarioTab.tsx';
import { StateBadge } from './StateBadge.tsx';

const TABS = ['basic', 'scenario', 'participants', 'analytics', 'extra'] as const;
type Tab = (typeof TABS)[number];

/**
 * /adaptation/{_id} (§2): the track editor for HR with the tabs basic (name, description, stages in order),
 * scenario (each role's steps per stage, ordered by drag), participants (add a newcomer; the adaptations on the
 * track), analytics (charts) and extra (the client's adaptation settings). The track's §4 problems ("contains
 * errors") show above the tabs. Test ids: adapt-track-page, adapt-track-problems, tab-<tab> (the kit's).
 */
function TrackView() {
  const { t } = adaptationText.useT();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'basic';
  const track = useTrack(id);
  if (track.isPending) return <Loader />;
  if (track.isError)
    return (
      <LoadError
        error={track.error}
        onRetry={() => void track.refetch()}
        testId="adapt-track"
        back={<Link to="/adaptation">{t('back')}</Link>}
        notFound={{ title: t('trackNotFound') }}
        noAccess={{ title: t('noAccess') }}
      />
    );
  const tr = track.data;
  const stepName = (sid: string | null) => tr.stepsList.find((s) => s._id === sid)?.name ?? '';
  return (
    <section className="page adapt-track-page" data-testid="adapt-track-page" data-state={tr.state}>
      <Link to="/adaptation">{t('back')}</Link>
      <h1>{tr.name}</h1>
      <p>
        <StateBadge state={tr.state} />
      </p>
      {tr.problems.length > 0 ? (
        <Alert testId="adapt-track-problems">
          <p>{t('problems')}</p>
          <ul>
            {tr.problems.map((p, i) => (
              <li key={i}>{errorText({ code: p.code, params: { step: stepName(p.step_id) }, message: p.text })}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Tabs
        label={t('track')}
        active={tab}
        onChange={(x) => setParams(x === 'basic' ? {} : { tab: x }, { replace: true })}
        tabs={TABS.map((x) => ({ id: x, label: t(`tab.${x}`) }))}
      >
        {tab === 'basic' ? <BasicTab track={tr} /> : null}
        {tab === 'scenario' ? <ScenarioTab track={tr} /> : null}
        {tab === 'participants' ? <ParticipantsTab track={tr} /> : null}
        {tab === 'analytics' ? <AnalyticsTab track={tr} /> : null}
        {tab === 'extra' ? <ExtraTab /> : null}
      </Tabs>
    </section>
  );
}

/** The /adaptation/{_id} screen behind the session gate. */
export function TrackPage() {
  const { t } = adaptationText.useT();
  return (
    <NeedSession noClient={{ title: t('noClient'), testId: 'adapt-no-client' }}>
      <TrackView />
    </NeedSession>
  );
}
export default TrackPage;
