// Which board an order sits on (docs/product.md): none is the Whiteboard (the weekly board),
// holding the Holding list, collect the Collect list. A board type without its row does not
// compile (docs/decisions/059).

export const BOARD_TYPES = ['none', 'holding', 'collect'] as const;
/** Board type: none = Whiteboard, holding = Holding, collect = Collect. */
export type BoardType = (typeof BOARD_TYPES)[number];

export interface BoardTypeEntry {
  /** The board's name as the order form and the lists show it. */
  label: string;
}

export const BOARD_TYPE_TABLE = {
  none: { label: 'Whiteboard' },
  holding: { label: 'Holding' },
  collect: { label: 'Collect' },
} as const satisfies Readonly<Record<BoardType, BoardTypeEntry>>;
