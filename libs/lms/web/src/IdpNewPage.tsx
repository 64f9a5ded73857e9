import { useFieldArray } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from '@intranet/platform-contracts';
import { idpFields } from '@intranet/lms-contract';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { Button } from '@intranet/web-ui';
import { createIdp } from './api/idp-create.ts';
import { lmsText } from './locales.ts';
import { PeoplePicker } from './PeoplePicker.tsx';

const schema = z.object(idpFields);
const nullIfEmpty = { setValueAs: (v: unknown) => (v === '' ? null : v) };

/**
 * /idp/new (§2, §3 IDP): title, message, employee and observer (the shared person picker), tasks with deadlines; the
 * caller becomes the creator and the plan opens once created. Test ids: lms-idp-title, lms-idp-message,
 * lms-idp-employee, lms-idp-observer, lms-idp-task-<i>, lms-idp-deadline-<i>, lms-idp-add-task, lms-idp-save.
 */
export function IdpNewPage() {
  const { t } = lmsText.useT();
  const nav = useNavigate();
  const form = useApiForm({
    schema,
    defaultValues: { title: '', message: '', employee: '', observer: null, tasks: [{ title: '', deadline: null, done: false }] },
    onSubmit: async (v) => {
      const p = await createIdp(v);
      void nav(`/idp/${p._id}`);
    },
  });
  const tasks = useFieldArray({ control: form.control, name: 'tasks' });
  const employee = form.watch('employee');
  const observer = form.watch('observer');
  return (
    <section className="page" data-testid="lms-idp-new">
      <Link to="/idp">{t('idpTitle')}</Link>
      <h1>{t('idpNew')}</h1>
      <ApiFormView form={form} className="lms-form">
        <FormField form={form} name="title" id="lms-idp-title" label={t('idpName')} maxLength={200} required />
        <FormField form={form} name="message" id="lms-idp-message" label={t('idpMessage')} rows={3} />
        <PeoplePicker
          value={employee ? [employee] : []}
          onChange={(v) => form.setValue('employee', v[0] ?? '')}
          label={t('employee')}
          testId="lms-idp-employee"
        />
        {form.errorOf('employee') && <p role="alert">{form.errorOf('employee')}</p>}
        <PeoplePicker
          value={observer ? [observer] : []}
          onChange={(v) => form.setValue('observer', v[0] ?? null)}
          label={t('observer')}
          testId="lms-idp-observer"
        />
        <h2>{t('tasks')}</h2>
        {tasks.fields.map((f, i) => (
          <div key={f.id} className="lms-idp-task">
            <FormField form={form} name={`tasks.${i}.title`} id={`lms-idp-task-${i}`} label={t('taskTitle')} maxLength={200} />
            <FormField form={form} name={`tasks.${i}.deadline`} id={`lms-idp-deadline-${i}`} label={t('deadline')} type="date" rules={nullIfEmpty} />
            <Button size="small" variant="ghost" onClick={() => tasks.remove(i)}>
              {t('removeTask')}
            </Button>
          </div>
        ))}
        <Button variant="secondary" onClick={() => tasks.append({ title: '', deadline: null, done: false })} data-testid="lms-idp-add-task">
          {t('addTask')}
        </Button>
        <SubmitRow form={form} label={t('create')} testId="lms-idp-save" />
      </ApiFormView>
    </section>
  );
}
