// Whether a nursery's first use is done, remembered in this browser (docs/decisions/072).

const doneKey = (nursery: string) => `first_use_done:${nursery}`;

/** Whether this browser saw the nursery's first use done: then the card is never loaded. */
export function rememberedDone(nursery: string): boolean {
  try {
    return window.localStorage.getItem(doneKey(nursery)) === '1';
  } catch {
    return false; // Storage refused (private mode): ask the server each time instead.
  }
}

export function rememberDone(nursery: string): void {
  try {
    window.localStorage.setItem(doneKey(nursery), '1');
  } catch {
    // Not kept: the card asks the server again next time, which is only slower.
  }
}
