import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';
import { Spinner } from './spinner.tsx';

/** `danger` is for the one action of a dialog or section that cannot be taken back. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

type ButtonLook = {
  variant?: ButtonVariant;
  size?: 'medium' | 'large';
  fullWidth?: boolean;
};

/** Lets links (router links, external anchors) look like buttons without nesting elements. */
export function buttonClassName({ variant = 'secondary', size = 'medium', fullWidth }: ButtonLook) {
  return [
    styles.button,
    styles[variant],
    size === 'large' && styles.large,
    fullWidth && styles.fullWidth,
  ]
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook & { isLoading?: boolean };

export function Button({
  variant,
  size,
  fullWidth,
  isLoading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const look = buttonClassName({ variant, size, fullWidth });
  return (
    <button
      {...rest}
      type={type}
      className={className ? `${look} ${className}` : look}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
    >
      {isLoading && <Spinner />}
      {children}
    </button>
  );
}
