import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { peopleRoutes, registerBody, updateBody, type User } from '@intranet/people-contract';
import { call } from '@intranet/web-api';
import { Alert, Button, FormGrid, Input, Modal, Select, TextArea } from '@intranet/web-ui';
import { errorText, serverFieldErrors, zodErrors } from '@intranet/web-i18n';

const TEXT_FIELDS = [
  'firstName', 'lastName', 'middleName', 'email', 'login', 'phone', 'internalPhone', 'position', 'department', 'cabinet',
  'city', 'birthDate', 'workingSince', 'inn', 'kpp', 'organisation', 'chiefCode', 'about',
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

export interface EmployeeFormProps {
  /** null → create (POST /api/register), else edit (PUT /api/user/{id}). */
  user: User | null;
  /** Superadmin creating inside a chosen client. */
  clientId?: string;
  onClose: () => void;
  onSaved: (user: User) => void;
}

/**
 * Create / edit employee modal (§5 Employee, userFields of the people contract). Validates with the contract's
 * zod schema first, then shows the server's field errors `errors[{field,message}]` under the inputs.
 * Inputs have ids `emp-<field>` (errors: `emp-<field>-error`); submit: data-testid "employee-save".
 */
export function EmployeeForm({ user, clientId, onClose, onSaved }: EmployeeFormProps) {
  const { t } = useTranslation('people');
  const [v, setV] = useState<FormValues>(() => initial(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof FormValues) => (e: { target: { value: string } }) => setV((s) => ({ ...s, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const data: Record<string, unknown> = {};
    for (const f of TEXT_FIELDS) data[f] = v[f].trim();
    data.gender = v.gender;
    if (v.lang) data.lang = v.lang;
    if (v.password) {
      data.password = v.password;
      data.confirmPassword = v.confirmPassword;
    }
    if (!user && clientId) data.client_id = clientId;
    const parsed = (user ? updateBody : registerBody).safeParse(data);
    if (!parsed.success) {
      setErrors(zodErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = user
        ? await call(peopleRoutes.update, { params: { id: user._id }, body: data as never, silent: true })
        : await call(peopleRoutes.register, { body: data as never, silent: true });
      onSaved(saved);
    } catch (err) {
      const fe = serverFieldErrors(err);
      setErrors(fe);
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: TextField, opts: { type?: string; required?: boolean; wide?: boolean } = {}) => (
    <Input
      id={`emp-${name}`}
      name={name}
      label={t(`form.${name}`)}
      type={opts.type ?? 'text'}
      value={v[name]}
      onChange={set(name)}
      error={errors[name]}
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
          <Button variant="secondary" onClick={onClose} disabled={busy}>{t('common:cancel')}</Button>
          <Button type="submit" form="employee-form" loading={busy} data-testid="employee-save">{t('common:save')}</Button>
        </>
      }
    >
      <form id="employee-form" onSubmit={submit} noValidate>
        {error ? <Alert testId="employee-error">{error}</Alert> : null}
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
            value={v.gender}
            onChange={set('gender')}
            error={errors.gender}
            options={['not_selected', 'man', 'woman'].map((g) => ({ value: g, label: t(`form.gender_${g}`) }))}
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
            value={v.lang}
            onChange={set('lang')}
            error={errors.lang}
            options={[{ value: '', label: t('form.lang_none') }, { value: 'ru', label: 'Русский' }, { value: 'uk', label: 'Українська' }, { value: 'en', label: 'English' }]}
            data-testid="emp-lang"
          />
          <TextArea id="emp-about" label={t('form.about')} value={v.about} onChange={set('about')} error={errors.about} wide data-testid="emp-about" />
          <Input
            id="emp-password"
            label={user ? t('form.newPassword') : t('form.password')}
            type="password"
            autoComplete="new-password"
            value={v.password}
            onChange={set('password')}
            error={errors.password}
            required={!user}
            hint={user ? undefined : t('form.passwordHint')}
            data-testid="emp-password"
          />
          <Input
            id="emp-confirmPassword"
            label={t('form.confirmPassword')}
            type="password"
            autoComplete="new-password"
            value={v.confirmPassword}
            onChange={set('confirmPassword')}
            error={errors.confirmPassword}
            required={!user}
            data-testid="emp-confirmPassword"
          />
        </FormGrid>
        {!user ? <p className="people-note">{t('form.initialRightsNote')}</p> : null}
      </form>
    </Modal>
  );
}
