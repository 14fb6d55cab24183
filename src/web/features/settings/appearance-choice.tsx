import { useState } from 'react';
import { chooseTheme, readThemeChoice, type ThemeChoice } from '../../lib/theme';

const OPTIONS: readonly { value: ThemeChoice; label: string; hint: string }[] = [
  { value: 'system', label: 'System', hint: 'Light or dark as this device is set' },
  { value: 'light', label: 'Light', hint: 'Always light' },
  { value: 'dark', label: 'Dark', hint: 'Always dark' },
];

/**
 * Light, dark, or as the device is set: a choice for this device only, applied at once and kept
 * in this browser (docs/decisions/050), so a yard tablet and the office PC may differ.
 */
export function AppearanceChoice() {
  const [choice, setChoice] = useState<ThemeChoice>(() => readThemeChoice(window.localStorage));

  function choose(next: ThemeChoice): void {
    setChoice(next);
    chooseTheme(window, next);
  }

  return (
    <fieldset>
      <legend className="text-lg font-semibold text-slate-900">Appearance</legend>
      <p className="mt-1 text-sm text-slate-600">On this device only.</p>
      <div className="mt-3 grid gap-2 sm:grid-cols-3">
        {OPTIONS.map((option) => (
          <label
            key={option.value}
            className="grid min-h-11 cursor-pointer grid-cols-[auto_1fr] items-start gap-x-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-checked:border-emerald-600 has-checked:bg-emerald-50 has-focus-visible:outline-2 has-focus-visible:outline-emerald-600"
          >
            <input
              type="radio"
              name="theme"
              value={option.value}
              checked={choice === option.value}
              onChange={() => choose(option.value)}
              className="row-span-2 mt-0.5 size-4 accent-emerald-700"
            />
            <span className="font-medium text-slate-900">{option.label}</span>
            <span className="text-slate-600">{option.hint}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
