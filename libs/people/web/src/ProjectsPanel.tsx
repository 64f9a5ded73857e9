import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { peopleOrgText } from './locales.ts';
import { projectEvents, type Department, type Project } from '@intranet/people-contract/structure';
import { errorText } from '@intranet/web-i18n';
import { useRealtimeEvent, useSession } from '@intranet/web-session';
import { Button, ConfirmDialog, EmptyState, ErrorState, Loader, useNotifier } from '@intranet/web-ui';
import type { PickedUser } from '@intranet/web-ui/widgets';
import { peopleKeys } from './api/keys.ts';
import { deleteProject } from './api/project-delete.ts';
import { useProjects } from './api/project-list.ts';
import { addProjectParticipants } from './api/project-participant-add.ts';
import { updateProject } from './api/project-update.ts';
import { PersonPicker } from './PersonPicker.tsx';
import { ProjectForm } from './ProjectForm.tsx';

/**
 * Projects of the "project" structure (§2 /structure_new kind project; §3 project: creatorId, participants; §7
 * Projects): the list (GET api/project/), create (POST api/project/), edit (PUT api/project/{id}), participants added
 * (POST api/projectParticipant/) and removed (PUT with the rest), delete after a confirmation (DELETE
 * api/project/{id}). Everyone with `structures` reads and creates; the project's creator or an administrator changes
 * it (the server decides; buttons are hidden for others). Changes by others arrive live (evt.people.project.*). Test ids: projects, project-new, project-<id>,
 * project-edit-<id>, project-delete-<id>, project-add-user-<id>, project-add-user-submit-<id>, project-form,
 * project-name, project-description, project-dept, project-save, project-delete-confirm, projects-empty,
 * projects-error, projects-loading.
 */
export function ProjectsPanel({ departments, nameOf }: { departments: Department[]; nameOf: (id: string) => string }) {
  const { t } = peopleOrgText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const { client, user, isAdmin } = useSession();
  const [editing, setEditing] = useState<Project | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const [adding, setAdding] = useState<Record<string, PickedUser[]>>({});
  const key = peopleKeys.projects(client?._id ?? '');
  const q = useProjects(client?._id ?? '');
  const deptName = (id: string | null) => (id ? (departments.find((d) => d._id === id)?.name ?? '…') : null);
  const canEdit = (p: Project) => isAdmin || (!!user && p.creatorId === user._id);
  const reload = () => void qc.invalidateQueries({ queryKey: key });
  useRealtimeEvent(projectEvents.projectCreated.subject, reload);
  useRealtimeEvent(projectEvents.projectUpdated.subject, reload);
  useRealtimeEvent(projectEvents.projectDeleted.subject, reload);

  /** Runs a change, toasts 'Saved' or the server's worded error, and reloads the list. */
  const change = async (fn: () => Promise<unknown>): Promise<boolean> => {
    try {
      await fn();
      notifier.toast(t('projects.saved'));
      return true;
    } catch (err) {
      notifier.error(errorText(err));
      return false;
    } finally {
      await qc.invalidateQueries({ queryKey: key });
    }
  };

  return (
    <section className="org-projects" data-testid="projects" aria-labelledby="projects-title">
      <div className="org-projects__head">
        <h2 className="org-h2" id="projects-title">
          {t('projects.title')}
        </h2>
        <Button size="small" onClick={() => setEditing('new')} data-testid="project-new">
          {t('projects.create')}
        </Button>
      </div>
      {q.isPending ? (
        <Loader testId="projects-loading" />
      ) : q.isError ? (
        <ErrorState title={t('projects.loadError')} message={errorText(q.error)} onRetry={() => void q.refetch()} testId="projects-error" />
      ) : q.data.length === 0 ? (
        <EmptyState title={t('projects.empty')} testId="projects-empty" />
      ) : (
        <ul className="org-projects__list">
          {q.data.map((p) => {
            const mine = canEdit(p);
            const pick = adding[p._id] ?? [];
            return (
              <li key={p._id} className="org-project" data-testid={`project-${p._id}`}>
                <div className="org-project__title">
                  <strong>{p.name}</strong>
                  {mine ? (
                    <span className="org-project__actions">
                      <Button size="tiny" variant="secondary" onClick={() => setEditing(p)} data-testid={`project-edit-${p._id}`}>
                        {t('projects.edit')}
                      </Button>
                      <Button size="tiny" variant="danger" onClick={() => setDeleting(p)} data-testid={`project-delete-${p._id}`}>
                        {t('projects.delete')}
                      </Button>
                    </span>
                  ) : null}
                </div>
                {p.description ? <p className="org-project__text">{p.description}</p> : null}
                <p className="org-muted">
                  {[
                    p.creatorId ? `${t('projects.creator')}: ${nameOf(p.creatorId)}` : null,
                    deptName(p.dept_id) ? `${t('projects.dept')}: ${deptName(p.dept_id)}` : null,
                    t('projects.participantsCount', { count: p.participants.length }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                {p.participants.length ? (
                  <ul className="org-people" aria-label={t('projects.participants')}>
                    {p.participants.map((u) => (
                      <li key={u}>
                        {nameOf(u)}{' '}
                        {mine ? (
                          <Button
                            size="tiny"
                            variant="ghost"
                            aria-label={t('projects.removePerson', { name: nameOf(u) })}
                            onClick={() => void change(() => updateProject(p._id, { participants: p.participants.filter((x) => x !== u) }))}
                          >
                            ×
                          </Button>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {mine ? (
                  <div className="org-inline-form">
                    <PersonPicker
                      label={t('projects.addPerson')}
                      value={pick}
                      onChange={(v) => setAdding((a) => ({ ...a, [p._id]: v }))}
                      exclude={p.participants}
                      testId={`project-add-user-${p._id}`}
                    />
                    <Button
                      size="small"
                      disabled={!pick.length}
                      data-testid={`project-add-user-submit-${p._id}`}
                      onClick={() =>
                        void change(() =>
                          addProjectParticipants(
                            p._id,
                            pick.map((u) => u._id),
                          ),
                        ).then((ok) => ok && setAdding((a) => ({ ...a, [p._id]: [] })))
                      }
                    >
                      {t('structure.add')}
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {editing ? (
        <ProjectForm
          project={editing === 'new' ? null : editing}
          departments={departments}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            notifier.toast(t('projects.saved'));
            await qc.invalidateQueries({ queryKey: key });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={!!deleting}
        title={t('projects.delete')}
        message={deleting ? t('projects.deleteConfirm', { name: deleting.name }) : ''}
        confirmLabel={t('projects.delete')}
        onConfirm={async () => {
          const p = deleting!;
          await change(() => deleteProject(p._id));
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
        testId="project-delete-confirm"
      />
    </section>
  );
}
