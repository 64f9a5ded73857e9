import type { ButtonHTMLAttributes, ReactNode } from 'react';

/** Button sizes of §9. */
export type ButtonSize = 'tiny' | 'small' | 'normal' | 'big' | 'large';
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  size?: ButtonSize;
  variant?: ButtonVariant;
  /** Shows a spinner and disables the button. */
  loading?: boolean;
  block?: boolean;
  icon?: ReactNode;
}

/** Button with the §9 sizes (tiny, small, normal, big, large); `type` defaults to "button". */
export function Button({ size = 'normal', variant = 'primary', loading, block, icon, className, children, disabled, type, ...rest }: ButtonProps) {
  const cls = ['ui-btn', `ui-btn--${size}`, `ui-btn--${variant}`, block ? 'ui-btn--block' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type={type ?? 'button'} className={cls} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading ? <span className="ui-btn__spinner" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}
