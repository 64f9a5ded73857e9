import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import './toasts.css';

export type ToastKind = 'info' | 'success' | 'error';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  text: ReactNode;
  open: boolean;
}

/** How long a toast stays (ms): 3.5 s, an error 8 s; paused while hovered or focused. */
const DURATION: Record<ToastKind, number> = { info: 3500, success: 3500, error: 8000 };

/** One toast: closes itself after its duration unless hovered or focused; × closes it at once. */
function ToastView({ item, onClose }: { item: ToastItem; onClose: (id: number) => void }) {
  const { t } = useTranslation('common');
  const left = useRef(DURATION[item.kind]);
  const started = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const run = () => {
    started.current = Date.now();
    timer.current = setTimeout(() => onClose(item.id), left.current);
  };
  const pause = () => {
    if (!timer.current) return;
    clearTimeout(timer.current);
    timer.current = null;
    left.current = Math.max(500, left.current - (Date.now() - started.current));
  };
  useEffect(() => {
    run();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);
  return (
    <li
      className={`ui-toast ui-toast--${item.kind}`}
      onMouseEnter={pause}
      onMouseLeave={() => {
        if (!timer.current) run();
      }}
      onFocus={pause}
      onBlur={() => {
        if (!timer.current) run();
      }}
      data-testid="toast"
    >
      {/* The live region is the text, not the <li> (a role on it would make the <ol> hold a non-item: axe "list"). */}
      <span className="ui-toast__text" role={item.kind === 'error' ? 'alert' : 'status'}>
        {item.text}
      </span>
      <button type="button" className="ui-toast__close" aria-label={t('close')} onClick={() => onClose(item.id)}>
        <X size={16} aria-hidden="true" />
      </button>
    </li>
  );
}

/**
 * The toasts of `NotifierProvider` (notifier.tsx): a labelled list of live regions, top right (each toast
 * role=status, an error role=alert), closing by itself after 3.5 s (an error 8 s), paused while hovered or focused,
 * × to close. Not Radix UI's Toast on purpose: its toasts are dismissable layers that take Escape from a dialog
 * opened while a toast shows (the dialog must close on Escape, WAI-ARIA). Each toast has data-testid "toast".
 */
export function Toasts({ toasts, onClose }: { toasts: ToastItem[]; onClose: (id: number) => void }) {
  const { t } = useTranslation('common');
  return (
    <ol className="ui-toasts" aria-label={t('notifications')}>
      {toasts
        .filter((x) => x.open)
        .map((x) => (
          <ToastView key={x.id} item={x} onClose={onClose} />
        ))}
    </ol>
  );
}
