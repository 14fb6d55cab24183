/** Centred "Loading..." shown while the first route of a page load is prepared. */
export function LoadingScreen({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-slate-500" role="status">
      {text}
    </div>
  );
}
