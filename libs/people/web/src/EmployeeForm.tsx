import { useMemo } from 'react';
import { peopleText } from './locales.ts';
import { registerBody, updateBody, type User } from '@intranet/people-contract';
import { z } from '@intranet/platform-contracts';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { registerUser } from './api/user-register.ts';
import { updateUser } from './api/user-update.ts';
import { Button, FormGrid, Input, Modal, Select, TextArea } from '@intranet/web-ui';

const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'middleName',
  'email',
  'login',
  'phone',
  'internalPhone',
  'position',
  'department',
  'cabinet',
  'city',
  'birthDate',
  'workingSince',
  'inn',
  'kpp',
  'organisation',
  'chiefCode',
  'about',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type FormValues = Record<TextField, string> & { gender: string; lang: string; password: string; confirmPassword: string };

function initial(user: User | null): FormValues {
  const v = {} as FormValues;
  for (const f of TEXT_FIELDS) v[f] = (user?.[f] as string | null | undefined) ?? '';
  v.gender = user?.gender ?? 'not_selected';
  v.lang = user?.lang ?? '';
  v.password = '';
  v.confirmPassword = '';
  return v;
}

/** The request body from the form's values: texts trimmed, no language or password when left empty. */
function toBody(v: FormValues, clientId: string | undefined, creating: boolean): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const f of TEXT_FIELDS) data[f] = v[f].trim();
  data.gender = v.gender;
  if (v.lang) data.lang = v.lang;
  if (v.password) {
    data.password = v.password;
    data.confirmPassword = v.confirmPassword;
  }
  if (creating && clientId) data.client_id = clientId;
  return data;
}

export interface EmployeeFormProps {
  /** null → create (POST /api/register), else edit (PUT /api/user/{id}). */
  user: User | null;
  /** Superadmin creating inside a chosen client. */
  clientId?: string;
  onClose: () => void;
  onSaved: (user: User) => void;
}

/**
 * Create / edit employee modal (§5 Employee, userFields of the people contract), one `useApiForm`: the contract's
 * zod schema (registerBody / updateBody) checks the body first, then the server's field errors (stable codes with
 * params) are worded in the user's language under the inputs; other errors above the form (employee-error).
 * Inputs have ids `emp-<field>` (errors: `emp-<field>-error`); submit: data-testid "employee-save".
 */
export function EmployeeForm({ user, clientId, onClose, onSaved }: EmployeeFormProps) {
  const { t } = peopleText.useT();
  // The contract's schema (register or update) checks the body the form will send.
  const schema = useMemo(
    () =>
      z.preprocess((v) => toBody(v as FormValues, clientId, !user), user ? updateBody : registerBody) as unknown as z.ZodType<
        Record<string, unknown>,
        FormValues
      >,
    [user, clientId],
  );
  const form = useApiForm({
    schema,
    defaultValues: initial(user),
    onSubmit: async () => {
      const data = toBody(form.getValues(), clientId, !user);
      const saved = user ? await updateUser(user._id, data as never) : await registerUser(data as never);
      onSaved(saved);
    },
  });
  const busy = form.busy;
  const reg = (name: keyof FormValues) => form.field(name);

  const field = (name: TextField, opts: { type?: string; required?: boolean; wide?: boolean } = {}) => (
    <Input
      id={`emp-${name}`}
      label={t(`form.${name}`)}
      type={opts.type ?? 'text'}
      {...reg(name)}
      required={opts.required}
      wide={opts.wide}
      data-testid={`emp-${name}`}
    />
  );

  return (
    <Modal
      open
      title={user ? t('form.editTitle') : t('form.createTitle')}
      onClose={onClose}
      width={760}
      testId="employee-modal"
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" form="employee-form" loading={busy} data-testid="employee-save">
            {t('common:save')}
          </Button>
        </>
      }
    >
      <ApiFormView form={form} id="employee-form" errorTestId="employee-error">
        <FormGrid>
          {field('lastName', { required: true })}
          {field('firstName', { required: true })}
          {field('middleName')}
          {field('email', { type: 'email', required: true })}
          {field('login')}
          {field('phone', { type: 'tel' })}
          {field('internalPhone')}
          {field('position')}
          {field('department')}
          {field('cabinet')}
          {field('city')}
          <Select
            id="emp-gender"
            label={t('form.gender')}
            {...reg('gender')}
            options={(['not_selected', 'man', 'woman'] as const).map((g) => ({ value: g, label: t(`form.gender_${g}`) }))}
            data-testid="emp-gender"
          />
          {field('birthDate', { type: 'date' })}
          {field('workingSince', { type: 'date' })}
          {field('inn')}
          {field('kpp')}
          {field('organisation')}
          {field('chiefCode')}
          <Select
            id="emp-lang"
            label={t('form.lang')}
            {...reg('lang')}
            options={[
              { value: '', label: t('form.lang_none') },
              { value: 'ru', label: 'Русский' },
              { value: 'uk', label: 'Українська' },
              { value: 'en', label: 'English' },
            ]}
            data-testid="emp-lang"
          />
          <TextArea id="emp-about" label={t('form.about')} {...reg('about')} wide data-testid="emp-about" />
          <Input
            id="emp-password"
            label={user ? t('form.newPassword') : t('form.password')}
            type="password"
            autoComplete="new-password"
            {...reg('password')}
            required={!user}
            hint={user ? undefined : t('form.passwordHint')}
            data-testid="emp-password"
          />
          <Input
            id="emp-confirmPassword"
            label={t('form.confirmPassword')}
            type="password"
            autoComplete="new-password"
            {...reg('confirmPassword')}
            required={!user}
            data-testid="emp-confirmPassword"
          />
        </FormGrid>
        {!user ? <p className="people-note">{t('form.initialRightsNote')}</p> : null}
      </ApiFormView>
    </Modal>
  );
}
