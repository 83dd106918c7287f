import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { logger } from './logger.js';

// A request id a proxy already gave is kept, when it looks like one, so lines can be joined across hops.
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

const pathOf = (req: Request) => (req.originalUrl ?? req.url ?? '').split('?')[0];

/**
 * One line per request: id, method, path, status, duration and the signed-in user (and the
 * impersonator). Query strings, headers, cookies and bodies are left out on purpose: they carry
 * tokens, passwords and genotypes. Written when the answer is sent, with one call of the process's
 * logger (a per-request child logger, as pino-http makes, cost more than the members page's query).
 */
export function httpLogger(): RequestHandler {
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    const path = pathOf(req);
    if (path.startsWith('/static/') || path === '/healthz') return next();
    const started = performance.now();
    const done = () => {
      res.removeListener('finish', done);
      res.removeListener('close', done);
      writeLine(req, res, id, path, performance.now() - started);
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}

function writeLine(req: Request, res: Response, id: string, path: string, responseTime: number): void {
  const finished = res.writableFinished;
  const status = res.statusCode;
  // a request the client gave up on (navigated away, closed the tab) is no fault of anyone's: info, like a success
  const level = !finished ? 'info' : status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  const { currentUser, impersonator } = req;
  const line: Record<string, unknown> = { req: { id, method: req.method, path }, res: { statusCode: status }, responseTime: Math.round(responseTime) };
  if (currentUser) line.userId = currentUser.id;
  if (currentUser && impersonator) line.impersonatorId = impersonator.id;
  logger[level](line, finished ? `${req.method} ${path} ${status}` : `${req.method} ${path} aborted`);
}
