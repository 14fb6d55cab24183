import { expect, test } from 'vitest';
import { clockLabel } from './clock-label';
import { describeLiveStatus, isShownLive, shortLiveStatus } from './live-status';

const at = (text: string) => new Date(text).getTime();
const now = at('2026-11-24T15:00:00');
const base = { isLive: false, lastFetchedAt: null, isOffline: false, keptAt: null };

test('offline, the header says so with the time of what is on screen', () => {
  expect(describeLiveStatus({ ...base, isOffline: true, lastFetchedAt: at('2026-11-24T10:42:00') }, now)).toBe('Offline · as of 10:42');
  // After an offline reload nothing was fetched: the age of the copy kept on the device.
  expect(describeLiveStatus({ ...base, isOffline: true, keptAt: at('2026-11-24T09:05:00') }, now)).toBe('Offline · as of 09:05');
  expect(describeLiveStatus({ ...base, isOffline: true, isLive: true }, now)).toBe('Offline');
  // The stream may not have noticed yet: the dot is not the live green while the words say Offline.
  expect(isShownLive({ ...base, isOffline: true, isLive: true })).toBe(false);
  expect(isShownLive({ ...base, isLive: true })).toBe(true);
});

test('a copy kept on the device is marked with its age until the fresh answer arrives', () => {
  expect(describeLiveStatus({ ...base, keptAt: at('2026-11-24T10:42:00') }, now)).toBe('On this device · as of 10:42');
  expect(describeLiveStatus({ ...base, keptAt: at('2026-11-24T10:42:00'), lastFetchedAt: at('2026-11-24T14:59:00') }, now)).toBe(
    'Not live · updated 14:59',
  );
  // The stream connects before the fresh week arrives: still the copy, with its age (docs/decisions/058).
  const kept = { ...base, isLive: true, keptAt: at('2026-11-24T10:42:00') };
  expect(describeLiveStatus(kept, now)).toBe('On this device · as of 10:42');
  expect(isShownLive(kept)).toBe(false);
  expect(describeLiveStatus({ ...kept, lastFetchedAt: at('2026-11-24T14:59:00') }, now)).toBe('Live');
  expect(isShownLive({ ...kept, lastFetchedAt: at('2026-11-24T14:59:00') })).toBe(true);
});

test('online, as before: "Live", or "Not live" with the last fetch', () => {
  expect(describeLiveStatus({ ...base, isLive: true, lastFetchedAt: now }, now)).toBe('Live');
  expect(describeLiveStatus(base, now)).toBe('Not live');
  expect(describeLiveStatus({ ...base, lastFetchedAt: at('2026-11-24T10:42:00') }, now)).toBe('Not live · updated 10:42');
});

test('a copy days old says which day', () => {
  expect(clockLabel(at('2026-11-23T18:10:00'), now)).toBe('Mon 18:10');
  expect(clockLabel(at('2026-11-18T07:30:00'), now)).toBe('Wed 07:30');
  expect(clockLabel(at('2026-11-12T07:30:00'), now)).toBe('12 Nov 07:30');
});

test("a phone's header: the dot alone when live, else Offline or the time of what is on screen", () => {
  expect(shortLiveStatus({ ...base, isLive: true, lastFetchedAt: now }, now)).toBe('');
  expect(shortLiveStatus({ ...base, isOffline: true, lastFetchedAt: at('2026-11-24T10:42:00') }, now)).toBe('Offline');
  expect(shortLiveStatus({ ...base, keptAt: at('2026-11-24T10:42:00') }, now)).toBe('10:42');
  expect(shortLiveStatus({ ...base, lastFetchedAt: at('2026-11-23T18:10:00') }, now)).toBe('Mon 18:10');
  expect(shortLiveStatus(base, now)).toBe('Not live');
});
