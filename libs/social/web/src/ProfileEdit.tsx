import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { wallText } from './locales.ts';
import { fileRoutes, type UploadKind } from '@intranet/files-contract';
import { updateBody, type User } from '@intranet/people-contract';
import { z } from '@intranet/platform-contracts';
import { upload } from '@intranet/web-api';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { errorText } from '@intranet/web-i18n';
import { sessionKeys } from '@intranet/web-session';
import { Button, FormGrid, Input, Modal, ProgressBar, TextArea, useNotifier } from '@intranet/web-ui';
import { profileKey } from './api/people-get.ts';
import { updateProfile } from './api/people-update.ts';

const SOCIAL_NETWORKS = ['telegram', 'linkedin', 'facebook', 'website'] as const;
type ImageField = 'avatar' | 'avatar_big' | 'cover';

interface ProfileValues {
  phone: string;
  internalPhone: string;
  city: string;
  cabinet: string;
  about: string;
  social: Record<string, string>;
  avatar: string | null;
  avatar_big: string | null;
  cover: string | null;
}

/** The PUT body from the form: social networks left empty are dropped. */
function toBody(v: ProfileValues) {
  return { ...v, social: Object.fromEntries(Object.entries(v.social ?? {}).filter(([, x]) => x.trim())) };
}

/** The contract's update schema over the body the form sends. */
const profileSchema = z.preprocess((v) => toBody(v as ProfileValues), updateBody) as unknown as z.ZodType<Record<string, unknown>, ProfileValues>;

/**
 * Editing one's own profile (§2 /profile, feature right `profile_edit`): contacts, about, social networks, avatar
 * small and big and the cover. Images are uploaded first (POST api/upload?kind=avatar|avatar_big|cover, progress bar
 * hidden 1.5 s after finishing; the server applies the §5 size rules), then PUT api/user/{id}. One `useApiForm` over
 * the contract's `updateBody`: field errors (an upload's too) under their field in the user's language, others below.
 */
export function ProfileEdit({ user, open, onClose }: { user: User; open: boolean; onClose: () => void }) {
  const { t } = wallText.useT();
  const qc = useQueryClient();
  const notify = useNotifier();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useApiForm({
    schema: profileSchema,
    defaultValues: {
      phone: user.phone ?? '',
      internalPhone: user.internalPhone ?? '',
      city: user.city ?? '',
      cabinet: user.cabinet ?? '',
      about: user.about ?? '',
      social: { ...user.social },
      avatar: user.avatar,
      avatar_big: user.avatar_big,
      cover: user.cover,
    },
    onSubmit: async () => {
      const u = await updateProfile(user._id, toBody(form.getValues()));
      qc.setQueryData(profileKey(u._id), u);
      qc.setQueryData(sessionKeys.user(u._id), (old: User | undefined) => (old ? u : old));
      notify.toast(t('profile.saved'), 'success');
      onClose();
    },
  });
  const images = { avatar: form.watch('avatar'), avatar_big: form.watch('avatar_big'), cover: form.watch('cover') };
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onImage = (field: ImageField) => async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const fd = new FormData();
    fd.append('file', file, file.name);
    form.clearErrors(field);
    if (timer.current) clearTimeout(timer.current);
    setProgress(0);
    try {
      const r = await upload(fileRoutes.fileUpload, fd, (p) => setProgress(p.percent), { query: { kind: field as UploadKind }, silent: true });
      const f = r.results[0];
      if (f) form.setValue(field, f.url, { shouldDirty: true });
      setProgress(100);
    } catch (err) {
      form.setError(field, { type: 'server', message: errorText(err) });
    } finally {
      timer.current = setTimeout(() => setProgress(null), 1500);
    }
  };

  const field = (k: 'phone' | 'internalPhone' | 'city' | 'cabinet', label: string) => (
    <Input id={`profile-${k}`} label={label} {...form.field(k)} data-testid={`profile-${k}`} />
  );
  const imageInput = (k: ImageField, label: string) => (
    <div className="ui-field">
      <span className="ui-field__label">{label}</span>
      <div className="wall-row">
        {images[k] ? <img src={images[k]!} alt="" style={{ height: 40, borderRadius: 6 }} /> : null}
        <label className="ui-btn ui-btn--small ui-btn--secondary">
          {t('profile.choose')}
          <input type="file" accept="image/*" hidden onChange={(e) => void onImage(k)(e)} data-testid={`profile-${k}-input`} />
        </label>
        {images[k] ? (
          <Button size="tiny" variant="ghost" onClick={() => form.setValue(k, null, { shouldDirty: true })}>
            {t('form.remove')}
          </Button>
        ) : null}
      </div>
      {form.errorOf(k) ? (
        <div className="ui-field__error" role="alert" data-testid={`profile-${k}-error`}>
          {form.errorOf(k)}
        </div>
      ) : null}
    </div>
  );

  return (
    <Modal
      open={open}
      title={t('profile.edit')}
      onClose={onClose}
      width={720}
      testId="profile-edit"
      dismissible={!form.busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('profile.cancel')}
          </Button>
          <Button type="submit" form="profile-edit-form" loading={form.busy} disabled={progress !== null && progress < 100} data-testid="profile-save">
            {t('profile.save')}
          </Button>
        </>
      }
    >
      <ApiFormView form={form} id="profile-edit-form" errorTestId="profile-edit-error">
        <FormGrid>
          {imageInput('avatar', t('profile.avatar'))}
          {imageInput('avatar_big', t('profile.avatarBig'))}
          {imageInput('cover', t('profile.cover'))}
          {progress !== null ? <ProgressBar value={progress} testId="profile-upload-progress" /> : <span />}
          {field('phone', t('profile.phone'))}
          {field('internalPhone', t('profile.internalPhone'))}
          {field('city', t('profile.city'))}
          {field('cabinet', t('profile.cabinet'))}
          <TextArea id="profile-about" wide label={t('profile.about')} rows={4} {...form.field('about')} />
          {SOCIAL_NETWORKS.map((n) => (
            <Input key={n} id={`profile-social-${n}`} label={n} {...form.field(`social.${n}`)} />
          ))}
        </FormGrid>
      </ApiFormView>
    </Modal>
  );
}
