import { useState } from 'react';
import { useNavigate } from 'react-router';
import { serviceCreate, type Service } from '@intranet/bp-contract';
import { Id, z } from '@intranet/platform-contracts';
import { ApiFormView, useApiForm } from '@intranet/web-forms';
import { Button, ConfirmDialog, FormGrid, Input, Select, TextArea, useNotifier } from '@intranet/web-ui';
import { bpText } from './locales.ts';
import { useServiceGroups } from './api/group-list.ts';
import { useCreateService } from './api/service-create.ts';
import { useDeleteService } from './api/service-delete.ts';
import { useUpdateService } from './api/service-update.ts';
import { ArticlePicker } from './ArticlePicker.tsx';

/**
 * The info form's values: the contract's `serviceCreate` name and description, and the group, department and days
 * limit as their inputs hold them (text; empty → null when sent), the article id or null.
 */
const infoForm = z.object({
  name: serviceCreate.shape.name.unwrap(),
  description: serviceCreate.shape.description.unwrap(),
  group: z.string(),
  department: z.string().trim().max(100),
  days_limit: z.string(),
  article: Id.nullable(),
});
type InfoValues = z.input<typeof infoForm>;

/** The POST api/bp / PUT api/bp/{id} body of the info form's values. */
const infoBody = (v: z.output<typeof infoForm>) => ({
  name: v.name,
  description: v.description,
  group: v.group || null,
  department: v.department || null,
  days_limit: v.days_limit ? Number(v.days_limit) : null,
  article: v.article,
});

/**
 * The service's info as an administrator edits it (POST api/bp for a new one, then its steps tab; PUT api/bp/{id}),
 * and its delete button. The §5 rules (name, description, group required) are the server's: its field errors show
 * under their fields. Test ids: bp-info-form, bp-save-info, bp-delete.
 */
export function InfoForm({ service }: { service: Service | null }) {
  const { t } = bpText.useT();
  const nav = useNavigate();
  const notify = useNotifier();
  const groups = useServiceGroups();
  const create = useCreateService();
  const update = useUpdateService(service?._id ?? '');
  const remove = useDeleteService(service?._id ?? '');
  const [confirm, setConfirm] = useState(false);
  const defaults: InfoValues = {
    name: service?.name ?? '',
    description: service?.description ?? '',
    group: service?.group ?? '',
    department: service?.department ?? '',
    days_limit: service?.days_limit ? String(service.days_limit) : '',
    article: service?.article ?? null,
  };
  const form = useApiForm({
    schema: infoForm,
    defaultValues: defaults,
    onSubmit: async (v) => {
      const saved = service ? await update.mutateAsync(infoBody(v)) : await create.mutateAsync(infoBody(v));
      notify.toast(t('service.saved'));
      if (!service) void nav(`/service/${saved._id}?tab=steps`);
    },
  });
  const article = form.watch('article') ?? null;
  return (
    <ApiFormView form={form} className="bp-form" data-testid="bp-info-form">
      <FormGrid>
        <Input id="bp-name" label={t('service.name')} {...form.field('name')} required wide />
        <TextArea id="bp-description" label={t('service.description')} {...form.field('description')} required wide />
        <Select
          id="bp-group"
          label={t('service.group')}
          {...form.field('group')}
          required
          options={[{ value: '', label: t('service.chooseGroup') }, ...(groups.data ?? []).map((g) => ({ value: g._id, label: g.name }))]}
        />
        <Input id="bp-department" label={t('service.department')} {...form.field('department')} />
        <Input id="bp-days" label={t('service.daysLimit')} type="number" min={1} {...form.field('days_limit')} />
        <ArticlePicker value={article} onChange={(id) => form.setValue('article', id)} error={form.errorOf('article')} />
      </FormGrid>
      <div className="bp-actions">
        <Button type="submit" loading={form.busy} data-testid="bp-save-info">
          {service ? t('service.save') : t('service.create')}
        </Button>
        {service ? (
          <Button variant="danger" onClick={() => setConfirm(true)} data-testid="bp-delete">
            {t('service.delete')}
          </Button>
        ) : null}
      </div>
      {service ? (
        <ConfirmDialog
          open={confirm}
          danger
          title={t('service.delete')}
          message={t('service.deleteConfirm', { name: service.name })}
          confirmLabel={t('service.delete')}
          onConfirm={async () => {
            await remove.mutateAsync();
            notify.toast(t('service.deleted'));
            void nav('/services');
          }}
          onCancel={() => setConfirm(false)}
        />
      ) : null}
    </ApiFormView>
  );
}
