import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fileRoutes, type UploadKind } from '@intranet/files-contract';
import { peopleRoutes, type User } from '@intranet/people-contract';
import { call, isApiError, upload } from '@intranet/web-api';
import { sessionKeys } from '@intranet/web-session';
import { Alert, Button, FormGrid, Input, Modal, ProgressBar, TextArea, useNotifier } from '@intranet/web-ui';
import { socialKeys } from './queries.ts';

const SOCIAL_NETWORKS = ['telegram', 'linkedin', 'facebook', 'website'] as const;
type ImageField = 'avatar' | 'avatar_big' | 'cover';

/**
 * Editing one's own profile (§2 /profile, feature right `profile_edit`): contacts, about, social networks, avatar
 * small and big and the cover. Images are uploaded first (POST api/upload?kind=avatar|avatar_big|cover, progress bar
 * hidden 1.5 s after finishing; the server applies the §5 size rules), then PUT api/user/{id}.
 */
export function ProfileEdit({ user, open, onClose }: { user: User; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('wall');
  const qc = useQueryClient();
  const notify = useNotifier();
  const [form, setForm] = useState(() => ({
    phone: user.phone ?? '', internalPhone: user.internalPhone ?? '', city: user.city ?? '', cabinet: user.cabinet ?? '', about: user.about ?? '',
  }));
  const [social, setSocial] = useState<Record<string, string>>(() => ({ ...user.social }));
  const [images, setImages] = useState<Record<ImageField, string | null>>({ avatar: user.avatar, avatar_big: user.avatar_big, cover: user.cover });
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);

  const onImage = (field: ImageField) => async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const fd = new FormData();
    fd.append('file', file, file.name);
    setErrors((x) => ({ ...x, [field]: '' }));
    if (timer.current) clearTimeout(timer.current);
    setProgress(0);
    try {
      const r = await upload(fileRoutes.upload, fd, (p) => setProgress(p.percent), { query: { kind: field as UploadKind }, silent: true });
      const f = r.results[0];
      if (f) setImages((x) => ({ ...x, [field]: f.url }));
      setProgress(100);
    } catch (err) {
      setErrors((x) => ({ ...x, [field]: isApiError(err) ? err.message : String(err) }));
    } finally {
      timer.current = setTimeout(() => setProgress(null), 1500);
    }
  };

  const save = useMutation({
    mutationFn: () =>
      call(peopleRoutes.update, {
        params: { id: user._id },
        body: { ...form, social: Object.fromEntries(Object.entries(social).filter(([, v]) => v.trim())), avatar: images.avatar, avatar_big: images.avatar_big, cover: images.cover },
        silent: true,
      }),
    onSuccess: (u) => {
      qc.setQueryData(socialKeys.user(u._id), u);
      qc.setQueryData(sessionKeys.user(u._id), (old: User | undefined) => (old ? u : old));
      notify.toast(t('profile.saved'), 'success');
      onClose();
    },
    onError: (e) => {
      if (isApiError(e) && e.errors?.length) setErrors(e.fieldErrors());
      setFormError(isApiError(e) ? e.message : String(e));
    },
  });

  const field = (k: keyof typeof form, label: string) => (
    <Input id={`profile-${k}`} label={label} value={form[k]} onChange={(e) => setForm((f) => ({ ...f, [k]: e.target.value }))} error={errors[k] || null} data-testid={`profile-${k}`} />
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
        {images[k] ? <Button size="tiny" variant="ghost" onClick={() => setImages((x) => ({ ...x, [k]: null }))}>{t('form.remove')}</Button> : null}
      </div>
      {errors[k] ? <div className="ui-field__error" role="alert" data-testid={`profile-${k}-error`}>{errors[k]}</div> : null}
    </div>
  );

  return (
    <Modal
      open={open}
      title={t('profile.edit')}
      onClose={onClose}
      width={720}
      testId="profile-edit"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{t('profile.cancel')}</Button>
          <Button onClick={() => { setErrors({}); setFormError(null); save.mutate(); }} loading={save.isPending} disabled={progress !== null && progress < 100} data-testid="profile-save">{t('profile.save')}</Button>
        </>
      }
    >
      <FormGrid>
        {imageInput('avatar', t('profile.avatar'))}
        {imageInput('avatar_big', t('profile.avatarBig'))}
        {imageInput('cover', t('profile.cover'))}
        {progress !== null ? <ProgressBar value={progress} testId="profile-upload-progress" /> : <span />}
        {field('phone', t('profile.phone'))}
        {field('internalPhone', t('profile.internalPhone'))}
        {field('city', t('profile.city'))}
        {field('cabinet', t('profile.cabinet'))}
        <TextArea id="profile-about" wide label={t('profile.about')} rows={4} value={form.about} onChange={(e) => setForm((f) => ({ ...f, about: e.target.value }))} error={errors.about || null} />
        {SOCIAL_NETWORKS.map((n) => (
          <Input key={n} id={`profile-social-${n}`} label={n} value={social[n] ?? ''} onChange={(e) => setSocial((s) => ({ ...s, [n]: e.target.value }))} error={errors[`social.${n}`] || null} />
        ))}
      </FormGrid>
      {formError ? <Alert testId="profile-edit-error">{formError}</Alert> : null}
    </Modal>
  );
}
