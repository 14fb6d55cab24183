import { describe, expect, it } from 'vitest';
import { readThemeChoice, resolveTheme, THEME_STORAGE_KEY } from './theme';

const storageWith = (value: string | null) => ({ getItem: (key: string) => (key === THEME_STORAGE_KEY ? value : null) });

describe('readThemeChoice', () => {
  it('reads a stored choice', () => {
    expect(readThemeChoice(storageWith('dark'))).toBe('dark');
    expect(readThemeChoice(storageWith('light'))).toBe('light');
  });

  it('is "system" when nothing, something unknown, or nothing readable is stored', () => {
    expect(readThemeChoice(storageWith(null))).toBe('system');
    expect(readThemeChoice(storageWith('sepia'))).toBe('system');
    expect(
      readThemeChoice({
        getItem: () => {
          throw new Error('SecurityError: storage is disabled');
        },
      }),
    ).toBe('system');
  });
});

describe('resolveTheme', () => {
  it('"system" follows the device', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });

  it('a chosen theme wins over the device', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});
