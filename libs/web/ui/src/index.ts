/**
 * Lean design system of the portal (DESIGN §8): plain CSS (`ui-` classes) and small React components.
 * Shared as a Module Federation singleton by the shell and every remote.
 */
import './ui.css';

export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './button.tsx';
export { Input, TextArea, Select, Checkbox, FormGrid, Alert, type InputProps, type SelectProps, type SelectOption, type CheckboxProps, type TextAreaProps } from './fields.tsx';
export { Modal, ConfirmDialog, type ModalProps, type ConfirmDialogProps } from './modal.tsx';
export { Table, type Column, type TableProps } from './table.tsx';
export { Pagination, type PaginationProps } from './pagination.tsx';
export { Tabs, type TabItem } from './tabs.tsx';
export { ProgressBar, Loader, EmptyState, ErrorState, FullScreenMessage, Badge } from './feedback.tsx';
export { NotifierProvider, useNotifier, type Notifier } from './notifier.tsx';
export { BREAKPOINTS, useMediaQuery, useBelow, type Breakpoint } from './media.ts';
export { applyClientDesign, designVariables, readableOn, luminance, type DesignTokens } from './theme.ts';
