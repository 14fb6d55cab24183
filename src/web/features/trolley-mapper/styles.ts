// Class lists shared by the mapper's panels, so its buttons and fields look alike.
const base =
  'inline-flex items-center justify-center gap-1 rounded-md px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 disabled:cursor-not-allowed disabled:opacity-60';
export const primaryButton = `${base} bg-emerald-700 text-white shadow-sm hover:bg-emerald-800`;
export const secondaryButton = `${base} border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-100`;
export const dangerButton = `${base} border border-red-300 bg-white text-red-700 hover:bg-red-50`;
/** A toggle button: pass `aria-pressed` too, so screen readers hear the state the colour shows. */
export const toggleButton = (isOn: boolean) =>
  `${base} border ${isOn ? 'border-emerald-700 bg-emerald-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'}`;
export const inputClass =
  'block w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 placeholder:text-slate-400 focus:border-emerald-600 focus:ring-2 focus:ring-emerald-600/30 focus:outline-none';
