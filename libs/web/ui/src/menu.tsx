import type { ReactNode } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';

export interface MenuItem {
  id: string;
  label: ReactNode;
  onSelect: () => void;
  icon?: ReactNode;
  /** Red item (delete, block). */
  danger?: boolean;
  disabled?: boolean;
}

export interface MenuProps {
  /** The button that opens the menu (one element; it gets aria-haspopup/aria-expanded). */
  trigger: ReactNode;
  items: MenuItem[];
  /** Accessible name of the menu. */
  label?: string;
  align?: 'start' | 'center' | 'end';
  /** data-testid of the menu; each item gets "<testId>-<id>". */
  testId?: string;
}

/**
 * Action menu on Radix UI's DropdownMenu (WAI-ARIA menu button pattern): opens from `trigger` by click, Enter,
 * Space or ↓; ↑/↓ and type-ahead move between items, Enter selects, Escape closes and focus returns to the trigger.
 * Stays inside the viewport (collision handling), so it is reachable at 390 px.
 */
export function Menu({ trigger, items, label, align = 'end', testId = 'menu' }: MenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="ui-menu"
          align={align}
          sideOffset={4}
          collisionPadding={8}
          aria-label={label}
          // Radix names the menu by its trigger (aria-labelledby, which wins over aria-label): a given label replaces it.
          {...(label ? { 'aria-labelledby': undefined } : {})}
          data-testid={testId}
        >
          {items.map((it) => (
            <DropdownMenu.Item
              key={it.id}
              className={`ui-menu__item${it.danger ? ' ui-menu__item--danger' : ''}`}
              disabled={it.disabled}
              onSelect={it.onSelect}
              data-testid={`${testId}-${it.id}`}
            >
              {it.icon}
              <span>{it.label}</span>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
