import { clientsText } from './locales.ts';
import { Alert, Badge, Button, Checkbox, FormGrid, Input, ProgressBar, type ButtonSize, type ButtonVariant } from '@intranet/web-ui';

const SIZES: ButtonSize[] = ['tiny', 'small', 'normal', 'big', 'large'];
const VARIANTS: ButtonVariant[] = ['primary', 'secondary', 'danger', 'ghost'];

/**
 * The admin panel's "UI elements" tab (§2): the design system's elements as this workspace shows them (its design
 * applies) — buttons in the §9 sizes and every variant, badges, messages, fields and a progress bar — so an
 * administrator sees the effect of the design tab. Nothing here is saved. Test id: ui-elements.
 */
export function UiElementsTab() {
  const { t } = clientsText.useT();
  return (
    <div className="ui-card clients-life" data-testid="ui-elements">
      <h3 className="clients-subtitle">{t('ui.buttons')}</h3>
      {VARIANTS.map((variant) => (
        <div key={variant} className="ui-toolbar">
          {SIZES.map((size) => (
            <Button key={size} size={size} variant={variant} data-testid={`ui-button-${variant}-${size}`}>
              {t(`ui.size.${size}`)}
            </Button>
          ))}
        </div>
      ))}
      <h3 className="clients-subtitle">{t('ui.badges')}</h3>
      <div className="ui-toolbar">
        <Badge>{t('ui.sample')}</Badge>
        <Badge tone="primary">{t('ui.sample')}</Badge>
        <Badge tone="success">{t('status.active')}</Badge>
        <Badge tone="danger">{t('status.blocked')}</Badge>
      </div>
      <h3 className="clients-subtitle">{t('ui.messages')}</h3>
      <Alert kind="info">{t('ui.info')}</Alert>
      <Alert kind="success">{t('saved')}</Alert>
      <h3 className="clients-subtitle">{t('ui.fields')}</h3>
      <FormGrid>
        <Input id="ui-sample-input" label={t('form.name')} defaultValue={t('ui.sample')} />
        <Input id="ui-sample-error" label={t('form.workspace')} defaultValue="?" error={t('ui.fieldError')} />
      </FormGrid>
      <Checkbox label={t('ui.sample')} defaultChecked />
      <ProgressBar value={60} label={t('ui.progress', { percent: 60 })} testId="ui-progress" />
    </div>
  );
}
