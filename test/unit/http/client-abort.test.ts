import { expect } from 'chai';
import type { Request } from 'express';
import { isClientAbort } from '../../../server/http/client-abort.js';

const request = (gone: boolean) => ({ destroyed: gone, socket: { destroyed: gone } }) as unknown as Request;
const withCode = (code: string) => Object.assign(new Error('socket hang up'), { code });

describe('isClientAbort', () => {
  it('knows the parsers\' and sockets\' errors of a visitor who left', () => {
    expect(isClientAbort(new Error('Request aborted'), request(true))).to.equal(true);
    expect(isClientAbort(Object.assign(new Error('request aborted'), { type: 'request.aborted', status: 400 }), request(true))).to.equal(true);
    expect(isClientAbort(withCode('ECONNRESET'), request(true))).to.equal(true);
    expect(isClientAbort(withCode('ERR_STREAM_PREMATURE_CLOSE'), request(true))).to.equal(true);
  });

  it('keeps real failures as errors, also when the visitor has left', () => {
    expect(isClientAbort(new Error('relation "pets" does not exist'), request(true))).to.equal(false);
    expect(isClientAbort(withCode('ENOSPC'), request(true))).to.equal(false);
    expect(isClientAbort(undefined, request(true))).to.equal(false);
  });

  it('is no abort while the connection is still open', () => {
    expect(isClientAbort(new Error('Request aborted'), request(false))).to.equal(false);
    expect(isClientAbort(withCode('ECONNRESET'), request(false))).to.equal(false);
  });
});
