// The only place the web app reads build-time settings. Every VITE_ value ships to every
// browser: never put a secret here.
const configuredApiUrl = import.meta.env.VITE_API_URL as string | undefined;

/** The API lives on the page's own origin unless a build says otherwise. */
export const apiUrl: string = configuredApiUrl && configuredApiUrl.length > 0 ? configuredApiUrl : window.location.origin;

/** `npm run dev` (no service worker is built there, docs/decisions/046), as opposed to a build. */
export const isDevServer: boolean = import.meta.env.DEV;
