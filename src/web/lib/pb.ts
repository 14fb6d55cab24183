import PocketBase from 'pocketbase';
import { apiUrl } from './config';

/**
 * The one PocketBase client of the web app. Every network call goes through it.
 * Auto-cancellation is off: the board, settings and header load in parallel and must not
 * abort each other; screens that want "latest wins" pass their own `requestKey`.
 */
export const pb = new PocketBase(apiUrl);
pb.autoCancellation(false);
