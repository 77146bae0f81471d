import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
  Link as AriaLink,
  type LinkProps,
} from 'react-aria-components';
import { focusRing } from './focus-ring.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'danger';

export type ButtonSize = 'md' | 'sm' | 'xs';

const base = `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors
  cursor-pointer select-none whitespace-nowrap disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

/** md for forms and toolbars; sm for a table row's actions; xs for the rows of dense lists. */
const sizes: Record<ButtonSize, string> = {
  md: 'h-10 px-4 text-sm',
  sm: 'h-8 px-3 text-xs',
  xs: 'h-7 px-2.5 text-xs',
};

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 data-pressed:bg-brand-900 shadow-sm',
  secondary:
    'bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 data-pressed:bg-slate-100 shadow-sm',
  danger: 'bg-red-700 text-white hover:bg-red-800 data-pressed:bg-red-900 shadow-sm',
};

export function buttonClass(variant: ButtonVariant = 'primary', extra = '', size: ButtonSize = 'md'): string {
  return `${base} ${sizes[size]} ${variants[variant]} ${extra}`;
}

export interface ButtonProps extends Omit<AriaButtonProps, 'className'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

export function Button({ variant = 'primary', size = 'md', className = '', ...props }: ButtonProps) {
  return <AriaButton {...props} className={buttonClass(variant, className, size)} />;
}

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  className = '',
  ...props
}: Omit<LinkProps, 'className'> & { variant?: ButtonVariant; size?: ButtonSize; className?: string }) {
  return <AriaLink {...props} className={buttonClass(variant, className, size)} />;
}
