import { useEffect, useState } from 'react';
import { describeLiveStatus, isShownLive, shortLiveStatus, useLiveStatus } from '../../lib/live-status';

/**
 * Whether the orders on screen update by themselves ("Live"), or else when they were last
 * fetched ("Not live · updated 10:42", "On this device · as of 10:42", "Offline · as of 10:42"),
 * so staff know how far to trust the board. In words and
 * with a dot, never by colour alone.
 */
export function LiveIndicator() {
  const status = useLiveStatus();
  // The SDK connects a moment after the first orders arrive: say nothing until the first fetch
  // or connect, rather than flash "Not live" on every page load.
  const [isSettled, setSettled] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(true), 3000);
    return () => window.clearTimeout(timer);
  }, []);
  // Offline, or a copy kept on the device on screen: say so at once, with its age.
  if (!status.isLive && !isSettled && !status.isOffline && status.keptAt === null) return null;
  const text = describeLiveStatus(status);
  const live = isShownLive(status);
  return (
    <p
      className="flex items-center gap-1.5 text-sm whitespace-nowrap text-slate-600 max-sm:gap-1 max-sm:text-xs"
      data-live={live}
      data-offline={status.isOffline}
    >
      <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${live ? 'bg-emerald-500' : 'bg-amber-500'}`} />
      {/* A phone's one-row header shows the short form; the whole sentence is still read out. */}
      <span data-live-label="" className="max-sm:sr-only">
        {text}
      </span>
      {/* Drawn by CSS, not in the text: the words are said once, by the sentence above. */}
      <span aria-hidden="true" className="before:content-[attr(data-short)] sm:hidden" data-short={shortLiveStatus(status)} />
    </p>
  );
}
