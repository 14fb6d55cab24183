import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory, FastifyServerOptions } from 'fastify';
import { tokenOf, type AuthCache } from '../auth/auth-cache';
import type { KnownAnswer, ListCache } from './list-cache';

export interface ListFastPathOptions {
  listCache: ListCache;
  authCache: AuthCache;
  /** The headers every answer carries (the security headers, computed once at start-up). */
  headers: Readonly<Record<string, string>>;
}

/**
 * Polling boards ask for the same cached list again and again; Fastify's lifecycle around such a
 * request (request and reply objects, routing, query parsing, validation, eight hooks) cost about
 * as much CPU as the answer's write itself (docs/decisions/082). This answers those requests on
 * the raw `node:http` request, before Fastify sees them, when everything they need is at hand
 * without waiting: a GET of a list URL the full lifecycle answered before, from a caller whose
 * token is known valid (AuthCache.knownUser: signature checked before, key not rotated, account
 * not disabled), the collection's rule decided again for that caller by the route's own code, a
 * fresh answer cached under that caller's scope, and the content coding already made. Anything
 * else (a visitor, an unknown or stale token, a refused rule, a miss, a stale or external-version
 * check due, a coding not yet made) goes to Fastify, which answers with every check of its own.
 */
export class ListFastPath {
  private enabled = true;
  /** How many requests this answered (tests see that the fast path, not Fastify, answered). */
  served = 0;

  /** Each cached answer's whole header block, made on its first sending (node:http only reads it). */
  private readonly sent = new WeakMap<KnownAnswer, Record<string, string | number>>();

  constructor(private readonly options: ListFastPathOptions) {}

  /** From now on Fastify answers everything (shutdown: its hooks say `Connection: close`). */
  stop(): void {
    this.enabled = false;
  }

  /** Answers `request` and returns true, or returns false having written nothing. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.enabled || request.method !== 'GET' || request.url === undefined) return false;
    const user = this.options.authCache.knownUser(tokenOf(request.headers.authorization));
    if (!user) return false;
    const answer = this.options.listCache.known(
      request.url,
      { user },
      request.headers['if-none-match'],
      request.headers['accept-encoding'],
    );
    if (!answer) return false;
    let headers = this.sent.get(answer);
    if (!headers) {
      headers = { ...this.options.headers, ...answer.headers };
      if (answer.body) headers['content-length'] = answer.body.length;
      this.sent.set(answer, headers);
    }
    response.writeHead(answer.status, headers);
    response.end(answer.body ?? undefined);
    this.served++;
    return true;
  }
}

/**
 * Fastify's own HTTP/1 server with `serve` asked first (Fastify's `serverFactory`): the same
 * timeouts Fastify sets on the server it would make itself.
 */
export function serverWithFastPath(serve: (request: IncomingMessage, response: ServerResponse) => boolean): FastifyServerFactory {
  return (handler, options: FastifyServerOptions) => {
    const server = http.createServer((request, response) => {
      if (!serve(request, response)) handler(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
