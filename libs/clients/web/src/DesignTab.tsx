import { useEffect, useState, type ChangeEvent, type CSSProperties } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { clientsText } from './locales.ts';
import { CLIENT_FONTS, clientUpdate, type Client } from '@intranet/clients-contract';
import { ApiFormView, emptyAsNull, useApiForm } from '@intranet/web-forms';
import { Button, FormGrid, Input, ProgressBar, designVariables, useNotifier } from '@intranet/web-ui';
import { SelectMenu } from '@intranet/web-ui/widgets';
import { errorText } from '@intranet/web-i18n';
import { clientChanged, updateClient } from './api/client-update.ts';
import { uploadImage } from './api/file-upload.ts';

const COLOURS = ['sidePanel', 'background', 'text', 'accent'] as const;

/** The form's values: the PUT body (empty texts are sent as null). */
function formOf(c: Client) {
  const d = c.design ?? {};
  return {
    logo: c.logo ?? null,
    design: {
      sidePanel: d.sidePanel ?? null,
      background: d.background ?? null,
      text: d.text ?? null,
      accent: d.accent ?? null,
      font: d.font ?? 'system',
      headImage: d.headImage ?? null,
    },
  };
}

/**
 * §2 admin panel / client screen tab "design" (§3 Client: logo, head image, side panel, background, text and accent
 * colours, font): PUT /api/clients/{id} {logo, design}. Images go first to POST /api/upload with a progress bar.
 * The shell applies the saved design for everyone in the workspace (RootLayout → applyClientDesign).
 * One `useApiForm` over the contract's `clientUpdate` (bad colours/URLs under their field, in the user's language).
 * Test ids: client-design-form, design-<field>, design-logo-file, design-upload-progress, design-save, design-preview.
 */
export function DesignTab({ client }: { client: Client }) {
  const { t } = clientsText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useApiForm({
    schema: clientUpdate,
    defaultValues: formOf(client),
    onSubmit: async (body) => {
      const updated = await updateClient(client._id, body);
      clientChanged(qc, updated);
      notifier.toast(t('saved'));
    },
  });
  const { reset } = form;
  useEffect(() => reset(formOf(client)), [client, reset]);
  const v = form.watch();

  const pickImage = (k: 'logo' | 'design.headImage') => async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    form.setFormError(null);
    // §5 head image: 160 px high, from 1000 px wide — told before uploading (the server refuses it anyway).
    if (k === 'design.headImage') {
      const size = await createImageBitmap(file).then(
        (b) => {
          const wh = { width: b.width, height: b.height };
          b.close();
          return wh;
        },
        () => null,
      );
      if (!size || size.height !== 160 || size.width < 1000) {
        form.setError('design.headImage', { message: t('design.headImageSize') });
        return;
      }
      form.clearErrors('design.headImage');
    }
    setProgress(0);
    try {
      const url = await uploadImage(file, setProgress);
      if (url) form.setValue(k, url, { shouldDirty: true });
    } catch (err) {
      form.setFormError(errorText(err));
    } finally {
      setProgress(null);
    }
  };

  const preview = designVariables({ ...v.design, headImage: v.design?.headImage || null });
  return (
    <ApiFormView form={form} errorTestId="design-save-error" className="ui-card" data-testid="client-design-form">
      <FormGrid>
        {COLOURS.map((k) => {
          const colour = v.design?.[k] ?? '';
          return (
            <div key={k} className="clients-colour">
              <Input
                id={`design-${k}`}
                label={t(`design.${k}`)}
                {...form.field(`design.${k}`, emptyAsNull)}
                placeholder="#1a73e8"
                maxLength={7}
                data-testid={`design-${k}`}
              />
              <input
                type="color"
                aria-label={t(`design.${k}`)}
                value={/^#[0-9a-f]{6}$/i.test(colour) ? colour : '#ffffff'}
                onChange={(e) => form.setValue(`design.${k}`, e.target.value, { shouldDirty: true })}
                className="clients-colour__pick"
              />
            </div>
          );
        })}
        <SelectMenu
          id="design-font"
          label={t('design.font')}
          value={v.design?.font ?? 'system'}
          onChange={(f) => form.setValue('design.font', f as never, { shouldDirty: true })}
          error={form.errorOf('design.font')}
          testId="design-font"
          options={CLIENT_FONTS.map((f) => ({
            value: f,
            label: f === 'system' ? t('design.systemFont') : f,
            style: f === 'system' ? undefined : { fontFamily: `'${f}', sans-serif` },
          }))}
        />
        <Input id="design-logo" label={t('design.logo')} {...form.field('logo', emptyAsNull)} wide data-testid="design-logo" />
        <label className="clients-file">
          {t('design.uploadLogo')}
          <input type="file" accept="image/*" onChange={(e) => void pickImage('logo')(e)} disabled={progress !== null} data-testid="design-logo-file" />
        </label>
        <Input
          id="design-headImage"
          label={t('design.headImage')}
          hint={t('design.headImageHint')}
          {...form.field('design.headImage', emptyAsNull)}
          wide
          data-testid="design-headImage"
        />
        <label className="clients-file">
          {t('design.uploadHead')}
          <input
            type="file"
            accept="image/*"
            onChange={(e) => void pickImage('design.headImage')(e)}
            disabled={progress !== null}
            data-testid="design-head-file"
          />
        </label>
      </FormGrid>
      {progress !== null ? <ProgressBar value={progress} label={t('design.uploading', { percent: progress })} testId="design-upload-progress" /> : null}
      <div className="clients-preview" style={preview as CSSProperties} data-testid="design-preview" aria-hidden="true">
        <div className="clients-preview__nav">
          {v.logo ? <img src={v.logo} alt="" /> : null}
          {client.name}
        </div>
        <div className="clients-preview__body">Aa</div>
      </div>
      <div className="clients-actions">
        <Button type="submit" loading={form.busy} disabled={progress !== null} data-testid="design-save">
          {t('common:save')}
        </Button>
      </div>
    </ApiFormView>
  );
}
