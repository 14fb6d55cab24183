// Which board an order sits on (docs/product.md): none is the Whiteboard (the weekly board),
// holding the Holding list, collect the Collect list. A board type without its row does not
// compile (docs/decisions/059).

export const BOARD_TYPES = ['none', 'holding', 'collect'] as const;
/** Board type: none = Whiteboard, holding = Holding, collect = Collect. */
export type BoardType = (typeof BOARD_TYPES)[number];

export interface BoardTypeEntry {
  /** The board's name as the order form's choice shows it (the original app's word). */
  label: string;
  /**
   * The board's name in a sentence or a history line ("Board type: Weekly board → Holding"), where
   * the form's "Whiteboard" would read as a board nobody has (docs/glossary.md#retired-words).
   */
  words: string;
}

export const BOARD_TYPE_TABLE = {
  none: { label: 'Whiteboard', words: 'Weekly board' },
  holding: { label: 'Holding', words: 'Holding' },
  collect: { label: 'Collect', words: 'Collect' },
} as const satisfies Readonly<Record<BoardType, BoardTypeEntry>>;
