// Which build of the web app a request comes from (docs/decisions/046): the page names the entry
// script of the index.html it was started from; the server refuses a change from a page whose
// build it no longer serves, so an old shell never writes through a newer API.

/** The request header the web app names its build in. */
export const APP_BUILD_HEADER = 'X-Trolleyboard-App';

/** The field of a refusal's `data` that says the page is an older build than the server's. */
export const APP_OUTDATED_FIELD = 'appBuild';
export const APP_OUTDATED_CODE = 'app_outdated';

/** The entry script a built index.html names (`/assets/index-Ab12.js`), or '' when it names none. */
export function appEntryScript(indexHtml: string): string {
  return /<script\b[^>]*\btype="module"[^>]*\bsrc="(\/assets\/[^"]+\.js)"/.exec(indexHtml)?.[1] ?? '';
}
