import { useState } from 'react';
import { useSession } from '@intranet/web-session';
import { Button, useDebounced } from '@intranet/web-ui';
import { Combobox, type ComboboxOption } from '@intranet/web-ui/widgets';
import { useArticlesFound } from './api/article-access-for.ts';
import { useCoursesFound } from './api/course-list.ts';
import { usePollsFound } from './api/poll-access-for.ts';
import { adaptationText } from './locales.ts';

type Kind = 'poll' | 'course' | 'article';

/** Suggestions for the typed text: the polls HR manages, the courses or the articles the caller sees. */
function useFound(kind: Kind, text: string): { options: ComboboxOption[]; failed: boolean } {
  const s = useSession();
  const client = s.client?._id ?? s.user?.client_id ?? '';
  const me = s.uid ?? '';
  const polls = usePollsFound(client, me, kind === 'poll' ? text : '');
  const courses = useCoursesFound(kind === 'course' ? text : '');
  const articles = useArticlesFound(client, me, kind === 'article' ? text : '');
  if (kind === 'poll') return { options: (polls.data?.polls ?? []).map((p) => ({ value: p._id, label: p.name })), failed: polls.isError };
  if (kind === 'course') return { options: (courses.data?.items ?? []).map((c) => ({ value: c._id, label: c.title })), failed: courses.isError };
  return { options: (articles.data ?? []).map((a) => ({ value: a._id, label: a.title ?? a._id })), failed: articles.isError };
}

/**
 * Chooses what a poll, course or article step points to: a searchable combobox (2+ letters) over the polls HR
 * manages, the courses or the articles the caller sees; the chosen one is shown under it with a button clearing it.
 * The field's §5 error ('Choose a poll', ...) shows under it. Test ids: `<id>` (the text), `<id>-list-<value>` (a
 * suggestion), `<id>-chosen`, `<id>-clear`, `<id>-error`.
 */
export function RefPicker({
  kind,
  id,
  label,
  value,
  onChange,
  error,
}: {
  kind: Kind;
  id: string;
  label: string;
  value: string | null | undefined;
  onChange: (id: string | null) => void;
  error?: string | undefined;
}) {
  const { t } = adaptationText.useT();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const found = useFound(kind, useDebounced(text.trim(), 300));
  return (
    <div className="ui-field">
      <label htmlFor={id} className="ui-field__label ui-field__label--required">
        {label}
      </label>
      <Combobox
        id={id}
        data-testid={id}
        type="search"
        value={text}
        onChange={setText}
        options={found.options}
        onSelect={(o) => {
          onChange(o.value);
          setChosen(typeof o.label === 'string' ? o.label : o.value);
          setText('');
        }}
        listLabel={label}
        listTestId={`${id}-list`}
        placeholder={t('refs.find')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {found.failed ? <div className="ui-field__hint">{t('refs.failed')}</div> : null}
      {value ? (
        <p className="adapt-actions" data-testid={`${id}-chosen`}>
          {t('refs.chosen', { name: chosen ?? value })}
          <Button size="small" variant="ghost" onClick={() => onChange(null)} data-testid={`${id}-clear`}>
            {t('refs.clear')}
          </Button>
        </p>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="ui-field__error" role="alert" data-testid={`${id}-error`}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
