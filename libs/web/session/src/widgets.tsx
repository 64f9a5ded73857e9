import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * Widget slots (§2 "Company feed widgets: birthdays, blogs, events, groups, knowledge base, polls, thanks, vacancies"):
 * a remote declares the modules it shows in a slot in its mf-manifest (`remoteManifest(routes, { widgets: { wall:
 * ['PollsWidget'] } })`); the shell registers them here with a renderer (it owns Module Federation's loader), and a
 * page of another remote renders the slot with `<WidgetSlot name="wall" />` (optionally with `props` for the widgets). This lib is a Module Federation
 * singleton, so the shell and every remote share one registry.
 */
export interface SlotWidget {
  /** `remote/Expose`, as the shell loads it. */
  id: string;
}

/** Props a page hands to its slot's widgets (e.g. `{ articleId }` on a knowledge-base article). */
export type SlotProps = Record<string, unknown>;

type Renderer = (id: string, props?: SlotProps) => ReactNode;

let slots: Record<string, SlotWidget[]> = {};
let renderer: Renderer | null = null;
let version = 0;
const listeners = new Set<() => void>();

/** The shell: the widgets of each slot, as the remotes' manifests declare them, and how to render one. */
export function registerWidgets(next: Record<string, SlotWidget[]>, render: Renderer): void {
  slots = next;
  renderer = render;
  version++;
  for (const l of [...listeners]) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/**
 * Renders every widget registered for slot `name`, in the remotes' order (nothing before the shell registered them);
 * `props` are passed to each widget (keep them small and serialisable: ids).
 */
export function WidgetSlot({ name, props }: { name: string; props?: SlotProps }) {
  useSyncExternalStore(subscribe, () => version);
  const list = slots[name] ?? [];
  if (!renderer || !list.length) return null;
  return (
    <>
      {list.map((w) => (
        <div key={w.id} className="widget-slot-item" data-testid={`widget-${w.id.replace('/', '-')}`}>
          {renderer!(w.id, props)}
        </div>
      ))}
    </>
  );
}
