// The screens staff use, for journeys that must work on both: a phone on the yard and an office PC.
export const PHONE_AND_DESKTOP = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

/**
 * The themes a look-and-axe journey checks at the `index`th of its sizes: one by default, dark and
 * light taking turns (docs/decisions/086); `EVERY_SCREEN_THEMES=both npm test` checks every size in
 * both, as done before each release of a screen's look.
 */
export const themesOfSize = (index: number): readonly ('light' | 'dark')[] =>
  process.env.EVERY_SCREEN_THEMES === 'both' ? ['light', 'dark'] : [index % 2 === 0 ? 'dark' : 'light'];
