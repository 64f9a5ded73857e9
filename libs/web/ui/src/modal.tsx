import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { Button } from './button.tsx';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Max width in px; the spec's default modal width is 600px (§9). */
  width?: number;
  testId?: string;
  /** Disable closing by Escape / backdrop (e.g. while saving). */
  dismissible?: boolean;
}

/**
 * Dialog rendered in a portal: role="dialog", labelled by its title, closes on Escape and backdrop click, moves
 * focus inside on open, keeps it inside (Tab/Shift+Tab cycle) and gives it back on close. Default width 600px (§9).
 */
export function Modal({ open, title, onClose, children, footer, width = 600, testId, dismissible = true }: ModalProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const node = ref.current;
    const first = node?.querySelector<HTMLElement>('[autofocus], input:not([disabled]), select:not([disabled]), textarea:not([disabled])');
    (first ?? node)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && dismissible) {
        e.stopPropagation();
        closeRef.current();
      }
      // Focus trap: Tab and Shift+Tab cycle inside the dialog (WAI-ARIA modal dialog pattern).
      if (e.key === 'Tab' && node) {
        const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
        if (items.length === 0) return void e.preventDefault();
        const first = items[0];
        const last = items[items.length - 1];
        const inside = node.contains(document.activeElement);
        if (e.shiftKey && (document.activeElement === first || !inside)) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open, dismissible]);

  if (!open) return null;
  return createPortal(
    <div className="ui-modal-backdrop" onMouseDown={(e) => { if (e.target === e.currentTarget && dismissible) onClose(); }}>
      <div ref={ref} className="ui-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} style={{ maxWidth: width }} tabIndex={-1} data-testid={testId}>
        <div className="ui-modal__header">
          <h2 id={titleId} className="ui-modal__title">{title}</h2>
          <button type="button" className="ui-modal__close" onClick={onClose} aria-label={t('close')} disabled={!dismissible}><X size={18} aria-hidden="true" /></button>
        </div>
        <div className="ui-modal__body">{children}</div>
        {footer ? <div className="ui-modal__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title?: ReactNode;
  message: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** Red confirm button (deleting, blocking). */
  danger?: boolean;
  /** May return a promise: the button shows a spinner until it settles; the dialog closes on success. */
  onConfirm: () => unknown;
  onCancel: () => void;
  testId?: string;
}

/** Confirmation before a destructive action (deleting, blocking). Confirm button: data-testid="confirm-ok". */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel, danger = true, onConfirm, onCancel, testId = 'confirm-dialog' }: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      /* the caller shows the error */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title ?? t('confirmTitle')}
      onClose={onCancel}
      width={440}
      testId={testId}
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} data-testid="confirm-cancel">{cancelLabel ?? t('cancel')}</Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={confirm} loading={busy} data-testid="confirm-ok" autoFocus>{confirmLabel ?? t('confirm')}</Button>
        </>
      }
    >
      <div>{message}</div>
    </Modal>
  );
}
