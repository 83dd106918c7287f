import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/**
 * Answers compressed with brotli or gzip, as the browser accepts (a health page is about 130 KB
 * of HTML, a tenth of it compressed). Live event streams are left alone: compressing them would
 * hold each event back until a buffer fills.
 */
export function compressAnswers(): RequestHandler {
  return compression({
    threshold: 1024,
    filter: (req: Request, res: Response) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
  });
}
