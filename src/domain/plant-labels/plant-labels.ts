// The nursery's plant-label list (docs/decisions/057): which plants have labels in stock and
// which need labels printed. Staff paste the plant names of an order sheet; each name is found on
// the list the way the original app found it (case, punctuation and spacing ignored), and names
// not on it yet are added as "not checked" for someone to mark.

/** A plant's label state, with the original app's stored values. */
export const LABEL_STATES = ['new', 'labels', 'print'] as const;
export type LabelState = (typeof LABEL_STATES)[number];

/** A mark a person may give a plant: the state it sets, the button's words, and whether it is the state's main step. */
export interface LabelMark {
  to: LabelState;
  label: string;
  main: boolean;
}

/**
 * How staff read each state, the tone a screen shows it in, and the marks offered from it (the
 * original app's: choose while not checked; switch a known one; "Printed" gives it labels).
 */
export const LABEL_STATE_ROWS: Readonly<
  Record<LabelState, { label: string; tone: 'neutral' | 'good' | 'warning'; marks: readonly LabelMark[] }>
> = {
  new: {
    label: 'Not checked',
    tone: 'neutral',
    marks: [
      { to: 'labels', label: 'Has labels', main: false },
      { to: 'print', label: 'Needs printing', main: false },
    ],
  },
  labels: { label: 'Has labels', tone: 'good', marks: [{ to: 'print', label: 'Needs printing', main: false }] },
  print: { label: 'Needs printing', tone: 'warning', marks: [{ to: 'labels', label: 'Printed', main: true }] },
};

export const labelStateLabel = (state: LabelState): string => LABEL_STATE_ROWS[state].label;

/** The most characters of one plant name (a long botanical name with its pot size fits). */
export const MAX_PLANT_NAME = 200;

/** The most names one paste may check: an order sheet's worth, with room to spare. */
export const MAX_PLANTS_PER_CHECK = 300;

/**
 * The key two names are the same plant by: lower case, no punctuation, single spaces (a
 * non-breaking space from a spreadsheet counts as a space), as the original app compared them.
 */
export function plantKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\u00a0/g, ' ')
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The plant names of a paste: one a line, trimmed, blank lines and repeats (by key) left out. */
export function plantNamesOf(pasted: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const line of pasted.split(/\r?\n/)) {
    const name = line
      .replace(/\u00a0/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    const key = plantKey(name);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}

/** A plant on the list: what checking a paste needs of it. */
export interface ListedPlant {
  id: string;
  plant_name: string;
  has_labels: LabelState;
}

/** One pasted name, checked: the plant on the list it is, or null when it is not on the list yet. */
export interface CheckedName<P extends ListedPlant = ListedPlant> {
  name: string;
  plant: P | null;
}

/** Finds each pasted name on the list (the first one added wins where the list has a name twice). */
export function checkPlantNames<P extends ListedPlant>(names: readonly string[], list: readonly P[]): CheckedName<P>[] {
  const byKey = new Map<string, P>();
  for (const plant of list) {
    const key = plantKey(plant.plant_name);
    if (!byKey.has(key)) byKey.set(key, plant);
  }
  return names.map((name) => ({ name, plant: byKey.get(plantKey(name)) ?? null }));
}
