import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from '../errors';

const GENERIC_5XX = 'Something went wrong while processing your request.';

/**
 * Every error leaves as PocketBase's body `{ status, message, data }`. 4xx messages are meant for
 * people; a 5xx says only the generic sentence and the real error goes to the log.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    let status: number;
    let message: string;
    let data: Record<string, unknown> = {};
    if (error instanceof ApiError) {
      status = error.status;
      message = error.message;
      data = error.data;
    } else if ('statusCode' in error && typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      message = fastifyClientMessage(error as FastifyError);
    } else {
      status = 500;
      message = GENERIC_5XX;
    }
    if (status >= 500) request.log.error({ err: error, reqId: request.id, method: request.method, url: request.url }, 'Request failed');
    reply.code(status).send({ status, code: status, message, data });
  });
}

function fastifyClientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Please send the data as JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The submitted data is too large.';
    case 'FST_ERR_RATE_LIMIT_EXCEEDED':
      return 'Too many requests. Please wait a minute and try again.';
    default:
      return error.statusCode === 429
        ? 'Too many requests. Please wait a minute and try again.'
        : 'Failed to load the submitted data due to invalid formatting.';
  }
}
