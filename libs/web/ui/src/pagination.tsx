import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';

export interface PaginationProps {
  /** 1-based page. */
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  testId?: string;
}

function pageList(page: number, pages: number): (number | '…')[] {
  const out: (number | '…')[] = [];
  const push = (n: number | '…') => {
    if (out[out.length - 1] !== n) out.push(n);
  };
  for (let i = 1; i <= pages; i++) {
    if (i === 1 || i === pages || Math.abs(i - page) <= 1) push(i);
    else push('…');
  }
  return out;
}

/** Page switcher with "shown X–Y of N"; hidden parts collapse to "…". */
export function Pagination({ page, pageSize, total, onChange, testId = 'pagination' }: PaginationProps) {
  const { t } = useTranslation('common');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="ui-pagination" aria-label="pagination" data-testid={testId}>
      <span>{t('shown', { from, to, total })}</span>
      <div className="ui-pagination__pages">
        <Button size="small" variant="secondary" disabled={page <= 1} onClick={() => onChange(page - 1)} data-testid="page-prev">
          {t('prev')}
        </Button>
        {pageList(page, pages).map((p, i) =>
          p === '…' ? (
            <span key={`gap${i}`}>…</span>
          ) : (
            <Button
              key={p}
              size="small"
              variant="secondary"
              className="ui-pagination__page"
              aria-current={p === page ? 'page' : undefined}
              onClick={() => onChange(p)}
            >
              {p}
            </Button>
          ),
        )}
        <Button size="small" variant="secondary" disabled={page >= pages} onClick={() => onChange(page + 1)} data-testid="page-next">
          {t('next')}
        </Button>
      </div>
    </nav>
  );
}
