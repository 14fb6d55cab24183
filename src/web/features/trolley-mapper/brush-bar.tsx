import { Button } from '../../components/ui/button';

/**
 * Phones and tablets stack the list above the vehicle: this bar keeps the chosen customer in
 * sight while filling trolleys further down, with a way back to the trolleys.
 */
export function BrushBar({ label, onShowTrolleys }: { label: string; onShowTrolleys: () => void }) {
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-3 py-2 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur lg:hidden">
      <p className="min-w-0 flex-1 truncate text-sm text-slate-600">
        Filling with <span className="font-semibold text-emerald-800">{label}</span>
      </p>
      <Button variant="secondary" size="sm" onClick={onShowTrolleys}>
        Show trolleys
      </Button>
    </div>
  );
}
