import { Button } from '../../components/ui/button';
import { reloadIntoNewVersion, useNewVersionWaiting } from '../../lib/offline/service-worker';

/**
 * "New version — Reload" once a new version of the app is installed on the device
 * (docs/decisions/046). Reloading is the person's choice, at a moment that suits them: a form
 * half filled in is never lost to it.
 */
export function NewVersionBar() {
  const waiting = useNewVersionWaiting();
  if (!waiting) return null;
  return (
    <div role="status" className="flex items-center justify-center gap-3 bg-emerald-50 px-3 py-2 text-sm text-slate-900 print:hidden">
      <span>New version of Trolleyboard</span>
      <Button size="sm" variant="primary" onClick={() => void reloadIntoNewVersion()}>
        Reload
      </Button>
    </div>
  );
}
