import { isSdkError } from './sdk-error';
import { APP_OUTDATED_CODE, APP_OUTDATED_FIELD } from '#domain/app-build';

/**
 * Which build of the app this page runs: the entry script named by the index.html it started
 * from ('' under `npm run dev`, which has no built entry). Sent with every SDK request, so the
 * server can refuse a change from a page older than the build it serves (docs/decisions/046).
 */
export const pageBuild: string =
  document.querySelector<HTMLScriptElement>('script[type="module"][src^="/assets/"]')?.getAttribute('src') ?? '';

/** Whether an error answer's body is the server's refusal of a change from an older build. */
export function isAppOutdatedAnswer(status: number, body: unknown): boolean {
  const data = (body as { data?: Record<string, { code?: unknown } | undefined> } | null)?.data;
  return status === 409 && data?.[APP_OUTDATED_FIELD]?.code === APP_OUTDATED_CODE;
}

/** Whether the SDK threw the server's refusal of a change from an older build: the change is kept, not failed. */
export function isAppOutdatedError(err: unknown): boolean {
  return isSdkError(err) && isAppOutdatedAnswer(err.status, err.response);
}
