export type FormMessageTone = 'error' | 'success' | 'info';

export interface FormMessageState {
  tone: FormMessageTone;
  text: string;
}

const toneClasses: Record<FormMessageTone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  info: 'border-slate-200 bg-slate-50 text-slate-700',
};

/**
 * The latest validation or outcome message, kept on the page next to the form: toasts vanish
 * after a few seconds, this stays readable until the next attempt. Show a message either here or
 * as a toast, never both. It is a live alert, so the outcome is read out as soon as it appears.
 */
export function FormMessage({ message, className = '' }: { message: FormMessageState | null; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={`rounded-md border px-3 py-2 text-sm ${toneClasses[message.tone]} ${className}`}>
      {message.text}
    </p>
  );
}
