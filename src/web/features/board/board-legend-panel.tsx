import { customerTypeLabel, statusLabel } from '#domain/orders/format';
import { boardLineColour, type LineColour } from '#domain/orders/line-colours';
import { CUSTOMER_TYPES, ORDER_STATUSES } from '#domain/records';
import { lineSwatchClass, lineTextClass } from '../../lib/line-colour-classes';
import { ChosenBox } from './order-line';
import { StatusChip } from './status-icon';

// The Colours panel's content, loaded on the first tap of Colours (vite.config.ts keeps it out of
// the board's file): the board shows its orders without it.

/** A line's colour by customer type, and a collect order's orange: from the same rule the lines use. */
const LINE_COLOURS: readonly { word: string; colour: LineColour }[] = [
  ...CUSTOMER_TYPES.map((type) => ({
    word: customerTypeLabel(type),
    colour: boardLineColour({ customerType: type, other: 'none' }, false),
  })),
  { word: 'Collect', colour: boardLineColour({ customerType: 'wholesale', other: 'collect' }, false) },
];

/** Map mode's colours (docs/product.md#map-mode): retail blue, other red. */
const MAP_COLOURS: readonly { word: string; colour: LineColour }[] = (['retail', 'other'] as const).map((type) => ({
  word: customerTypeLabel(type),
  colour: boardLineColour({ customerType: type, other: 'none' }, true),
}));

function ColourRow({ word, colour }: { word: string; colour: LineColour }) {
  return (
    <li className="flex items-center gap-2" data-colour={colour}>
      <span aria-hidden="true" className={`size-4 shrink-0 rounded-sm ${lineSwatchClass[colour]}`} />
      <span className={`font-semibold ${lineTextClass[colour]}`}>{word}</span>
    </li>
  );
}

/** What the line colours, map mode's colours and the status chips mean (docs/decisions/069). */
export default function BoardLegendPanel({ id, headingId }: { id: string; headingId: string }) {
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="absolute top-full z-30 mt-1 rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-800 shadow-lg max-md:inset-x-1 md:left-0 md:w-80"
    >
      <h2 id={headingId} className="font-semibold">
        What the colours mean
      </h2>
      <h3 className="mt-2 text-slate-600">An order’s name and stripe, by customer</h3>
      <ul aria-label="Line colours" className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1">
        {LINE_COLOURS.map((row) => (
          <ColourRow key={row.word} {...row} />
        ))}
      </ul>
      <h3 className="mt-2 text-slate-600">In Map mode</h3>
      <ul aria-label="Map mode colours" className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1">
        {MAP_COLOURS.map((row) => (
          <ColourRow key={row.word} {...row} />
        ))}
        <li className="col-span-2 flex items-center gap-2" data-chosen>
          <ChosenBox isChosen />
          <span>Chosen for a run (a dark outline)</span>
        </li>
      </ul>
      <h3 className="mt-2 text-slate-600">Status, at the right of each order</h3>
      <ul aria-label="Statuses" className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1.5">
        {ORDER_STATUSES.map((status) => (
          <li key={status || 'none'} className="flex items-center gap-2" data-status={status || 'none'}>
            <StatusChip status={status} />
            {/* The chip shows its word to the eye only; no status has no word, so it is beside it. */}
            <span className={status === '' ? '' : 'sr-only'}>{statusLabel(status)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
