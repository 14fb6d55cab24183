/** What a day adds up to on the board: its orders and trolleys as shown. */
export interface DaySummary {
  orders: number;
  trollies: number;
}

const ordersText = (n: number) => (n === 1 ? '1 order' : `${n} orders`);
const trolleysText = (n: number) => (n === 1 ? '1 trolley' : `${n} trolleys`);

/** "3 orders, 5 trolleys": the day's counts in words, for screen readers and tests. */
export function daySummaryWords({ orders, trollies }: DaySummary): string {
  return `${ordersText(orders)}, ${trolleysText(trollies)}`;
}

/**
 * The counts as the yard writes them ("3 orders · 5T", or "3 · 5T" where space is short),
 * read out in words. No trolleys shows no trolley count ("3 orders", never "· 0T":
 * docs/glossary.md#retired-words).
 */
export function DaySummaryText({ summary, short = false }: { summary: DaySummary; short?: boolean }) {
  const orders = short ? String(summary.orders) : ordersText(summary.orders);
  return (
    <>
      <span aria-hidden="true">{summary.trollies > 0 ? `${orders} · ${summary.trollies}T` : orders}</span>
      <span className="sr-only">{daySummaryWords(summary)}</span>
    </>
  );
}
