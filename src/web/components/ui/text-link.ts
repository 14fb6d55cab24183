/** Classes of an inline text link (a router <Link> or an <a>). */
export const textLinkClass =
  'rounded-sm font-medium text-emerald-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600';
