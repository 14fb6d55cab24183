import type { TextPart } from '#domain/orders/search-match';

/** Text with the searched part marked (<mark>, which screen readers can announce as highlighted). */
export function MarkedText({ parts }: { parts: readonly TextPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.isMatch ? (
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-inherit">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
