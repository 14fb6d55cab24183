import { buttonClass } from '../../components/ui/button';

// The mapper's toggles (Edit, vehicle type and size, brush) are kit buttons that look pressed
// when on; pass `aria-pressed` too, so screen readers hear the state the colour shows.
export const toggleButton = (isOn: boolean) => buttonClass({ variant: isOn ? 'primary' : 'secondary' });

/** The compact inputs of a stop row (labelled with aria-label: the row is too narrow for labels). */
export const inputClass =
  'block w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-base text-slate-900 placeholder:text-slate-400 focus:border-emerald-600 focus:ring-2 focus:ring-emerald-600/30 focus:outline-none md:text-sm';
