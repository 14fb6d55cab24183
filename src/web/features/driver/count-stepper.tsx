/** A count a driver sets with a thumb: − and + of 48 px and the number between them. */
export function CountStepper({ label, value, onChange }: { label: string; value: number; onChange: (value: number) => void }) {
  const set = (next: number) => onChange(Math.max(0, Math.min(999, next)));
  return (
    <div className="flex items-center justify-between gap-3" role="group" aria-label={label}>
      <span className="text-base font-medium text-slate-800">{label}</span>
      <span className="flex items-center gap-2">
        <button
          type="button"
          className="h-12 w-12 rounded-md border border-slate-300 bg-white text-2xl font-bold text-slate-800"
          aria-label={`Fewer ${label.toLowerCase()}`}
          onClick={() => set(value - 1)}
        >
          −
        </button>
        <output className="w-10 text-center text-xl font-semibold tabular-nums" aria-label={`${label} collected`}>
          {value}
        </output>
        <button
          type="button"
          className="h-12 w-12 rounded-md border border-slate-300 bg-white text-2xl font-bold text-slate-800"
          aria-label={`More ${label.toLowerCase()}`}
          onClick={() => set(value + 1)}
        >
          +
        </button>
      </span>
    </div>
  );
}
