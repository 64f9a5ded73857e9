import type { ReactNode } from 'react';
import * as RadixPopover from '@radix-ui/react-popover';

export interface PopoverProps {
  /** The element that opens the popover (one element). */
  trigger: ReactNode;
  children: ReactNode;
  /** Controlled open state (optional). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Accessible name of the popover (role=dialog). */
  label?: string;
  align?: 'start' | 'center' | 'end';
  side?: 'top' | 'right' | 'bottom' | 'left';
  testId?: string;
}

/**
 * Non-modal floating panel on Radix UI's Popover: opens from `trigger`, closes on Escape and outside click and gives
 * focus back to the trigger; kept inside the viewport (8px padding), at most the screen's width less 16px.
 */
export function Popover({ trigger, children, open, onOpenChange, label, align = 'start', side = 'bottom', testId }: PopoverProps) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content className="ui-popover" align={align} side={side} sideOffset={4} collisionPadding={8} aria-label={label} data-testid={testId}>
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}

/**
 * The anchor-and-panel parts of the popover for widgets that keep focus in their own input (a combobox): `Root`
 * (open/onOpenChange), `Anchor` (the element the panel is placed against), `Portal` and `Content`.
 */
export const PopoverParts = { Root: RadixPopover.Root, Anchor: RadixPopover.Anchor, Portal: RadixPopover.Portal, Content: RadixPopover.Content };
