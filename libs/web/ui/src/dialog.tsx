import type { ModalProps } from './modal.tsx';
import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import './dialog.css';

/** The implementation of `Modal` (modal.tsx), fetched on the first open: Radix UI's Dialog with the kit's classes. */
export function RadixModal({ open, title, onClose, children, footer, width = 600, testId, dismissible = true, description }: ModalProps) {
  const { t } = useTranslation('common');
  // The element focused when the dialog opened (the button that opened it): Radix gives focus back only to its own
  // Dialog.Trigger, which the kit's callers do not use, so focus would fall to the page's body on close.
  const opener = useRef(typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null));
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (!o && dismissible) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="ui-modal-backdrop">
          <Dialog.Content
            className="ui-modal"
            style={{ maxWidth: width }}
            data-testid={testId}
            aria-describedby={undefined}
            onOpenAutoFocus={(e) => {
              const node = e.currentTarget as HTMLElement | null;
              const first =
                node?.querySelector<HTMLElement>('[data-autofocus], [autofocus]') ??
                node?.querySelector<HTMLElement>('input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled])');
              e.preventDefault();
              (first ?? node)?.focus();
            }}
            onCloseAutoFocus={(e) => {
              e.preventDefault();
              if (opener.current?.isConnected) opener.current.focus();
            }}
            onEscapeKeyDown={(e) => {
              if (!dismissible) e.preventDefault();
            }}
            onPointerDownOutside={(e) => {
              if (!dismissible) e.preventDefault();
            }}
            onInteractOutside={(e) => {
              if (!dismissible) e.preventDefault();
            }}
          >
            <div className="ui-modal__header">
              <Dialog.Title className="ui-modal__title">{title}</Dialog.Title>
              <Dialog.Close asChild>
                <button type="button" className="ui-modal__close" aria-label={t('close')} disabled={!dismissible}>
                  <X size={18} aria-hidden="true" />
                </button>
              </Dialog.Close>
            </div>
            {description ? <Dialog.Description className="ui-modal__description">{description}</Dialog.Description> : null}
            <div className="ui-modal__body">{children}</div>
            {footer ? <div className="ui-modal__footer">{footer}</div> : null}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
