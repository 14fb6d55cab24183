// The years an order may be in. Apart from the declaration so that the board's week picker can
// read them without loading the whole declaration, and below it, as the declarations of orders and
// standing orders read them (no import cycles, docs/decisions/060).
export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;
