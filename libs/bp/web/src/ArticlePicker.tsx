import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { bpText } from './locales.ts';
import { kbRoutes } from '@intranet/kb-contract';
import { call } from '@intranet/web-api';
import { useErrorText } from '@intranet/web-i18n';
import { Button, useDebounced } from '@intranet/web-ui';
import { Combobox } from '@intranet/web-ui/widgets';
import { useBp } from './common.tsx';

/**
 * The service's knowledge-base article (§3 Service `article`; GET api/service/byArticle/{id} lists the service on
 * that article's page): the chosen one as a link with a remove button, and a Combobox that searches the articles the
 * administrator may read (GET api/user/{client}/articles/access_for/{user}?search=…&section=kb, 2+ symbols; folders
 * and files left out). `value`: the article id or null. Test ids: bp-article, bp-article-search,
 * bp-article-option-<id>, bp-article-remove.
 */
export function ArticlePicker({ value, onChange, error }: { value: string | null; onChange: (id: string | null) => void; error?: string | null }) {
  const { t } = bpText.useT();
  const errorText = useErrorText();
  const { clientId, uid } = useBp();
  const [text, setText] = useState('');
  // The title of the article just picked (shown at once, before GET api/article/{id} answers).
  const [picked, setPicked] = useState<{ id: string; title: string } | null>(null);
  const q = useDebounced(text.trim(), 250);
  const chosen = useQuery({
    queryKey: ['bp', 'article', value],
    queryFn: ({ signal }) => call(kbRoutes.articleGet, { params: { id: value! }, signal, silent: true }),
    enabled: !!value,
    staleTime: 60_000,
    retry: false,
  });
  const found = useQuery({
    queryKey: ['bp', 'articles', q],
    queryFn: ({ signal }) =>
      call(kbRoutes.articleAccessFor, { params: { client: clientId!, user: uid! }, query: { search: q, section: 'kb', limit: 20 }, signal, silent: true }),
    enabled: q.length >= 2 && !!clientId && !!uid,
  });
  const options = (found.data ?? [])
    .filter((a) => a.type === 'article' && a._id !== value)
    .slice(0, 8)
    .map((a) => ({ value: a._id, label: a.title ?? a._id, title: a.title ?? a._id }));
  const title = chosen.data?.title ?? (picked?.id === value ? picked.title : chosen.isError ? t('article.unknown') : '…');
  const shown = error ?? (found.isError ? errorText(found.error) : null);
  return (
    <div className="ui-field ui-field--wide bp-article" data-testid="bp-article">
      <label htmlFor="bp-article-search" className="ui-field__label">
        {t('article.label')}
      </label>
      {value ? (
        <p className="bp-article__chosen">
          <Link to={`/article/${value}`} data-testid="bp-article-link" title={t('article.open')}>
            {title}
          </Link>
          <Button variant="ghost" size="small" onClick={() => onChange(null)} aria-label={t('article.remove', { title })} data-testid="bp-article-remove">
            ×
          </Button>
        </p>
      ) : null}
      <Combobox
        id="bp-article-search"
        type="search"
        value={text}
        onChange={setText}
        options={options}
        onSelect={(o) => {
          setPicked({ id: o.value, title: options.find((x) => x.value === o.value)?.title ?? o.value });
          onChange(o.value);
          setText('');
        }}
        listLabel={t('article.found')}
        listTestId="bp-article-option"
        placeholder={t('article.find')}
        aria-describedby={shown ? 'bp-article-search-error' : 'bp-article-search-hint'}
        aria-invalid={shown ? true : undefined}
        data-testid="bp-article-search"
      />
      {shown ? (
        <div id="bp-article-search-error" className="ui-field__error" role="alert">
          {shown}
        </div>
      ) : (
        <div id="bp-article-search-hint" className="ui-field__hint">
          {t('article.hint')}
        </div>
      )}
    </div>
  );
}
