import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { DISK_FULL_MESSAGE, isDiskFull } from '../db/storage-errors';
import { ApiError } from '../errors';
import { BODY_LIMIT_BYTES } from './json-body';

const GENERIC_5XX = 'Something went wrong while processing your request.';

/** PocketBase's error body; `code` repeats the status as PocketBase also sends it. */
function envelope(status: number, message: string, data: Record<string, unknown> = {}) {
  return { status, code: status, message, data };
}

/**
 * Every error leaves as PocketBase's body `{ status, message, data }`. 4xx messages are meant for
 * people; a 5xx says only the generic sentence and the real error goes to the log. One fault is
 * named: a full disk (507, whichever store or file filled it), because the person at the screen
 * must know their change is not kept, and the operator what to free.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    let status: number;
    let message: string;
    let data: Record<string, unknown> = {};
    if (error instanceof ApiError) {
      status = error.status;
      ({ message, data } = bounded(error.message, error.data));
    } else if ('statusCode' in error && typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      message = fastifyClientMessage(error as FastifyError);
    } else if (isDiskFull(error)) {
      status = 507;
      message = DISK_FULL_MESSAGE;
    } else {
      status = 500;
      message = GENERIC_5XX;
    }
    if (status >= 500)
      request.log.error(
        { err: error, reqId: request.id, method: request.method, url: request.url },
        status === 507 ? 'Request failed: the disk is full (free some space; nothing else is needed)' : 'Request failed',
      );
    reply.code(status).send(envelope(status, message, data));
  });
}

/** Most characters of a message, and most entries of `data`, any refusal repeats (docs/decisions/054). */
export const MAX_REFUSAL_MESSAGE = 2000;
export const MAX_REFUSAL_ENTRIES = 50;
const MAX_ENTRY_TEXT = 500;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * A refusal as it is sent: every sentence and name cut to a length, and at most
 * MAX_REFUSAL_ENTRIES fields, whatever the code that threw it repeated of the request. The places
 * that repeat a request (refused field names, unknown CSV columns) bound themselves already; this
 * keeps the next one from answering megabytes.
 */
function bounded(message: string, data: Record<string, unknown>): { message: string; data: Record<string, unknown> } {
  const entries = Object.entries(data);
  if (message.length <= MAX_REFUSAL_MESSAGE && entries.length <= MAX_REFUSAL_ENTRIES && entries.every(([name, entry]) => fits(name, entry)))
    return { message, data };
  return {
    message: cut(message, MAX_REFUSAL_MESSAGE),
    data: Object.fromEntries(
      entries
        .slice(0, MAX_REFUSAL_ENTRIES)
        .map(([name, entry]) => [
          cut(name, MAX_ENTRY_TEXT),
          isFieldError(entry) ? { code: cut(entry.code, MAX_ENTRY_TEXT), message: cut(entry.message, MAX_ENTRY_TEXT) } : {},
        ]),
    ),
  };
}

function isFieldError(entry: unknown): entry is { code: string; message: string } {
  if (typeof entry !== 'object' || entry === null) return false;
  const { code, message } = entry as Record<string, unknown>;
  return typeof code === 'string' && typeof message === 'string' && Object.keys(entry).length === 2;
}

function fits(name: string, entry: unknown): boolean {
  return (
    name.length <= MAX_ENTRY_TEXT && isFieldError(entry) && entry.code.length <= MAX_ENTRY_TEXT && entry.message.length <= MAX_ENTRY_TEXT
  );
}

function fastifyClientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Please send the data as JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `The submitted data is too large (at most ${BODY_LIMIT_BYTES / 1024 / 1024} MB).`;
    case 'FST_ERR_RATE_LIMIT_EXCEEDED':
      return 'Too many requests. Please wait a minute and try again.';
    default:
      return error.statusCode === 429
        ? 'Too many requests. Please wait a minute and try again.'
        : 'Failed to load the submitted data due to invalid formatting.';
  }
}

/**
 * Fastify's router answers a broken %-encoding and an over-long path segment itself, before any
 * hook or error handler (`frameworkErrors`); these answers get the envelope too.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void => {
  let status = 400;
  let message = 'The request could not be read.';
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    status = 414;
    message = `The address is too long: each part of it may have at most ${MAX_PARAM_LENGTH} characters.`;
  } else if (error.code === 'FST_ERR_BAD_URL') {
    message = 'The address is not valid: it has a broken %-encoded character.';
  }
  void reply.code(status).send(envelope(status, message));
};

/** Longest path parameter the router matches (Fastify's default); record ids have 15 characters. */
export const MAX_PARAM_LENGTH = 100;

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers or URL over
 * `maxHeaderSize`, a malformed request line); Fastify's default answer has its own body. This
 * one answers with the envelope, then closes the connection (the parser cannot go on).
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let message = 'The request could not be read: it is not valid HTTP.';
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    message = `The request's address or headers are too large (at most ${Math.floor(http.maxHeaderSize / 1024)} KB together).`;
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    message = 'The request took too long to arrive. Please try again.';
  }
  this.log.debug({ err: error }, 'client error');
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const body = JSON.stringify(envelope(status, message));
  socket.write(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Error'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  socket.destroy();
}
