import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from './feedback.tsx';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** When set, the header is a button that sorts by `key`. */
  sortable?: boolean;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

export interface TableProps<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  sort?: { key: string; order: 'asc' | 'desc' };
  onSort?: (key: string) => void;
  loading?: boolean;
  empty?: ReactNode;
  /** data-testid per row. */
  rowTestId?: (row: T) => string | undefined;
  rowMuted?: (row: T) => boolean;
  /** Extra attributes per row, e.g. `{ 'data-ok': 'true' }`. */
  rowAttrs?: (row: T) => Record<string, string | undefined>;
  caption?: string;
  testId?: string;
}

/** Data table with optional sortable headers, loading and empty rows. */
export function Table<T>({ columns, rows, rowKey, sort, onSort, loading, empty, rowTestId, rowMuted, rowAttrs, caption, testId }: TableProps<T>) {
  const { t } = useTranslation('common');
  return (
    <div className="ui-table-wrap">
      <table className="ui-table" data-testid={testId} aria-busy={loading || undefined}>
        {caption ? <caption className="ui-visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((c) => {
              const active = sort?.key === c.key;
              return (
                <th
                  key={c.key}
                  style={{ width: c.width, textAlign: c.align }}
                  aria-sort={active ? (sort!.order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {c.sortable && onSort ? (
                    <button type="button" className="ui-table__sort" onClick={() => onSort(c.key)}>
                      {c.header}
                      <span aria-hidden="true">{active ? (sort!.order === 'asc' ? '▲' : '▼') : '↕'}</span>
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {loading && rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>
                <Loader />
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} style={{ textAlign: 'center', color: 'var(--ui-muted)', padding: 24 }}>
                {empty ?? t('empty')}
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={rowKey(r)} {...rowAttrs?.(r)} data-testid={rowTestId?.(r)} className={rowMuted?.(r) ? 'ui-table__row--muted' : undefined}>
                {columns.map((c) => (
                  <td key={c.key} style={{ textAlign: c.align }}>
                    {c.render(r)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
