import { expect } from 'chai';
import { CSRF_MISMATCH, NOT_AUTHORIZED, PLEASE_LOG_IN } from '../../../server/shared/messages';
import { csrfToken } from '../../../widgets/shared/csrf';
import { fetchJson, HttpError } from '../../../widgets/shared/fetch-json';
import { graphqlRequest } from '../../../widgets/shared/graphql';

type Call = { url: string; init: RequestInit };

/** A fetch that records its calls and answers with `status` and `body`. */
function fakeFetch(status: number, body: unknown) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

function fakeDocument(cookie: string, meta?: string) {
  return {
    cookie,
    querySelector: () => (meta === undefined ? null : { content: meta }),
  } as unknown as Document;
}

const header = (call: Call, name: string) => new Headers(call.init.headers).get(name);
/** 'settled' if the promise settles once every job the fake fetch queued has run, else 'pending'. */
const settled = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => 'settled', () => 'settled'), new Promise((r) => setImmediate(() => setImmediate(() => r('pending'))))]);

describe('browser helpers', () => {
  describe('csrfToken', () => {
    it('reads the XSRF-TOKEN cookie', () => {
      expect(csrfToken(fakeDocument('a=1; XSRF-TOKEN=abc%3D%3D; b=2', 'meta-token'))).to.equal('abc==');
    });

    it('falls back to the meta tag, then to nothing', () => {
      expect(csrfToken(fakeDocument('a=1', 'meta-token'))).to.equal('meta-token');
      expect(csrfToken(fakeDocument(''))).to.equal('');
    });
  });

  describe('fetchJson', () => {
    it('sends credentials and no CSRF header on a GET', async () => {
      const { fetch, calls } = fakeFetch(200, { numUnreadMessages: 2 });
      expect(await fetchJson('/api/x', undefined, { fetch, token: 't' })).to.deep.equal({ numUnreadMessages: 2 });
      expect(calls[0].init.credentials).to.equal('same-origin');
      expect(header(calls[0], 'x-csrf-token')).to.equal(null);
    });

    it('sends the CSRF header on other methods', async () => {
      const { fetch, calls } = fakeFetch(200, {});
      await fetchJson('/api/x', { method: 'post', body: '{}' }, { fetch, token: 'secret' });
      expect(calls[0].init.method).to.equal('POST');
      expect(header(calls[0], 'x-csrf-token')).to.equal('secret');
    });

    it('throws an HttpError with the status on a failure', async () => {
      const { fetch } = fakeFetch(403, CSRF_MISMATCH);
      const error = await fetchJson('/api/x', { method: 'DELETE' }, { fetch, token: 't' }).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(HttpError);
      expect(error).to.include({ status: 403, message: CSRF_MISMATCH });
    });
  });

  describe('graphqlRequest', () => {
    it('POSTs the query and variables as JSON to /graphql with the CSRF header', async () => {
      const { fetch, calls } = fakeFetch(200, { data: { me: { petCount: 2 } } });
      const data = await graphqlRequest('query($n: Int) { me { petCount } }', { n: 1 }, { fetch, token: 'tok' });
      expect(data).to.deep.equal({ me: { petCount: 2 } });
      expect(calls[0].url).to.equal('/graphql');
      expect(calls[0].init).to.include({ method: 'POST', credentials: 'same-origin' });
      expect(header(calls[0], 'x-csrf-token')).to.equal('tok');
      expect(header(calls[0], 'content-type')).to.equal('application/json');
      expect(JSON.parse(String(calls[0].init.body))).to.deep.equal({ query: 'query($n: Int) { me { petCount } }', variables: { n: 1 } });
    });

    for (const message of [NOT_AUTHORIZED, PLEASE_LOG_IN]) {
      it(`sends the browser to / on '${message}' and does not settle`, async () => {
        const { fetch } = fakeFetch(200, { data: { me: null }, errors: [{ message }] });
        const redirects: string[] = [];
        const request = graphqlRequest('{ me { petCount } }', {}, { fetch, token: 't', redirect: (url) => redirects.push(url) });
        expect(await settled(request)).to.equal('pending');
        expect(redirects).to.deep.equal(['/']);
      });
    }

    it("rethrows 'CSRF Token Mismatch', from the message or from a bare 403", async () => {
      for (const [status, body] of [[403, { errors: [{ message: CSRF_MISMATCH }] }], [403, 'Forbidden'], [200, { errors: [{ message: CSRF_MISMATCH }] }]] as const) {
        const { fetch } = fakeFetch(status, body);
        const error = await graphqlRequest('{ x }', {}, { fetch, token: 't', redirect: () => expect.fail('no redirect') }).catch((e: Error) => e);
        expect(error).to.be.instanceOf(Error).with.property('message', CSRF_MISMATCH);
      }
    });

    it('rethrows other errors with their message', async () => {
      const { fetch } = fakeFetch(200, { data: null, errors: [{ message: 'Invalid Arguments' }] });
      const error = await graphqlRequest('{ x }', {}, { fetch, token: 't', redirect: () => expect.fail('no redirect') }).catch((e: Error) => e);
      expect(error).to.be.instanceOf(Error).with.property('message', 'Invalid Arguments');
    });

    it('throws on a failed response without GraphQL errors', async () => {
      const { fetch } = fakeFetch(502, 'Bad Gateway');
      const error = await graphqlRequest('{ x }', {}, { fetch, token: 't' }).catch((e: Error) => e);
      expect(error).to.be.instanceOf(Error).with.property('message', 'HTTP 502');
    });
  });
});
