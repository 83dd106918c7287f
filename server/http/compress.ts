import zlib from 'node:zlib';
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
    // The fastest levels: brotli's first still packs a 130 KB health page to 15 KB (its default of 4
    // to 13 KB for four times the work), and the work is paid on every view.
    level: 1,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    filter: (req: Request, res: Response) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
  });
}
