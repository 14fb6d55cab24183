// Shared class lists so every account screen's buttons look alike.
export const primaryButton =
  'inline-flex w-full items-center justify-center rounded-md bg-emerald-700 px-4 py-2 text-base font-semibold text-white shadow-sm hover:bg-emerald-800 focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-emerald-700/50';

export const secondaryButton =
  'inline-flex w-full items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-base font-semibold text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60';

export const textLink = 'font-medium text-emerald-700 underline-offset-2 hover:underline';
