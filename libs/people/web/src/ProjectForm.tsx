import { peopleOrgText } from './locales.ts';
import { projectRoutes, type Department, type Project } from '@intranet/people-contract/structure';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, FormField, emptyAsNull, useApiForm } from '@intranet/web-forms';
import { Button, FormGrid, Modal } from '@intranet/web-ui';
import { createProject } from './api/project-create.ts';
import { updateProject } from './api/project-update.ts';

type ProjectValues = { name: string; description: string | null; dept_id: string | null };

/** The create/edit form checks the body of POST api/project/ (§7 Projects) before it is sent. */
const projectForm = projectRoutes.projectCreate.body as unknown as z.ZodType<ProjectValues, ProjectValues>;

/** Create (POST api/project/) or edit (PUT api/project/{id}) a project's name, description and department. */
export function ProjectForm({
  project,
  departments,
  onClose,
  onSaved,
}: {
  project: Project | null;
  departments: Department[];
  onClose: () => void;
  onSaved: () => unknown;
}) {
  const { t } = peopleOrgText.useT();
  const form = useApiForm({
    schema: projectForm,
    defaultValues: { name: project?.name ?? '', description: project?.description ?? null, dept_id: project?.dept_id ?? null },
    onSubmit: async (v) => {
      const body = { name: v.name, description: v.description ?? null, dept_id: v.dept_id ?? null };
      if (project) await updateProject(project._id, body);
      else await createProject(body);
      await onSaved();
    },
  });
  return (
    <Modal
      open
      title={project ? t('projects.editTitle') : t('projects.createTitle')}
      onClose={onClose}
      dismissible={!form.busy}
      testId="project-form"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.busy}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" form="project-form-el" loading={form.busy} data-testid="project-save">
            {t('common:save')}
          </Button>
        </>
      }
    >
      <ApiFormView form={form} id="project-form-el" errorTestId="project-form-error">
        <FormGrid>
          <FormField form={form} name="name" id="project-name" label={t('projects.name')} required wide />
          <FormField form={form} name="description" id="project-description" label={t('projects.description')} rows={3} rules={emptyAsNull} wide />
          <FormField
            form={form}
            name="dept_id"
            id="project-dept"
            label={t('projects.dept')}
            rules={emptyAsNull}
            choices={[{ value: '', label: t('projects.noDept') }, ...departments.map((d) => ({ value: d._id, label: `${'\u2003'.repeat(d.depth)}${d.name}` }))]}
            wide
          />
        </FormGrid>
      </ApiFormView>
    </Modal>
  );
}
