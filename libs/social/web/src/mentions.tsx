import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import { wallText } from './locales.ts';
import { useSession } from '@intranet/web-session';
import { TextArea, useDebounced } from '@intranet/web-ui';
import { useMentionSearch } from './api/people-filter.ts';
import { MENTION_MIN, MENTION_PAGE, mentionAt, type Person } from './text.ts';

/** POST api/user/filter/{workspace} page by page: the whole address book is searched on the server as one types, names first (issue 29 §20). */
function usePeopleSearch(query: string) {
  const { workspace, uid } = useSession();
  const q = useDebounced(query.trim(), 150);
  const res = useMentionSearch(workspace, q, MENTION_PAGE, MENTION_MIN);
  const people = (res.data?.pages ?? []).flatMap((p) => p.users).filter((u) => u._id !== uid);
  return { people, res, settled: q === query.trim() };
}

export interface MentionTextAreaProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (text: string) => void;
  /** A person was picked: the text already holds `@Full Name `. */
  onMention: (p: Person) => void;
  placeholder?: string;
  rows?: number;
  error?: string | null;
  /** Off for thank-you posts (their person is chosen apart). */
  enabled?: boolean;
  testId: string;
  /** Suggestion list test id; options are `<suggestTestId>-<userId>`. */
  suggestTestId: string;
}

/**
 * A text area with @mentions (issue 8 §4): typing `@` and 2+ characters searches the whole address book on the
 * server (paged, 8 at a time, more on scroll or arrow), names with spaces included. Keyboard: ↑/↓ move, Enter or
 * Tab pick, Escape closes; the mouse picks too. ARIA combobox/listbox with the active option announced.
 */
export function MentionTextArea({
  id,
  label,
  value,
  onChange,
  onMention,
  placeholder,
  rows = 3,
  error,
  enabled = true,
  testId,
  suggestTestId,
}: MentionTextAreaProps) {
  const { t } = wallText.useT();
  const listId = useId();
  const [caret, setCaret] = useState(0);
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const m = enabled ? mentionAt(value, caret) : null;
  const open = !!m && m.at !== closedAt;
  const { people, res } = usePeopleSearch(open ? m.query : '');
  const shown = open && people.length > 0;
  useEffect(() => setActive(0), [m?.query]);

  const caretAfterPick = useRef<{ pos: number; value: string } | null>(null);
  const pick = (p: Person) => {
    if (!m) return;
    const insert = `@${p.name} `;
    const next = value.slice(0, m.at) + insert + value.slice(caret);
    onChange(next);
    onMention(p);
    const pos = m.at + insert.length;
    setCaret(pos);
    // The picked name is not a new query: the list stays shut until another '@'.
    setClosedAt(m.at);
    // Placed when the new text is in the DOM (layout effect below), before the next key press is handled: a
    // requestAnimationFrame could move the caret back after the user had already typed on (a letter landed after the
    // rest of the word).
    caretAfterPick.current = { pos, value: next };
  };
  useLayoutEffect(() => {
    const want = caretAfterPick.current;
    const el = want && (document.getElementById(id) as HTMLTextAreaElement | null);
    if (!want || !el || el.value !== want.value) return;
    caretAfterPick.current = null;
    el.focus();
    el.setSelectionRange(want.pos, want.pos);
  });

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!shown) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      const next = active + 1;
      if (next >= people.length - 2 && res.hasNextPage && !res.isFetchingNextPage) void res.fetchNextPage();
      setActive(Math.min(next, people.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive(Math.max(active - 1, 0));
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      const u = people[active];
      if (!u) return;
      e.preventDefault();
      pick({ id: u._id, name: u.fullName });
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setClosedAt(m!.at);
    }
  };

  useEffect(() => {
    if (!shown) return;
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, shown, listId]);

  const track = (el: HTMLTextAreaElement) => setCaret(el.selectionStart ?? el.value.length);
  return (
    <div className="wall-suggest">
      <TextArea
        id={id}
        label={label}
        placeholder={placeholder}
        rows={rows}
        value={value}
        error={error ?? null}
        onChange={(e: ChangeEvent<HTMLTextAreaElement>) => {
          onChange(e.target.value);
          track(e.target);
        }}
        onKeyDown={onKeyDown}
        onKeyUp={(e) => track(e.currentTarget)}
        onClick={(e) => track(e.currentTarget)}
        onBlur={() => setClosedAt(m?.at ?? null)}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={shown ? `${listId}-${active}` : undefined}
        data-testid={testId}
      />
      {shown ? (
        <ul
          className="wall-suggest__list"
          id={listId}
          role="listbox"
          aria-label={t('form.mentionList')}
          data-testid={suggestTestId}
          onScroll={(e) => {
            const el = e.currentTarget;
            if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24 && res.hasNextPage && !res.isFetchingNextPage) void res.fetchNextPage();
          }}
        >
          {people.map((u, i) => (
            <li key={u._id} id={`${listId}-${i}`} role="option" aria-selected={i === active}>
              <button
                type="button"
                tabIndex={-1}
                className={i === active ? 'is-active' : undefined}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick({ id: u._id, name: u.fullName });
                }}
                onMouseEnter={() => setActive(i)}
                data-testid={`${suggestTestId}-${u._id}`}
              >
                {u.fullName}
                {u.position ? <span className="wall-muted"> · {u.position}</span> : null}
              </button>
            </li>
          ))}
          {res.hasNextPage ? (
            <li role="presentation" className="wall-muted wall-suggest__more" data-testid={`${suggestTestId}-more`}>
              <button
                type="button"
                tabIndex={-1}
                onMouseDown={(e) => {
                  e.preventDefault();
                  void res.fetchNextPage();
                }}
              >
                {t('form.morePeople')}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}

export { liveMentions } from './text.ts';
