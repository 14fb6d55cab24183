// Debian's Chromium as every browser test launches it (Playwright's journeys, Vitest's component
// tests): never a browser Playwright downloads, and nothing that phones home or needs a GPU.
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
  ],
};
