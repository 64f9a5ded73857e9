import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Mustache from 'mustache';
import { notificationsRoutes, TEMPLATE_CHANNELS, type Template } from '@intranet/notifications-contract';
import { errorText } from '@intranet/web-i18n';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { Button, ConfirmDialog, EmptyState, ErrorState, FormGrid, Loader, useNotifier } from '@intranet/web-ui';
import { notificationKeys } from './api/keys.ts';
import { createTemplate } from './api/template-create.ts';
import { useTemplates } from './api/template-list.ts';
import { useRemoveTemplate } from './api/template-remove.ts';
import { updateTemplate } from './api/template-update.ts';
import { notificationsText } from './locales.ts';

const EMPTY = { code: '', lang: 'ru' as const, channel: 'email' as const, name: '', title: '', short: '', full: '', variables: [] as string[] };
/** Variables every notification offers a template (besides its own data). */
const VARIABLES = ['actor', 'name', 'title', 'text', 'link', 'section'];

/** The template rendered with sample values (a missing variable renders empty; a broken template says so). */
function preview(src: string, html: boolean): string | null {
  const sample = {
    actor: 'Anna Tester',
    name: 'Quarterly review',
    title: 'Anna Tester mentioned you in a post',
    text: 'Hello!',
    link: '/post/1',
    section: 'posts',
  };
  try {
    return html ? Mustache.render(src, sample) : Mustache.render(src, sample, {}, { escape: (s: unknown) => String(s) });
  } catch {
    return null;
  }
}

/**
 * §2 /notifications settings → templates (administrators): the client's templates per code, language and channel
 * (GET/POST/PUT/DELETE api/notif_template), with the variables a template may use and a preview with sample values.
 * Test ids: notif-templates, notif-template-<id>, notif-template-form, tpl-<field>, notif-template-save.
 */
export function TemplatesTab() {
  const { t } = notificationsText.useT();
  const qc = useQueryClient();
  const notifier = useNotifier();
  const [editing, setEditing] = useState<Template | null>(null);
  const [removing, setRemoving] = useState<Template | null>(null);
  const list = useTemplates();
  const removal = useRemoveTemplate();
  const form = useApiForm({
    schema: notificationsRoutes.templateCreate.body,
    defaultValues: EMPTY,
    onSubmit: async (values) => {
      if (editing) await updateTemplate(editing._id, values);
      else await createTemplate(values);
      notifier.toast(t('templates.saved'), 'success');
      setEditing(null);
      form.reset(EMPTY);
      await qc.invalidateQueries({ queryKey: notificationKeys.templates() });
    },
  });
  const title = form.watch('title') ?? '';
  const full = form.watch('full') ?? '';
  const titlePreview = preview(title, false);
  const fullPreview = preview(full, true);
  const edit = (tpl: Template) => {
    setEditing(tpl);
    form.reset({
      code: tpl.code,
      lang: tpl.lang as 'ru',
      channel: tpl.channel,
      name: tpl.name,
      title: tpl.title,
      short: tpl.short,
      full: tpl.full,
      variables: tpl.variables,
    });
  };
  const remove = async () => {
    if (!removing) return;
    try {
      await removal.mutateAsync(removing._id);
    } catch (err) {
      notifier.toast(errorText(err), 'error');
    } finally {
      setRemoving(null);
    }
  };
  return (
    <section data-testid="notif-templates">
      <h2>{t('templates.title')}</h2>
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('templates.empty')} testId="notif-templates-empty" />
      ) : (
        <ul className="notif__list">
          {list.data.map((tpl) => (
            <li key={tpl._id} className="notif__item ui-card" data-testid={`notif-template-${tpl._id}`}>
              <div className="notif__head">
                <span className="notif__title">{tpl.name}</span>
                <span>
                  {tpl.code} · {tpl.lang} · {t(`templates.channels.${tpl.channel}`)}
                </span>
              </div>
              <div className="notif__meta">
                <Button size="small" variant="secondary" onClick={() => edit(tpl)}>
                  {t('templates.edit')}
                </Button>
                <Button size="small" variant="secondary" onClick={() => setRemoving(tpl)}>
                  {t('templates.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <h3>{editing ? t('templates.editTitle') : t('templates.new')}</h3>
      <ApiFormView form={form} className="ui-card" data-testid="notif-template-form" errorTestId="notif-template-error">
        <FormGrid>
          <FormField form={form} name="code" id="tpl-code" label={t('templates.code')} hint={t('templates.codeHint')} />
          <FormField form={form} name="name" id="tpl-name" label={t('templates.name')} required />
          <FormField
            form={form}
            name="lang"
            id="tpl-lang"
            label={t('templates.lang')}
            choices={[
              { value: 'ru', label: 'Русский' },
              { value: 'uk', label: 'Українська' },
              { value: 'en', label: 'English' },
            ]}
          />
          <FormField
            form={form}
            name="channel"
            id="tpl-channel"
            label={t('templates.channel')}
            choices={TEMPLATE_CHANNELS.map((c) => ({ value: c, label: t(`templates.channels.${c}`) }))}
          />
          <FormField form={form} name="title" id="tpl-title" label={t('templates.subject')} wide />
          <FormField form={form} name="short" id="tpl-short" label={t('templates.short')} rows={3} wide />
          <FormField form={form} name="full" id="tpl-full" label={t('templates.full')} rows={6} wide />
        </FormGrid>
        <p className="notif__hint">
          {t('templates.variables')}: {VARIABLES.map((v) => `{{${v}}}`).join(', ')}
        </p>
        <div className="notif__preview" data-testid="notif-template-preview" aria-live="polite">
          <strong>{t('templates.preview')}</strong>
          {titlePreview === null || fullPreview === null ? (
            <p role="alert">{t('templates.broken')}</p>
          ) : (
            <>
              <p>{titlePreview}</p>
              <iframe title={t('templates.preview')} sandbox="" srcDoc={fullPreview} className="notif__preview-frame" />
            </>
          )}
        </div>
        <SubmitRow form={form} label={t('templates.save')} testId="notif-template-save">
          {editing ? (
            <Button
              variant="secondary"
              onClick={() => {
                setEditing(null);
                form.reset(EMPTY);
              }}
            >
              {t('templates.cancel')}
            </Button>
          ) : null}
        </SubmitRow>
      </ApiFormView>
      <ConfirmDialog
        open={!!removing}
        title={t('templates.deleteTitle')}
        message={t('templates.deleteText', { name: removing?.name ?? '' })}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
