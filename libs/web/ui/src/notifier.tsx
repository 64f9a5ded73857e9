import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';
import type { ToastItem, ToastKind } from './toasts.tsx';

// The toast list is fetched with the first toast: it is not in the shell's first load (DESIGN §10).
const Toasts = lazy(() => import('./toasts.tsx').then((m) => ({ default: m.Toasts })));
interface ErrorItem {
  id: number;
  title?: ReactNode;
  message: ReactNode;
}

export interface Notifier {
  /** Short auto-hiding message (saved, created…): 3.5 s, an error 8 s; at most four at once. */
  toast: (text: ReactNode, kind?: ToastKind) => void;
  /** Error dialog of §8 (e.g. 'The requested resource was not found', 'Server error'); repeated texts shown once. */
  error: (message: ReactNode, title?: ReactNode) => void;
}

const NotifierContext = createContext<Notifier | null>(null);

/**
 * Provides `useNotifier()`: toasts (toasts.tsx; top right; announced politely — an error assertively —, paused
 * while hovered or focused, × to close; data-testid "toast") and the §8 error dialog, a `Modal` (data-testid
 * "error-dialog", message "error-dialog-message", button "error-dialog-ok").
 */
export function NotifierProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [errors, setErrors] = useState<ErrorItem[]>([]);
  const seq = useRef(0);

  const toast = useCallback((text: ReactNode, kind: ToastKind = 'success') => {
    const id = ++seq.current;
    setToasts((list) => [...list.filter((x) => x.open).slice(-3), { id, kind, text, open: true }]);
  }, []);
  const error = useCallback((message: ReactNode, title?: ReactNode) => {
    setErrors((list) => (list.some((e) => e.message === message) ? list : [...list, { id: ++seq.current, message, title }]));
  }, []);
  const value = useMemo(() => ({ toast, error }), [toast, error]);
  const current = errors[0];
  const close = (id: number) => setToasts((l) => l.map((x) => (x.id === id ? { ...x, open: false } : x)));

  return (
    <NotifierContext.Provider value={value}>
      {children}
      {toasts.length ? (
        <Suspense fallback={null}>
          <Toasts toasts={toasts} onClose={close} />
        </Suspense>
      ) : null}
      <Modal
        open={!!current}
        title={current?.title ?? t('errorTitle')}
        onClose={() => setErrors((l) => l.slice(1))}
        width={440}
        testId="error-dialog"
        footer={
          <Button onClick={() => setErrors((l) => l.slice(1))} data-testid="error-dialog-ok" data-autofocus>
            {t('ok')}
          </Button>
        }
      >
        <div data-testid="error-dialog-message">{current?.message}</div>
      </Modal>
    </NotifierContext.Provider>
  );
}

const fallback: Notifier = {
  toast: (text) => console.info(text),
  error: (message) => console.error(message),
};

/** Access to toasts and the error dialog; outside a provider it logs to the console. */
export function useNotifier(): Notifier {
  return useContext(NotifierContext) ?? fallback;
}
