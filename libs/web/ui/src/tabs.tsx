import type { ReactNode } from 'react';
import * as RadixTabs from '@radix-ui/react-tabs';

export interface TabItem {
  id: string;
  label: ReactNode;
  disabled?: boolean;
  /** Tooltip, e.g. "Coming soon" on disabled tabs. */
  title?: string;
}

export interface TabsProps {
  tabs: TabItem[];
  /** Id of the selected tab (controlled). */
  active: string;
  onChange: (id: string) => void;
  /** Accessible name of the tab list. */
  label?: string;
  /** The selected tab's panel (role=tabpanel, labelled by its tab); omit it to render the panel yourself. */
  children?: ReactNode;
}

/**
 * Tabs on Radix UI's Tabs (WAI-ARIA tabs pattern): role=tablist with roving focus (←/→, Home/End move between tabs,
 * activation follows focus), each tab data-testid="tab-<id>"; the strip scrolls sideways inside itself on a narrow
 * screen. The selected tab's panel (`children`) is rendered in a role=tabpanel (data-testid="tabpanel-<id>");
 * when no children are given an empty panel still stands for it, so the selected tab's aria-controls is valid.
 */
export function Tabs({ tabs, active, onChange, label, children }: TabsProps) {
  return (
    <RadixTabs.Root value={active} onValueChange={onChange} activationMode="automatic" className="ui-tabs-root">
      <RadixTabs.List className="ui-tabs" aria-label={label}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.id} value={tab.id} className="ui-tab" disabled={tab.disabled} title={tab.title} data-testid={`tab-${tab.id}`}>
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      <RadixTabs.Content value={active} className="ui-tabpanel" data-testid={`tabpanel-${active}`} tabIndex={children ? 0 : -1}>
        {children}
      </RadixTabs.Content>
    </RadixTabs.Root>
  );
}
