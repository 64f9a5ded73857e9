import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Max width in px; the spec's default modal width is 600px (§9). Below it the dialog takes the screen's width. */
  width?: number;
  testId?: string;
  /** Disable closing by Escape / outside click / the × button (e.g. while saving). */
  dismissible?: boolean;
  /** Accessible description of the dialog (read after its title); none by default. */
  description?: ReactNode;
}

const RadixModal = lazy(() => import('./dialog.tsx').then((m) => ({ default: m.RadixModal })));

/** Starts loading the dialog code ahead of the first `Modal` (e.g. on hover of the button that opens one). */
export function preloadModal(): void {
  void import('./dialog.tsx');
}

/**
 * Modal dialog on Radix UI's Dialog (WAI-ARIA dialog pattern): rendered in a portal, role="dialog" labelled by its
 * title, closes on Escape, on a click outside and on the × button (unless `dismissible` is false), traps focus and
 * gives it back to the opener on close, hides the rest of the page from assistive tech and locks its scroll. On open
 * focus goes to the first `[data-autofocus]` element, else the first form field inside (else the dialog). Default
 * width 600px (§9); on a phone as wide as the screen less 8px each side. `testId` is set on the dialog element.
 * Nothing is rendered while closed; the dialog code is fetched on the first open (it is not in the shell's first
 * load, DESIGN §10).
 */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <RadixModal {...props} />
    </Suspense>
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

/**
 * Confirmation before a destructive action (deleting, blocking), a `Modal` 440px wide. Buttons: data-testid
 * "confirm-cancel" and "confirm-ok" (focused on open). While `onConfirm`'s promise runs the dialog cannot be
 * dismissed; a rejected promise is left to the caller to show.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = true,
  onConfirm,
  onCancel,
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
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
          <Button variant="secondary" onClick={onCancel} disabled={busy} data-testid="confirm-cancel">
            {cancelLabel ?? t('cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={confirm} loading={busy} data-testid="confirm-ok" data-autofocus>
            {confirmLabel ?? t('confirm')}
          </Button>
        </>
      }
    >
      <div>{message}</div>
    </Modal>
  );
}
