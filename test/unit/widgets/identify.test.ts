import { expect } from 'chai';
import { analyticsIdentityOf, IDENTIFY_FAILED, IDENTIFY_URL, identifyUser } from '../../../widgets/usage/identify.js';
import { analyticsIdentity } from '../../../server/shared/usage-identity.js';

const pageWith = (identity?: string) =>
  ({ cookie: 'XSRF-TOKEN=abc', querySelector: () => null, body: { dataset: identity === undefined ? {} : { analyticsIdentity: identity } } }) as unknown as Document;

describe('analytics identity (spec 2 §3, §6)', () => {
  const user = { email: 'pat@example.test', name: 'Pat' };
  const staff = { email: 'sam@embark.test', name: 'Sam Lee' };

  it('is the e-mail alone for a normal session, with the impersonator only while impersonating', () => {
    expect(analyticsIdentity(user, undefined)).to.deep.equal({ email: 'pat@example.test' });
    expect(analyticsIdentity(user, staff)).to.deep.equal({ email: 'pat@example.test', isImpersonator: true, impersonatorEmail: 'sam@embark.test', impersonatorName: 'Sam Lee' });
    expect(analyticsIdentity(undefined, undefined)).to.equal(null);
  });

  it('is read from <body>, and nothing is sent from a page without one', async () => {
    expect(analyticsIdentityOf(pageWith(JSON.stringify({ email: 'a@b.test', isImpersonator: true })))).to.deep.equal({ email: 'a@b.test', isImpersonator: true });
    expect(analyticsIdentityOf(pageWith('{broken'))).to.equal(null);
    expect(analyticsIdentityOf(pageWith('{}'))).to.equal(null);
    let calls = 0;
    await identifyUser(pageWith(), (() => calls++) as unknown as typeof fetch);
    expect(calls).to.equal(0);
  });

  it('posts the identity to the usage endpoint and logs a failure instead of throwing (spec 2 §8)', async () => {
    const sent: [string, RequestInit][] = [];
    const identity = analyticsIdentity(user, staff)!;
    await identifyUser(pageWith(JSON.stringify(identity)), (async (url: string, init: RequestInit) => {
      sent.push([url, init]);
      return new Response(null, { status: 204 });
    }) as unknown as typeof fetch);
    expect(sent).to.have.length(1);
    expect(sent[0][0]).to.equal(IDENTIFY_URL);
    expect(sent[0][1].method).to.equal('POST');
    expect(JSON.parse(String(sent[0][1].body))).to.deep.equal(identity);
    expect(sent[0][1].headers).to.deep.include({ 'x-csrf-token': 'abc' });

    const logged: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    try {
      await identifyUser(pageWith(JSON.stringify(identity)), (async () => new Response(null, { status: 500 })) as unknown as typeof fetch);
    } finally {
      console.error = original;
    }
    expect(logged).to.have.length(1);
    expect(logged[0][0]).to.equal(IDENTIFY_FAILED);
  });
});
