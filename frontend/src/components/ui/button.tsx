import { Button as AriaButton, type ButtonProps as AriaButtonProps, Link as AriaLink, type LinkProps } from 'react-aria-components';
import { focusRing } from './focus-ring.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'danger';

const base = `inline-flex items-center justify-center gap-2 rounded-lg px-4 h-10 text-sm font-semibold transition-colors
  cursor-pointer select-none whitespace-nowrap disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 data-pressed:bg-brand-900 shadow-sm',
  secondary: 'bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 data-pressed:bg-slate-100 shadow-sm',
  danger: 'bg-red-700 text-white hover:bg-red-800 data-pressed:bg-red-900 shadow-sm',
};

export function buttonClass(variant: ButtonVariant = 'primary', extra = ''): string {
  return `${base} ${variants[variant]} ${extra}`;
}

export interface ButtonProps extends Omit<AriaButtonProps, 'className'> {
  variant?: ButtonVariant;
  className?: string;
}

export function Button({ variant = 'primary', className = '', ...props }: ButtonProps) {
  return <AriaButton {...props} className={buttonClass(variant, className)} />;
}

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant = 'primary', className = '', ...props }: Omit<LinkProps, 'className'> & { variant?: ButtonVariant; className?: string }) {
  return <AriaLink {...props} className={buttonClass(variant, className)} />;
}
