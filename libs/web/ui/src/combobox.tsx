import { useEffect, useId, useState, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import * as RadixPopover from '@radix-ui/react-popover';

export interface ComboboxOption {
  value: string;
  label: ReactNode;
  /** Extra muted text after the label (a position, a department). */
  detail?: ReactNode;
}

export interface ComboboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'onSelect'> {
  /** The typed text (controlled). */
  value: string;
  onChange: (text: string) => void;
  /** Suggestions for the text (the caller searches; empty → the list is closed). */
  options: ComboboxOption[];
  onSelect: (option: ComboboxOption) => void;
  /** Accessible name of the list of suggestions. */
  listLabel: string;
  /** data-testid of the list; each option gets "<listTestId>-<value>". */
  listTestId?: string;
  /** More suggestions can be loaded (↓ at the end or scrolling to the bottom calls `onMore`). */
  onMore?: () => void;
}

/**
 * Combobox (WAI-ARIA combobox with a listbox popup): a text input whose suggestions open in a Radix UI Popover
 * anchored to it, while focus stays in the input. ↑/↓ move the active option (announced through
 * aria-activedescendant), Enter picks it, Escape closes the list; the mouse picks too. The list is kept within the
 * viewport. Render it inside the kit's field (label via `id`/`aria-labelledby` of the input).
 */
export function Combobox({ value, onChange, options, onSelect, listLabel, listTestId, onMore, id, onKeyDown, onBlur, className, ...rest }: ComboboxProps) {
  const auto = useId();
  const listId = `${id ?? auto}-list`;
  const [active, setActive] = useState(0);
  const [closed, setClosed] = useState(false);
  const open = !closed && options.length > 0;
  useEffect(() => {
    setActive(0);
    setClosed(false);
  }, [value]);

  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(e);
    if (e.defaultPrevented || !open) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (active >= options.length - 2) onMore?.();
      setActive(Math.min(active + 1, options.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive(Math.max(active - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const o = options[active];
      if (o) onSelect(o);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setClosed(true);
    }
  };

  useEffect(() => {
    if (open) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, listId]);

  return (
    <RadixPopover.Root
      open={open}
      onOpenChange={(o) => {
        if (!o) setClosed(true);
      }}
    >
      <RadixPopover.Anchor asChild>
        <input
          id={id}
          className={`ui-field__control ${className ?? ''}`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={keyDown}
          onBlur={(e) => {
            onBlur?.(e);
            setClosed(true);
          }}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? `${listId}-${active}` : undefined}
          autoComplete="off"
          {...rest}
        />
      </RadixPopover.Anchor>
      <RadixPopover.Portal>
        <RadixPopover.Content
          className="ui-popover ui-combobox"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
          style={{ width: 'var(--radix-popover-trigger-width)', padding: 0 }}
        >
          <ul
            id={listId}
            role="listbox"
            aria-label={listLabel}
            className="ui-combobox__list"
            data-testid={listTestId}
            onScroll={(e) => {
              const el = e.currentTarget;
              if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24) onMore?.();
            }}
          >
            {options.map((o, i) => (
              <li
                key={o.value}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className="ui-combobox__option"
                onMouseDown={(e) => {
                  e.preventDefault();
                  onSelect(o);
                }}
                onMouseEnter={() => setActive(i)}
                data-testid={listTestId ? `${listTestId}-${o.value}` : undefined}
              >
                {o.label}
                {o.detail ? <span className="ui-combobox__detail"> · {o.detail}</span> : null}
              </li>
            ))}
          </ul>
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
