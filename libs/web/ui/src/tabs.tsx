import type { ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: ReactNode;
  disabled?: boolean;
  /** Tooltip, e.g. "Coming soon" on disabled tabs. */
  title?: string;
}

/** Accessible tab strip (role=tablist); each tab gets data-testid="tab-<id>". */
export function Tabs({ tabs, active, onChange, label }: { tabs: TabItem[]; active: string; onChange: (id: string) => void; label?: string }) {
  return (
    <div className="ui-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          className="ui-tab"
          aria-selected={tab.id === active}
          disabled={tab.disabled}
          title={tab.title}
          onClick={() => onChange(tab.id)}
          data-testid={`tab-${tab.id}`}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
