/**
 * Request log lines. Fastify writes "incoming request" and "request completed" at info for every
 * request; the open API's (operators, piles, and the demo city's own ~250 calls a minute) go to debug,
 * so that at the default level (info) the log keeps the console's requests, warnings and the once
 * printed admin password in sight. A failed open-API request is still logged at error.
 */
import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The open API's routes (app.ts registers them under it). */
export const OPEN_API_PREFIX = '/api/open/';

/** Whether a request's lines go to debug: the open API's. */
const quietRequest = (url: string): boolean => url.startsWith(OPEN_API_PREFIX);

export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (!quietRequest(request.url)) return super.incomingRequest(request, reply, metadata);
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (error || !quietRequest(request.url)) return super.requestCompleted(error, request, reply, metadata);
    if (!this.isLogDisabled(request)) reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
