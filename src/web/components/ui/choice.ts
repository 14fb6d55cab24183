import type { ReactNode } from 'react';

/** One choice of a ChoiceMenu; apart so the menu and its lazily loaded list both name it. */
export interface Choice<T extends string> {
  value: T;
  label: string;
  icon?: ReactNode;
}
