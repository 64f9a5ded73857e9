import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

type ToastKind = 'info' | 'success' | 'error';
interface Toast { id: number; kind: ToastKind; text: ReactNode }
interface ErrorItem { id: number; title?: ReactNode; message: ReactNode }

export interface Notifier {
  /** Short auto-hiding message (saved, created…). */
  toast: (text: ReactNode, kind?: ToastKind) => void;
  /** Error dialog of §8 (e.g. 'The requested resource was not found', 'Server error'); repeated texts shown once. */
  error: (message: ReactNode, title?: ReactNode) => void;
}

const NotifierContext = createContext<Notifier | null>(null);

/** Provides `useNotifier()`: toasts (top right) and the §8 error dialog (data-testid "error-dialog"). */
export function NotifierProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [errors, setErrors] = useState<ErrorItem[]>([]);
  const seq = useRef(0);

  const toast = useCallback((text: ReactNode, kind: ToastKind = 'success') => {
    const id = ++seq.current;
    setToasts((list) => [...list.slice(-3), { id, kind, text }]);
    setTimeout(() => setToasts((list) => list.filter((x) => x.id !== id)), kind === 'error' ? 8000 : 3500);
  }, []);
  const error = useCallback((message: ReactNode, title?: ReactNode) => {
    setErrors((list) => (list.some((e) => e.message === message) ? list : [...list, { id: ++seq.current, message, title }]));
  }, []);
  const value = useMemo(() => ({ toast, error }), [toast, error]);
  const current = errors[0];

  return (
    <NotifierContext.Provider value={value}>
      {children}
      <div className="ui-toasts" aria-live="polite">
        {toasts.map((x) => (
          <div key={x.id} className={`ui-toast ui-toast--${x.kind}`} role={x.kind === 'error' ? 'alert' : 'status'} data-testid="toast">
            <span className="ui-toast__text">{x.text}</span>
            <button type="button" className="ui-modal__close" aria-label={t('close')} onClick={() => setToasts((l) => l.filter((y) => y.id !== x.id))}>×</button>
          </div>
        ))}
      </div>
      <Modal
        open={!!current}
        title={current?.title ?? t('errorTitle')}
        onClose={() => setErrors((l) => l.slice(1))}
        width={440}
        testId="error-dialog"
        footer={<Button onClick={() => setErrors((l) => l.slice(1))} data-testid="error-dialog-ok">{t('ok')}</Button>}
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
