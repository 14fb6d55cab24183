import type { ComponentPropsWithRef } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretch to the width of the container (forms on phones). */
  fullWidth?: boolean;
}

const base =
  'items-center justify-center gap-1.5 rounded-md font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 disabled:hover:bg-emerald-700',
  secondary: 'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-100 disabled:hover:bg-white',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 focus-visible:outline-red-600 disabled:hover:bg-red-700',
  ghost: 'text-slate-700 hover:bg-slate-100',
};

// Phones get at least 44 px of height (WCAG 2.5.5 target size); from `md` up a mouse is likely
// and the compact size keeps the header on one line.
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-11 px-3 text-sm md:min-h-8 md:px-2.5',
  md: 'min-h-11 px-4 text-sm md:min-h-9',
  lg: 'min-h-12 px-5 text-base',
};

/**
 * The class list of a button, for elements that must look like one but are not a <button>
 * (a router <Link>). Hide one on small screens with `max-md:hidden` (it wins over inline-flex).
 */
export function buttonClass({ variant = 'secondary', size = 'md', fullWidth = false }: ButtonStyle = {}): string {
  return ['inline-flex', base, variants[variant], sizes[size], fullWidth ? 'w-full' : ''].filter(Boolean).join(' ');
}

export type ButtonProps = ComponentPropsWithRef<'button'> & ButtonStyle;

/** A button of the kit. `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant, size, fullWidth, className, type = 'button', ...props }: ButtonProps) {
  const classes = buttonClass({ variant, size, fullWidth });
  return <button type={type} className={className ? `${classes} ${className}` : classes} {...props} />;
}
