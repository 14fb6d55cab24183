// Debian's Chromium as every browser test launches it (Playwright's journeys, Vitest's component
// tests): never a browser Playwright downloads, and nothing that phones home or needs a GPU.

/**
 * What Playwright 1.65 switches off itself (its chromiumSwitches.ts). Chromium reads only the last
 * `--disable-features`, so one given here replaces Playwright's: its list is repeated, and
 * tests/support/chromium.test.ts fails when an upgrade of Playwright changes it.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 loads the address bar's drop-down, a WebUI page (chrome://omnibox-popup.top-chrome)
 * in a renderer of its own, for every window, and each test's context opens a window: in headless
 * mode nobody ever sees it, yet it was a fifth of a journey's CPU (docs/decisions/085).
 */
const UNSEEN_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSEEN_BROWSER_UI].join(',')}`,
  ],
};
