import { useState } from 'react';
import { ADAPT_ROLES, type AdaptRole, type Step, type Track } from '@intranet/adaptation-contract';
import { errorText } from '@intranet/web-i18n';
import { Badge, Button, ConfirmDialog, EmptyState, Modal, Select, useNotifier } from '@intranet/web-ui';
import { useOrderSteps } from './api/scenario-steps.ts';
import { useDeleteStep } from './api/step-delete.ts';
import { adaptationText } from './locales.ts';
import { SortableList } from './SortableList.tsx';
import { StepForm } from './StepForm.tsx';

/**
 * Track tab "scenario" (§2): what each role (newcomer, mentor, HR, chief) sees and does — that role's steps in each
 * stage, ordered by drag (PUT .../{scenario}/{stage_id}/steps), each with edit and delete (confirmation; §5 refused
 * while it is in progress), and the form adding a step to this role's scenario. Test ids: adapt-scenario-role,
 * adapt-scenario-stage-<i> (a stage's list; rows adapt-scenario-stage-<i>-<j>), adapt-step-edit-<id>,
 * adapt-step-delete-<id>, the add form's adapt-step-*, the edit dialog adapt-step-dialog with adapt-step-edit-*.
 */
export function ScenarioTab({ track }: { track: Track }) {
  const { t } = adaptationText.useT();
  const notifier = useNotifier();
  const [role, setRole] = useState<AdaptRole>('newcomer');
  const [editing, setEditing] = useState<Step | null>(null);
  const [removing, setRemoving] = useState<Step | null>(null);
  const order = useOrderSteps(track._id);
  const del = useDeleteStep(track._id);
  const stages = [...track.stagesList].sort((a, b) => a.order - b.order);
  const stepsOf = (stageId: string) =>
    track.stepsList.filter((s) => s.stage_id === stageId && s.scenario === role).sort((a, b) => a.order - b.order || a.days - b.days);
  const fail = (e: unknown) => notifier.toast(errorText(e), 'error');
  return (
    <div className="adapt-tab">
      <Select
        id="adapt-scenario-role"
        label={t('scenario.role')}
        value={role}
        onChange={(e) => setRole(e.target.value as AdaptRole)}
        options={ADAPT_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))}
      />
      <p className="adapt-muted">{t(`scenario.about.${role}`)}</p>
      {stages.length === 0 ? (
        <EmptyState title={t('stages.empty')} text={t('scenario.needStage')} testId="adapt-scenario-empty" />
      ) : (
        <>
          {stages.map((st, i) => {
            const steps = stepsOf(st._id);
            return (
              <section key={st._id} className="adapt-scenario-stage" aria-labelledby={`adapt-scenario-stage-${i}-title`}>
                <h3 id={`adapt-scenario-stage-${i}-title`}>{t('scenario.stage', { n: i + 1, name: st.name })}</h3>
                {steps.length === 0 ? (
                  <p className="adapt-muted">{t('scenario.noSteps')}</p>
                ) : (
                  <SortableList
                    items={steps}
                    testId={`adapt-scenario-stage-${i}`}
                    disabled={order.isPending}
                    onOrder={(ids) => order.mutate({ scenario: role, stage_id: st._id, steps: ids }, { onError: fail })}
                    render={(s) => (
                      <div className="adapt-step-row" data-testid={`adapt-step-row-${s._id}`}>
                        <Badge>{t(`stepType.${s.type}`)}</Badge>
                        <strong>{s.name}</strong>
                        <span className="adapt-muted">
                          {t('steps.onDay', { count: s.days })}
                          {s.type === 'reward' && s.coins ? ` · ${t('steps.coinsN', { count: s.coins })}` : ''}
                        </span>
                        <span className="adapt-actions">
                          <Button
                            size="small"
                            variant="secondary"
                            onClick={() => setEditing(s)}
                            aria-label={t('steps.editOf', { name: s.name })}
                            data-testid={`adapt-step-edit-${s._id}`}
                          >
                            {t('edit')}
                          </Button>
                          <Button
                            size="small"
                            variant="danger"
                            onClick={() => setRemoving(s)}
                            aria-label={t('steps.deleteOf', { name: s.name })}
                            data-testid={`adapt-step-delete-${s._id}`}
                          >
                            {t('delete')}
                          </Button>
                        </span>
                      </div>
                    )}
                  />
                )}
              </section>
            );
          })}
          <h3>{t('steps.new', { role: t(`role.${role}`) })}</h3>
          <StepForm key={role} trackId={track._id} stages={stages} scenario={role} />
        </>
      )}
      <Modal open={!!editing} title={t('steps.editTitle')} onClose={() => setEditing(null)} testId="adapt-step-dialog">
        {editing ? (
          <StepForm trackId={track._id} stages={stages} scenario={editing.scenario} step={editing} prefix="adapt-step-edit" onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
      <ConfirmDialog
        open={!!removing}
        title={t('steps.deleteTitle')}
        message={t('steps.deleteText', { name: removing?.name ?? '' })}
        confirmLabel={t('delete')}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await del.mutateAsync(removing._id);
            setRemoving(null);
          } catch (e) {
            fail(e);
            throw e;
          }
        }}
        testId="adapt-step-delete-confirm"
      />
    </div>
  );
}
