import { useState } from 'react';
import type { LabelLayout, LabelSource } from '#domain/labels/trolley-labels';
import { buttonClass } from './ui/button';
import { ChoiceMenu, type Choice } from './ui/choice-menu';
import { notify } from './ui/toast';

const LAYOUTS: readonly Choice<LabelLayout>[] = [
  { value: 'a4-4', label: 'A4 × 4' },
  { value: 'a4-8', label: 'A4 × 8' },
  { value: 'single', label: '100×150 mm' },
];

export interface LabelsMenuProps {
  /** Accessible name, e.g. "Labels for 23-11-2026-Sam-AB12". */
  label: string;
  kind: 'run' | 'day';
  /** The run's name or the day, for the file name. */
  name: string;
  /** What to label: read when a size is chosen (a run is fetched then). */
  load: () => Promise<{ sources: readonly LabelSource[]; date: string }>;
  className?: string;
}

/**
 * "Labels": a choice of label sheet (A4 × 4, A4 × 8, single 100×150 mm) that downloads the
 * trolley labels PDF (docs/decisions/041). Read-only, so every role may print them.
 */
export function LabelsMenu({ label, kind, name, load, className = '' }: LabelsMenuProps) {
  const [busy, setBusy] = useState(false);
  const choose = async (layout: LabelLayout) => {
    setBusy(true);
    try {
      const [{ printTrolleyLabels }, what] = await Promise.all([import('../lib/pdf/print-trolley-labels'), load()]);
      await printTrolleyLabels({ ...what, kind, name, layout });
    } catch {
      notify.error('The labels could not be printed. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <ChoiceMenu
      label={label}
      menuLabel="Label size"
      heading="Print labels on:"
      buttonClassName={`${buttonClass({ variant: 'secondary', size: 'sm' })} shrink-0 ${className}`}
      choices={LAYOUTS}
      onChoose={(layout) => void choose(layout)}
      disabled={busy}
    >
      {busy ? 'Printing...' : 'Labels'}
    </ChoiceMenu>
  );
}
