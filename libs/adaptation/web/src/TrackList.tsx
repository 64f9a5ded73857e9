import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ADAPT_LIMITS, trackBody, type TrackListItem } from '@intranet/adaptation-contract';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { errorText } from '@intranet/web-i18n';
import { LoadError } from '@intranet/web-session';
import { Button, Checkbox, ConfirmDialog, EmptyState, Loader, Pagination, Table, useNotifier } from '@intranet/web-ui';
import { useCopyTrack } from './api/track-copy.ts';
import { useCreateTrack } from './api/track-create.ts';
import { useDeleteTrack } from './api/track-delete.ts';
import { useTrackActive } from './api/track-active.ts';
import { TRACKS_PER_PAGE, useTracks } from './api/track-list.ts';
import { adaptationText } from './locales.ts';
import { StateBadge } from './StateBadge.tsx';

/**
 * The HR part of /adaptation: a form creating a track (then its editor opens), and the client's tracks with their
 * state, counts, the start/stop switch (§4; a track with errors or no steps is refused with the server's words), copy
 * and delete after a confirmation (§5: refused while an adaptation on it is unfinished). Test ids: adapt-tracks,
 * adapt-track-name, adapt-track-description, adapt-track-create, adapt-track-error, adapt-track-<name>,
 * adapt-active-<id>, adapt-copy-<id>, adapt-delete-<id>.
 */
export function TrackList() {
  const { t } = adaptationText.useT();
  const notifier = useNotifier();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = useTracks(page);
  const create = useCreateTrack();
  const active = useTrackActive();
  const copy = useCopyTrack();
  const del = useDeleteTrack();
  const [removing, setRemoving] = useState<TrackListItem | null>(null);
  // A switch being flipped shows its new state in the click's own render: the mutation's optimistic update reaches the
  // list's cache only a few ticks later, and a controlled checkbox would show the old state in between.
  const [switching, setSwitching] = useState<Record<string, boolean>>({});
  const form = useApiForm({
    schema: trackBody,
    defaultValues: { name: '', description: '' },
    onSubmit: async (v) => {
      const track = await create.mutateAsync(v);
      form.reset();
      void navigate(`/adaptation/${track._id}`);
    },
  });
  const fail = (e: unknown) => notifier.toast(errorText(e), 'error');
  return (
    <section className="adapt-section" aria-labelledby="adapt-tracks-title" data-testid="adapt-tracks">
      <h2 id="adapt-tracks-title">{t('tracks.title')}</h2>
      <ApiFormView form={form} errorTestId="adapt-track-error" className="adapt-create">
        <FormField form={form} name="name" id="adapt-track-name" label={t('tracks.name')} required hint={t('maxChars', { count: ADAPT_LIMITS.name })} />
        <FormField
          form={form}
          name="description"
          id="adapt-track-description"
          label={t('tracks.description')}
          rows={2}
          hint={t('maxChars', { count: ADAPT_LIMITS.description })}
        />
        <SubmitRow form={form} label={t('tracks.create')} testId="adapt-track-create" />
      </ApiFormView>
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} testId="adapt-tracks" />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t('tracks.empty')} testId="adapt-tracks-empty" />
      ) : (
        <>
          <Table<TrackListItem>
            caption={t('tracks.title')}
            rows={list.data.items}
            rowKey={(r) => r._id}
            rowTestId={(r) => `adapt-track-${r.name}`}
            columns={[
              {
                key: 'name',
                header: t('tracks.name'),
                render: (r) => (
                  <Link to={`/adaptation/${r._id}`} data-testid={`adapt-track-link-${r._id}`}>
                    {r.name}
                  </Link>
                ),
              },
              { key: 'state', header: t('tracks.state'), render: (r) => <StateBadge state={r.state} /> },
              { key: 'steps', header: t('tracks.content'), render: (r) => t('tracks.counts', { stages: r.stages, steps: r.steps }) },
              { key: 'members', header: t('tracks.members'), render: (r) => t('tracks.running', { running: r.running, all: r.members }), align: 'right' },
              {
                key: 'active',
                header: t('tracks.active'),
                render: (r) => (
                  <Checkbox
                    label={<span className="ui-visually-hidden">{t('tracks.activeOf', { name: r.name })}</span>}
                    checked={switching[r._id] ?? r.active}
                    disabled={active.isPending}
                    onChange={(e) => {
                      const next = e.target.checked;
                      setSwitching((s) => ({ ...s, [r._id]: next }));
                      active.mutate(
                        { track_id: r._id, active: next },
                        { onError: fail, onSettled: () => setSwitching((s) => Object.fromEntries(Object.entries(s).filter(([id]) => id !== r._id))) },
                      );
                    }}
                    data-testid={`adapt-active-${r._id}`}
                  />
                ),
              },
              {
                key: 'actions',
                header: t('tracks.actions'),
                render: (r) => (
                  <span className="adapt-actions">
                    <Button
                      size="small"
                      variant="secondary"
                      loading={copy.isPending && copy.variables === r._id}
                      onClick={() => copy.mutate(r._id, { onSuccess: () => notifier.toast(t('tracks.copied'), 'success'), onError: fail })}
                      aria-label={t('tracks.copyOf', { name: r.name })}
                      data-testid={`adapt-copy-${r._id}`}
                    >
                      {t('tracks.copy')}
                    </Button>
                    <Button
                      size="small"
                      variant="danger"
                      onClick={() => setRemoving(r)}
                      aria-label={t('tracks.deleteOf', { name: r.name })}
                      data-testid={`adapt-delete-${r._id}`}
                    >
                      {t('delete')}
                    </Button>
                  </span>
                ),
              },
            ]}
          />
          <Pagination page={page} pageSize={TRACKS_PER_PAGE} total={list.data.total} onChange={setPage} testId="adapt-tracks-pages" />
        </>
      )}
      <ConfirmDialog
        open={!!removing}
        title={t('tracks.deleteTitle')}
        message={t('tracks.deleteText', { name: removing?.name ?? '' })}
        confirmLabel={t('delete')}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await del.mutateAsync(removing._id);
            notifier.toast(t('tracks.deleted'), 'success');
            setRemoving(null);
          } catch (e) {
            fail(e);
            throw e;
          }
        }}
        testId="adapt-delete-confirm"
      />
    </section>
  );
}
