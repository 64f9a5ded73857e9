import { notificationsText } from './locales.ts';
import { CHANNELS, STORED_SECTIONS, type SettingsMatrix } from '@intranet/notifications-contract';
import { Checkbox } from '@intranet/web-ui';

/**
 * The section × channel switches (§7 Users notifications settings) as a table of checkboxes; used by the user's
 * settings tab, the admin panel's client defaults and the employee administration's notifications tab. Each box is
 * named "<section>: <channel>" for assistive technology only; below 640 px each section is a block of its channels.
 * Test ids: `<prefix>-<section>-<channel>`.
 */
export function Matrix({ matrix, onChange, prefix = 'notif-setting' }: { matrix: SettingsMatrix; onChange: (m: SettingsMatrix) => void; prefix?: string }) {
  const { t } = notificationsText.useT();
  return (
    <div className="notif__matrix-wrap">
      <table className="notif__matrix">
        <thead>
          <tr>
            <th scope="col">{t('settings.section')}</th>
            {CHANNELS.map((c) => (
              <th key={c} scope="col">
                {t(`channel.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {STORED_SECTIONS.map((s) => (
            <tr key={s}>
              <th scope="row">{t(`section.${s}`)}</th>
              {CHANNELS.map((c) => (
                <td key={c}>
                  {/* The column header names the channel; a narrow screen stacks the cells and shows it beside each box. */}
                  <Checkbox
                    className="notif__cell"
                    label={
                      <>
                        <span className="ui-visually-hidden">{`${t(`section.${s}`)}: ${t(`channel.${c}`)}`}</span>
                        <span className="notif__cell-label" aria-hidden="true">
                          {t(`channel.${c}`)}
                        </span>
                      </>
                    }
                    checked={!!matrix[s]?.[c]}
                    onChange={(e) => onChange({ ...matrix, [s]: { ...matrix[s], [c]: e.target.checked } })}
                    data-testid={`${prefix}-${s}-${c}`}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
