import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { logger } from './logger.js';

// A request id a proxy already gave is kept, when it looks like one, so lines can be joined across hops.
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

const pathOf = (req: IncomingMessage) => (req.url ?? '').split('?')[0];

/**
 * One line per request: id, method, path, status, duration and the signed-in user (and the
 * impersonator). Query strings, headers, cookies and bodies are left out on purpose: they carry
 * tokens, passwords and genotypes.
 */
export function httpLogger(): RequestHandler {
  return pinoHttp({
    logger,
    genReqId(req, res) {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    serializers: {
      req: (req: IncomingMessage & { id?: unknown }) => ({ id: req.id, method: req.method, path: pathOf(req) }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    wrapSerializers: false,
    // Called when the request starts (nobody is signed in yet) and again when it ends.
    customProps(req) {
      const { currentUser, impersonator } = req as Request;
      if (!currentUser) return {};
      return impersonator ? { userId: currentUser.id, impersonatorId: impersonator.id } : { userId: currentUser.id };
    },
    customLogLevel(_req, res, error) {
      if (error || res.statusCode >= 500) return 'error';
      return res.statusCode >= 400 ? 'warn' : 'info';
    },
    customSuccessMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}`,
    autoLogging: { ignore: (req) => pathOf(req).startsWith('/static/') || pathOf(req) === '/healthz' },
  }) as unknown as RequestHandler;
}
