/**
 * Design system of the portal (DESIGN §8): plain CSS (`ui-` classes, design tokens as CSS custom properties in
 * ui.css) and React components; the dialog and the toasts are Radix UI primitives fetched on first use, and tabs,
 * menus, popovers and the combobox are in `@intranet/web-ui/widgets` — so the shell's first load stays small.
 * Shared as Module Federation singletons by the shell and every remote. Forms: @intranet/web-forms.
 */
import './ui.css';

export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './button.tsx';
export {
  Input,
  TextArea,
  Select,
  Checkbox,
  FormGrid,
  Alert,
  type InputProps,
  type SelectProps,
  type SelectOption,
  type CheckboxProps,
  type TextAreaProps,
} from './fields.tsx';
export { Modal, ConfirmDialog, preloadModal, type ModalProps, type ConfirmDialogProps } from './modal.tsx';
export { Table, type Column, type TableProps } from './table.tsx';
export { Pagination, type PaginationProps } from './pagination.tsx';
export { ProgressBar, Loader, EmptyState, ErrorState, FullScreenMessage, Badge } from './feedback.tsx';
export { NotifierProvider, useNotifier, type Notifier } from './notifier.tsx';
export { useDebounced } from './debounce.ts';
export { BREAKPOINTS, useMediaQuery, useBelow, type Breakpoint } from './media.ts';
export { applyClientDesign, designVariables, readableOn, luminance, type DesignTokens } from './theme.ts';
