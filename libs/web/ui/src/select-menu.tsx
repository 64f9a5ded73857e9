import { useId, type CSSProperties, type ReactNode } from 'react';
import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';

export interface SelectMenuOption {
  value: string;
  label: ReactNode;
  /** Style of the option's label (e.g. a font shown in itself). */
  style?: CSSProperties;
  disabled?: boolean;
}

export interface SelectMenuProps {
  id?: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: SelectMenuOption[];
  /** Error text under the control (role=alert, `<id>-error`). */
  error?: string | null;
  hint?: ReactNode;
  disabled?: boolean;
  /** Spans both columns inside a FormGrid. */
  wide?: boolean;
  testId?: string;
}

/**
 * A labelled select on Radix UI's Select (WAI-ARIA listbox pattern: ↑/↓, Home/End, type-ahead, Enter/Space,
 * Escape; the popup stays in the viewport) for options that need more than text — e.g. each font shown in itself.
 * Plain choices use the kit's native `Select` (the platform's own picker on phones). Items: data-testid
 * "<testId>-<value>".
 */
export function SelectMenu({ id, label, value, onChange, options, error, hint, disabled, wide, testId }: SelectMenuProps) {
  const auto = useId();
  const fid = id ?? auto;
  const selected = options.find((o) => o.value === value);
  return (
    <div className={`ui-field${wide ? ' ui-field--wide' : ''}`}>
      <span id={`${fid}-label`} className="ui-field__label">
        {label}
      </span>
      <RadixSelect.Root value={value} onValueChange={onChange} disabled={disabled}>
        <RadixSelect.Trigger
          id={fid}
          className="ui-field__control ui-select-menu__trigger"
          aria-labelledby={`${fid}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fid}-error` : hint ? `${fid}-hint` : undefined}
          data-testid={testId}
        >
          <RadixSelect.Value style={selected?.style}>{selected?.label}</RadixSelect.Value>
          <RadixSelect.Icon>
            <ChevronDown size={16} aria-hidden="true" />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content className="ui-menu ui-select-menu" position="popper" sideOffset={4} collisionPadding={8}>
            <RadixSelect.Viewport>
              {options.map((o) => (
                <RadixSelect.Item
                  key={o.value}
                  value={o.value}
                  disabled={o.disabled}
                  className="ui-menu__item"
                  data-testid={testId ? `${testId}-${o.value}` : undefined}
                >
                  <RadixSelect.ItemText>
                    <span style={o.style}>{o.label}</span>
                  </RadixSelect.ItemText>
                  <RadixSelect.ItemIndicator className="ui-select-menu__check">
                    <Check size={14} aria-hidden="true" />
                  </RadixSelect.ItemIndicator>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      {hint && !error ? (
        <div id={`${fid}-hint`} className="ui-field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={`${fid}-error`} className="ui-field__error" role="alert" data-testid={`${fid}-error`}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
