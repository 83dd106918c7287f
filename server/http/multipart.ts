import multer from 'multer';

/**
 * multer for every upload form. Browsers send a file's name as raw UTF-8 in the part header
 * (WHATWG multipart/form-data), which multer reads as Latin-1 unless told otherwise: "Bärli.pdf"
 * would be stored and shown as "BÃ¤rli.pdf".
 */
export function multipart(options: multer.Options = {}): multer.Multer {
  return multer({ ...options, defParamCharset: 'utf8' });
}
