import type { ReactNode } from 'react';
import * as Toast from '@radix-ui/react-toast';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';

export type ToastKind = 'info' | 'success' | 'error';
export interface ToastItem { id: number; kind: ToastKind; text: ReactNode; open: boolean }

/**
 * The toasts of `NotifierProvider` (notifier.tsx) on Radix UI's Toast: a labelled region (F8 jumps to it), each
 * toast announced (an error in the foreground), closing by itself after 3.5 s (an error 8 s), paused while hovered
 * or focused, closed by swipe or ×. Each has data-testid "toast".
 */
export function Toasts({ toasts, onClose }: { toasts: ToastItem[]; onClose: (id: number) => void }) {
  const { t } = useTranslation('common');
  return (
    <Toast.Provider swipeDirection="right" label={t('notification')}>
      {toasts.map((x) => (
        <Toast.Root
          key={x.id}
          className={`ui-toast ui-toast--${x.kind}`}
          type={x.kind === 'error' ? 'foreground' : 'background'}
          duration={x.kind === 'error' ? 8000 : 3500}
          open={x.open}
          onOpenChange={(o) => { if (!o) onClose(x.id); }}
          data-testid="toast"
        >
          <Toast.Description className="ui-toast__text">{x.text}</Toast.Description>
          <Toast.Close className="ui-modal__close" aria-label={t('close')}><X size={16} aria-hidden="true" /></Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="ui-toasts" label={`${t('notifications')} ({hotkey})`} />
    </Toast.Provider>
  );
}
