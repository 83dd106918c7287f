import multer from 'multer';

/**
 * multer for every upload form. Browsers send a file's name as raw UTF-8 in the part header
 * (WHATWG multipart/form-data), which multer reads as Latin-1 unless told otherwise: "Bärli.pdf"
 * would be stored and shown as "BÃ¤rli.pdf".
 */
export function multipart(options: multer.Options = {}): multer.Multer {
  return multer({ ...options, defParamCharset: 'utf8' });
}

// What busboy (multer's parser) throws for a body that is not the multipart it says: no boundary in
// the Content-Type, a part header it cannot read (a NUL in a file name), a body cut short.
const UNREADABLE_BODY = /^(Multipart: Boundary not found|Malformed part header|Malformed content type|Unexpected end of (form|file))$/;

/**
 * True for an upload refused for what the client sent: multer's limits (MulterError) or a body its
 * parser cannot read. Either is the client's 400/413, never a server error; anything else (the
 * disk, the store) stays one.
 */
export function isRefusedUpload(error: unknown): error is Error & { code?: string } {
  return error instanceof multer.MulterError || (error instanceof Error && UNREADABLE_BODY.test(error.message));
}
