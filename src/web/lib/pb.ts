import PocketBase from 'pocketbase';
import { APP_BUILD_HEADER } from '#domain/app-build';
import { isAppOutdatedAnswer, pageBuild } from './app-build';
import { apiUrl } from './config';
import { noticeNewerBuildOnServer } from './offline/service-worker';

/**
 * The one PocketBase client of the web app. Every network call goes through it.
 * Auto-cancellation is off: the board, settings and header load in parallel and must not
 * abort each other; screens that want "latest wins" pass their own `requestKey`.
 */
export const pb = new PocketBase(apiUrl);
pb.autoCancellation(false);

// Every request names the build this page runs; a change the server refuses because it serves a
// newer one puts "New version of Trolleyboard — Reload" on screen (docs/decisions/046).
if (pageBuild !== '') {
  pb.beforeSend = (url, options) => {
    options.headers = { ...options.headers, [APP_BUILD_HEADER]: pageBuild };
    return { url, options };
  };
}
pb.afterSend = (response, data: unknown) => {
  if (isAppOutdatedAnswer(response.status, data)) noticeNewerBuildOnServer();
  return data;
};
