/** The product mark: a nursery trolley with shelves of plants. Decorative next to the title. */
export function TrolleyLogo({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect x="6" y="3" width="20" height="23" rx="1.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M6 11h20M6 19h20" stroke="currentColor" strokeWidth="2" />
      <circle cx="11" cy="7.5" r="2" fill="#16a34a" />
      <circle cx="17" cy="7.5" r="2" fill="#16a34a" />
      <circle cx="14" cy="15.5" r="2" fill="#22c55e" />
      <circle cx="20" cy="15.5" r="2" fill="#22c55e" />
      <circle cx="10" cy="29" r="2" fill="currentColor" />
      <circle cx="22" cy="29" r="2" fill="currentColor" />
    </svg>
  );
}
