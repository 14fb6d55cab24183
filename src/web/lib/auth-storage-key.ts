/**
 * Where the SDK's LocalAuthStore keeps `{token, record}`; its getters read this on every access.
 * Apart from stored-auth.ts so the journeys' set-up (typed without the DOM) can name it too.
 */
export const AUTH_STORAGE_KEY = 'pocketbase_auth';
