import { useEffect, useState, type ChangeEvent, type CSSProperties, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLIENT_FONTS, clientRoutes, clientUpdate, type Client, type ClientDesign } from '@intranet/clients-contract';
import { fileRoutes } from '@intranet/files-contract';
import { call, upload } from '@intranet/web-api';
import { Alert, Button, FormGrid, Input, ProgressBar, Select, designVariables, useNotifier } from '@intranet/web-ui';
import { errorText, serverFieldErrors, zodErrors } from '@intranet/web-i18n';
import { clientChanged } from './queries.ts';

const COLOURS = ['sidePanel', 'background', 'text', 'accent'] as const;
type ColourKey = (typeof COLOURS)[number];
type DesignForm = Record<ColourKey, string> & { font: string; headImage: string; logo: string };

function formOf(c: Client): DesignForm {
  const d = c.design ?? {};
  return {
    sidePanel: d.sidePanel ?? '', background: d.background ?? '', text: d.text ?? '', accent: d.accent ?? '',
    font: d.font ?? 'system', headImage: d.headImage ?? '', logo: c.logo ?? '',
  };
}

/**
 * §2 admin panel / client screen tab "design" (§3 Client: logo, head image, side panel, background, text and accent
 * colours, font): PUT /api/clients/{id} {logo, design}. Images go first to POST /api/upload with a progress bar.
 * The shell applies the saved design for everyone in the workspace (RootLayout → applyClientDesign).
 * Test ids: client-design-form, design-<field>, design-logo-file, design-upload-progress, design-save, design-preview.
 */
export function DesignTab({ client }: { client: Client }) {
  const { t } = useTranslation('clients');
  const qc = useQueryClient();
  const notifier = useNotifier();
  const [v, setV] = useState(() => formOf(client));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  useEffect(() => setV(formOf(client)), [client]);
  const set = (k: keyof DesignForm) => (e: { target: { value: string } }) => setV((s) => ({ ...s, [k]: e.target.value }));

  const uploadImage = (k: 'logo' | 'headImage') => async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    setProgress(0);
    setError(null);
    try {
      const r = await upload(fileRoutes.upload, form, (p) => setProgress(p.percent), { query: { kind: 'file' }, silent: true });
      const url = r.results[0]?.url;
      if (url) setV((s) => ({ ...s, [k]: url }));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setProgress(null);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const design: ClientDesign = { font: v.font as ClientDesign['font'], headImage: v.headImage.trim() || null };
    for (const k of COLOURS) design[k] = v[k].trim() || null;
    const body = { logo: v.logo.trim() || null, design };
    const parsed = clientUpdate.safeParse(body);
    if (!parsed.success) return setErrors(zodErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const updated = await call(clientRoutes.update, { params: { id: client._id }, body, silent: true });
      clientChanged(qc, updated);
      notifier.toast(t('saved'));
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const preview = designVariables({ ...v, headImage: v.headImage || null });
  return (
    <form onSubmit={submit} noValidate className="ui-card" data-testid="client-design-form">
      {error ? <Alert testId="design-save-error">{error}</Alert> : null}
      <FormGrid>
        {COLOURS.map((k) => (
          <div key={k} className="clients-colour">
            <Input id={`design-${k}`} label={t(`design.${k}`)} value={v[k]} onChange={set(k)} error={errors[`design.${k}`]} placeholder="#1a73e8" maxLength={7} data-testid={`design-${k}`} />
            <input type="color" aria-label={t(`design.${k}`)} value={/^#[0-9a-f]{6}$/i.test(v[k]) ? v[k] : '#ffffff'} onChange={set(k)} className="clients-colour__pick" />
          </div>
        ))}
        <Select id="design-font" label={t('design.font')} value={v.font} onChange={set('font')} error={errors['design.font']}
          options={CLIENT_FONTS.map((f) => ({ value: f, label: f === 'system' ? t('design.systemFont') : f }))} data-testid="design-font" />
        <Input id="design-logo" label={t('design.logo')} value={v.logo} onChange={set('logo')} error={errors.logo} wide data-testid="design-logo" />
        <label className="clients-file">
          {t('design.uploadLogo')}
          <input type="file" accept="image/*" onChange={(e) => void uploadImage('logo')(e)} disabled={progress !== null} data-testid="design-logo-file" />
        </label>
        <Input id="design-headImage" label={t('design.headImage')} hint={t('design.headImageHint')} value={v.headImage} onChange={set('headImage')} error={errors['design.headImage']} wide data-testid="design-headImage" />
        <label className="clients-file">
          {t('design.uploadHead')}
          <input type="file" accept="image/*" onChange={(e) => void uploadImage('headImage')(e)} disabled={progress !== null} data-testid="design-head-file" />
        </label>
      </FormGrid>
      {progress !== null ? <ProgressBar value={progress} label={t('design.uploading', { percent: progress })} testId="design-upload-progress" /> : null}
      <div className="clients-preview" style={preview as CSSProperties} data-testid="design-preview" aria-hidden="true">
        <div className="clients-preview__nav">{v.logo ? <img src={v.logo} alt="" /> : null}{client.name}</div>
        <div className="clients-preview__body">Aa</div>
      </div>
      <div className="clients-actions">
        <Button type="submit" loading={busy} disabled={progress !== null} data-testid="design-save">{t('common:save')}</Button>
      </div>
    </form>
  );
}
