// The screens staff use, for journeys that must work on both: a phone on the yard and an office PC.
export const PHONE_AND_DESKTOP = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;
