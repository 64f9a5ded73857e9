import { useState } from 'react';
import { ADAPT_LIMITS, stageBody, trackBody, type Stage, type Track } from '@intranet/adaptation-contract';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { errorText } from '@intranet/web-i18n';
import { Button, ConfirmDialog, EmptyState, Input, useNotifier } from '@intranet/web-ui';
import { useCreateStage } from './api/stage-create.ts';
import { useDeleteStage } from './api/stage-delete.ts';
import { useOrderStages } from './api/stage-order.ts';
import { useUpdateStage } from './api/stage-update.ts';
import { useUpdateTrack } from './api/track-update.ts';
import { adaptationText } from './locales.ts';
import { SortableList } from './SortableList.tsx';

/**
 * Track tab "basic": the name and description, and the stages in order (reordered by drag or keyboard — shown at
 * once, put back with the error in the user's language if the server refuses —, rename, delete after a confirmation
 * — §5 refused while one of its steps is in progress —, add one at the end). Test ids: adapt-basic-name,
 * adapt-basic-description, adapt-basic-save, adapt-stages (rows adapt-stages-<i>, handles adapt-stages-<i>-drag),
 * adapt-stage-<i>, adapt-stage-<i>-name, adapt-stage-<i>-rename, adapt-stage-<i>-delete, adapt-stage-name,
 * adapt-stage-add.
 */
export function BasicTab({ track }: { track: Track }) {
  const { t } = adaptationText.useT();
  const notifier = useNotifier();
  const update = useUpdateTrack(track._id);
  const addStage = useCreateStage(track._id);
  const delStage = useDeleteStage(track._id);
  const order = useOrderStages(track._id);
  const [removing, setRemoving] = useState<Stage | null>(null);
  const form = useApiForm({
    schema: trackBody,
    defaultValues: { name: track.name, description: track.description },
    onSubmit: async (v) => {
      await update.mutateAsync(v);
      notifier.toast(t('saved'), 'success');
    },
  });
  const stageForm = useApiForm({
    schema: stageBody,
    defaultValues: { name: '' },
    onSubmit: async (v) => {
      await addStage.mutateAsync(v);
      stageForm.reset({ name: '' });
    },
  });
  const stages = [...track.stagesList].sort((a, b) => a.order - b.order);
  const stepsIn = (stageId: string) => track.stepsList.filter((s) => s.stage_id === stageId).length;
  return (
    <div className="adapt-tab">
      <ApiFormView form={form} errorTestId="adapt-basic-error">
        <FormField form={form} name="name" id="adapt-basic-name" label={t('tracks.name')} required hint={t('maxChars', { count: ADAPT_LIMITS.name })} />
        <FormField
          form={form}
          name="description"
          id="adapt-basic-description"
          label={t('tracks.description')}
          rows={3}
          hint={t('maxChars', { count: ADAPT_LIMITS.description })}
        />
        <SubmitRow form={form} label={t('save')} testId="adapt-basic-save" />
      </ApiFormView>
      <h2>{t('stages.title')}</h2>
      {stages.length === 0 ? (
        <EmptyState title={t('stages.empty')} testId="adapt-stages-empty" />
      ) : (
        <SortableList
          items={stages}
          testId="adapt-stages"
          disabled={order.isPending}
          onOrder={(ids) => order.mutate(ids, { onError: (e) => notifier.toast(errorText(e), 'error') })}
          render={(s, i) => <StageRow key={s._id} stage={s} index={i} steps={stepsIn(s._id)} trackId={track._id} onDelete={() => setRemoving(s)} />}
        />
      )}
      <ApiFormView form={stageForm} errorTestId="adapt-stage-error" className="adapt-inline-form">
        <FormField
          form={stageForm}
          name="name"
          id="adapt-stage-name"
          label={t('stages.new')}
          required
          hint={t('maxChars', { count: ADAPT_LIMITS.stageName })}
        />
        <SubmitRow form={stageForm} label={t('stages.add')} testId="adapt-stage-add" />
      </ApiFormView>
      <ConfirmDialog
        open={!!removing}
        title={t('stages.deleteTitle')}
        message={t('stages.deleteText', { name: removing?.name ?? '', count: removing ? stepsIn(removing._id) : 0 })}
        confirmLabel={t('delete')}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await delStage.mutateAsync(removing._id);
            setRemoving(null);
          } catch (e) {
            notifier.toast(errorText(e), 'error');
            throw e;
          }
        }}
        testId="adapt-stage-delete-confirm"
      />
    </div>
  );
}

/** One stage: its number, name (renamed in place), how many steps it holds, and its delete button. */
function StageRow({ stage, index, steps, trackId, onDelete }: { stage: Stage; index: number; steps: number; trackId: string; onDelete: () => void }) {
  const { t } = adaptationText.useT();
  const rename = useUpdateStage(trackId);
  const [name, setName] = useState(stage.name);
  const [error, setError] = useState<string | null>(null);
  const id = `adapt-stage-${index}`;
  return (
    <div className="adapt-stage-row" data-testid={id}>
      <Input
        id={`${id}-name`}
        label={t('stages.nameOf', { n: index + 1 })}
        value={name}
        hint={t('maxChars', { count: ADAPT_LIMITS.stageName })}
        onChange={(e) => setName(e.target.value)}
        error={error}
        data-testid={`${id}-name`}
      />
      <span className="adapt-muted">{t('stages.steps', { count: steps })}</span>
      <Button
        size="small"
        variant="secondary"
        disabled={name === stage.name}
        loading={rename.isPending}
        onClick={() => {
          setError(null);
          rename.mutate({ _id: stage._id, name }, { onError: (e) => setError(errorText(e)) });
        }}
        data-testid={`${id}-rename`}
      >
        {t('save')}
      </Button>
      <Button size="small" variant="danger" onClick={onDelete} aria-label={t('stages.deleteOf', { name: stage.name })} data-testid={`${id}-delete`}>
        {t('delete')}
      </Button>
    </div>
  );
}
