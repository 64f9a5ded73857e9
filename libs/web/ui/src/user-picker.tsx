import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Combobox, type ComboboxOption } from './combobox.tsx';

/** A chosen person: id and the name shown on its chip. */
export interface PickedUser {
  _id: string;
  name: string;
}

/** A suggestion of the search: the person, and muted detail (e-mail, department). */
export interface UserOption extends PickedUser {
  detail?: string;
}

export interface UserPickerProps {
  /** Visible label of the search input (also the chips' group name). */
  label: ReactNode;
  /** The chosen people (controlled). */
  value: PickedUser[];
  onChange: (value: PickedUser[]) => void;
  /**
   * Finds people for the typed text (the caller's API call, e.g. POST api/user/filter); `signal` aborts a stale search.
   * Output: up to a page of suggestions (the chosen ones are left out by the picker).
   */
  search: (text: string, signal: AbortSignal) => Promise<UserOption[]>;
  /** Keeps one person: a pick replaces the chosen one. */
  single?: boolean;
  /** Symbols typed before a search runs (default 2). */
  minChars?: number;
  /** Marks the label as required (the kit's asterisk). */
  required?: boolean;
  /** Error text under the field (role=alert, linked to the input by aria-describedby). */
  error?: string | null;
  /** Placeholder of the input (default: common "Find an employee"). */
  placeholder?: string;
  /** Input id (the error gets `${id}-error`); generated when missing. */
  id?: string;
  /**
   * Test ids: `<testId>` the field, `<testId>-search` the input, `<testId>-option-<userId>` a suggestion,
   * `<testId>-chip-<userId>` a chosen person.
   */
  testId?: string;
}

/** Debounce of the typed text before a search (ms). */
const DEBOUNCE_MS = 250;

/**
 * The shared people picker (bp performers and user fields, kb grants and vacancy receivers, tasks people): a labelled
 * Combobox (↑/↓, Enter, Escape; suggestions announced through aria-activedescendant) that searches after `minChars`
 * symbols (debounced 250 ms, stale searches aborted) and the chosen people as chips, each with a remove button named
 * "Remove <name>". A failed search shows its message under the field. Texts from the `common` catalogue.
 */
export function UserPicker({ label, value, onChange, search, single, minChars = 2, required, error, placeholder, id, testId }: UserPickerProps) {
  const { t } = useTranslation('common');
  const auto = useId();
  const fid = id ?? `user-picker-${auto.replace(/:/g, '')}`;
  const [text, setText] = useState('');
  const [found, setFound] = useState<UserOption[]>([]);
  const [failed, setFailed] = useState<string | null>(null);
  const q = text.trim();
  // The latest `search` (usually a new function each render): the typed text alone decides when to search.
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    if (q.length < minChars) {
      setFound([]);
      setFailed(null);
      return;
    }
    const ac = new AbortController();
    const h = setTimeout(() => {
      searchRef.current(q, ac.signal).then(
        (list) => {
          if (ac.signal.aborted) return;
          setFound(list);
          setFailed(null);
        },
        (e: unknown) => {
          if (ac.signal.aborted) return;
          setFound([]);
          setFailed(e instanceof Error ? e.message : String(e));
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(h);
      ac.abort();
    };
  }, [q, minChars]);

  const chosen = new Set(value.map((u) => u._id));
  const options: ComboboxOption[] = found
    .filter((u) => !chosen.has(u._id))
    .map((u) => ({ value: u._id, label: u.name, ...(u.detail ? { detail: u.detail } : {}) }));
  const pick = (o: ComboboxOption) => {
    const u = found.find((x) => x._id === o.value);
    if (!u) return;
    const p = { _id: u._id, name: u.name };
    onChange(single ? [p] : [...value, p]);
    setText('');
  };
  const shown = error ?? failed;
  return (
    <div className="ui-field ui-user-picker" data-testid={testId}>
      <label htmlFor={fid} className={`ui-field__label${required ? ' ui-field__label--required' : ''}`}>
        {label}
      </label>
      {value.length ? (
        <ul className="ui-user-picker__chips" aria-label={typeof label === 'string' ? label : undefined}>
          {value.map((u) => (
            <li key={u._id} className="ui-user-picker__chip" data-testid={testId ? `${testId}-chip-${u._id}` : undefined}>
              {u.name}
              <button
                type="button"
                aria-label={t('removePerson', { name: u.name })}
                title={t('removePerson', { name: u.name })}
                onClick={() => onChange(value.filter((x) => x._id !== u._id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Combobox
        id={fid}
        type="search"
        value={text}
        onChange={setText}
        options={options}
        onSelect={pick}
        listLabel={t('people')}
        listTestId={testId ? `${testId}-option` : undefined}
        placeholder={placeholder ?? t('findPerson')}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${fid}-error` : undefined}
        data-testid={testId ? `${testId}-search` : undefined}
      />
      {shown ? (
        <div id={`${fid}-error`} className="ui-field__error" role="alert" data-testid={`${fid}-error`}>
          {shown}
        </div>
      ) : null}
    </div>
  );
}
