import type { BpRequest } from '@intranet/bp-contract';
import { useFormatDate } from '@intranet/web-i18n';
import { bpText } from './locales.ts';
import { MOMENT } from './common.tsx';
import { ValueText } from './ValueText.tsx';

/** The step timeline: each step with its performers, outcome (who, when, reason) and its frozen values. */
export function Timeline({ r }: { r: BpRequest }) {
  const { t } = bpText.useT();
  const fmt = useFormatDate();
  const name = (id: string | null) => (id ? (r.names[id] ?? '…') : t('request.system'));
  return (
    <ol className="bp-timeline" data-testid="bp-timeline">
      {r.steps.map((s, i) => {
        const def = r.definition.steps[i]!;
        const current = r.status === 'active' && i === r.current_step;
        return (
          <li
            key={s._id}
            className={`bp-timeline__step${current ? ' bp-timeline__step--current' : ''}${s.result ? ` bp-timeline__step--${s.result}` : ''}`}
            data-testid={`bp-timeline-${i}`}
            data-result={s.result ?? (current ? 'current' : 'waiting')}
          >
            <h3>{s.name}</h3>
            {s.performers.length ? (
              <p className="bp-muted">
                {t('request.performers')}: {s.performers.map((p) => name(p)).join(', ')}
              </p>
            ) : null}
            <p>
              {s.result === 'accepted'
                ? t('request.passed', { name: name(s.by), date: fmt(s.at, MOMENT) })
                : s.result === 'declined'
                  ? t('request.declined', { name: name(s.by), date: fmt(s.at, MOMENT), reason: s.reason ?? '' })
                  : current
                    ? t('request.current')
                    : t('request.waiting')}
            </p>
            {s.result && def.fields.length ? (
              <dl className="bp-values">
                {def.fields.map((f) => (
                  <div key={f._id}>
                    <dt>{f.name}</dt>
                    <dd>
                      <ValueText field={f} value={s.values[f._id]} names={r.names} files={r.files} />
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
