import { fileNameOf, type Field, type FieldValue } from '@intranet/bp-contract';
import { useFormatDate } from '@intranet/web-i18n';
import { bpText } from './locales.ts';
import { DAY } from './common.tsx';
import { UserName } from './UserName.tsx';

/** A stored value as text (dates and periods in the user's locale; users by name from `names`; files as links from `files`). */
export function ValueText({
  field,
  value,
  names,
  files = {},
}: {
  field: Field;
  value: FieldValue | undefined;
  names: Record<string, string>;
  files?: Record<string, string>;
}) {
  const { t } = bpText.useT();
  const fmt = useFormatDate();
  if (value === undefined || value === null || value === '') return <>—</>;
  if (field.type === 'date' && typeof value === 'string') return <>{fmt(value, DAY) || value}</>;
  if (field.type === 'file' && typeof value === 'string')
    return files[value] ? (
      <a href={files[value]} target="_blank" rel="noopener noreferrer" download={fileNameOf(value)}>
        {fileNameOf(value)}
      </a>
    ) : (
      <>{fileNameOf(value)}</>
    );
  if (field.type === 'checkbox') return <>{value ? t('request.yes') : t('request.no')}</>;
  if (field.type === 'user' && typeof value === 'string') return <>{names[value] ?? <UserName id={value} />}</>;
  if (Array.isArray(value))
    return (
      <>
        {value.map((id, i) => (
          <span key={id}>
            {i ? ', ' : ''}
            {field.type === 'users' ? (names[id] ?? <UserName id={id} />) : id}
          </span>
        ))}
      </>
    );
  if (typeof value === 'object') return <>{`${fmt(value.from, DAY) || value.from} — ${fmt(value.to, DAY) || value.to}`}</>;
  return <>{String(value)}</>;
}
