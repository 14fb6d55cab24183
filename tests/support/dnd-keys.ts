// Drag and drop by keyboard in the journeys (the board's days, the mapper's stops).
import { expect, type Page } from '@playwright/test';

/**
 * Presses an arrow key until drag and drop reads out `text`. dnd-kit starts listening for the
 * arrows a moment after the pick-up, and Chromium may take a key pressed at once before that: a
 * person's next key comes later. A press that was heard is never repeated: each try first looks
 * whether `text` is already read out.
 */
export async function pressUntilAnnounced(page: Page, key: string, text: string): Promise<void> {
  const announced = page.locator('[id^="DndLiveRegion"]');
  await expect(async () => {
    if ((await announced.textContent()) !== text) await page.keyboard.press(key);
    await expect(announced).toHaveText(text, { timeout: 1000 });
  }).toPass();
}
