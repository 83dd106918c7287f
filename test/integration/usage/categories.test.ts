import { expect } from 'chai';
import { isPageCategory, PAGE_CATEGORIES, pageCategoryFor } from '../../../server/usage/categories.js';
import { pageViewEventOf, PAGE_VIEW_DELAY_MS, PAGE_VIEW_URL, sendPageView } from '../../../widgets/usage/page-view.js';

describe('page categories (spec 1 §2)', () => {
  it('has one machine name per category of the spec, and other', () => {
    expect(PAGE_CATEGORIES).to.have.length(21);
    expect(new Set(PAGE_CATEGORIES).size).to.equal(PAGE_CATEGORIES.length);
    for (const category of PAGE_CATEGORIES) expect(category).to.match(/^[a-z]+(-[a-z]+)*$/);
    expect(isPageCategory('results-summary')).to.equal(true);
    expect(isPageCategory('Results Summary')).to.equal(false);
    expect(isPageCategory(undefined)).to.equal(false);
  });

  it('maps the results pages, with or without a trailing slash', () => {
    expect(pageCategoryFor('/members/results/summary', 'PetParent')).to.equal('results-summary');
    expect(pageCategoryFor('/members/results/breed-and-ancestry/', 'PetParent')).to.equal('results-breed');
    expect(pageCategoryFor('/members/results/health/other', 'Vet')).to.equal('results-health');
    expect(pageCategoryFor('/members/results/traits', 'Breeder')).to.equal('results-traits');
    expect(pageCategoryFor('/members/results/profile', 'PetParent')).to.equal('results-profile');
    expect(pageCategoryFor('/members/results/care', 'PetParent')).to.equal('care-resources');
    expect(pageCategoryFor('/members/results/research-surveys', 'PetParent')).to.equal('research');
    expect(pageCategoryFor('/members/results/relatives', 'PetParent')).to.equal('other');
  });

  it('files the breeder tools under the breeder dashboard and the pair predictor', () => {
    expect(pageCategoryFor('/members/breeder-tools/matchmaker', 'Breeder')).to.equal('breeder-dashboard');
    expect(pageCategoryFor('/members/breeder-dog-settings/privacy', 'Breeder')).to.equal('breeder-dashboard');
    expect(pageCategoryFor('/breeders/breeder-profile', 'Breeder')).to.equal('breeder-dashboard');
    expect(pageCategoryFor('/breeders/pair-predictor', 'Breeder')).to.equal('pair-predictor');
  });

  it('does not match a longer word that starts like a prefix', () => {
    expect(pageCategoryFor('/members/results/summaryx', 'PetParent')).to.equal('other');
    expect(pageCategoryFor('/members/profiles', 'PetParent')).to.equal('other');
  });

  it('names the dashboard after the account, and other when signed out', () => {
    expect(pageCategoryFor('/members', 'PetParent')).to.equal('pet-parent-dashboard');
    expect(pageCategoryFor('/members/', 'Breeder')).to.equal('breeder-dashboard');
    expect(pageCategoryFor('/members', 'Vet')).to.equal('vet-dashboard');
    expect(pageCategoryFor('/members', null)).to.equal('other');
    expect(pageCategoryFor('/', null)).to.equal('other');
  });
});

describe('page-view event of the start-up script', () => {
  it('waits 25 ms (spec 1 §9) and posts to the usage endpoint', () => {
    expect(PAGE_VIEW_DELAY_MS).to.equal(25);
    expect(PAGE_VIEW_URL).to.equal('/api/usage/page-view');
  });

  it('reads the category from <body> and the path without the query', () => {
    const doc = { body: { dataset: { pageCategory: 'results-health' } }, location: { pathname: '/members/results/health' } } as unknown as Document;
    expect(pageViewEventOf(doc)).to.deep.equal({ category: 'results-health', path: '/members/results/health' });
    const untracked = { body: { dataset: {} }, location: { pathname: '/login' } } as unknown as Document;
    expect(pageViewEventOf(untracked)).to.equal(null);
  });

  it('sends JSON with keepalive, and throws on an error status', async () => {
    const calls: [string, RequestInit][] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return new Response(null, { status: calls.length === 1 ? 204 : 500 });
    }) as unknown as typeof fetch;
    const globals = globalThis as { document?: unknown };
    globals.document = { cookie: 'XSRF-TOKEN=abc', querySelector: () => null };
    try {
      await sendPageView({ category: 'other', path: '/help' }, fakeFetch);
      const [url, init] = calls[0];
      expect(url).to.equal('/api/usage/page-view');
      expect(init).to.deep.include({ method: 'POST', keepalive: true, credentials: 'same-origin', body: '{"category":"other","path":"/help"}' });
      expect(init.headers).to.deep.include({ 'x-csrf-token': 'abc', 'content-type': 'application/json' });
      let failed: unknown;
      await sendPageView({ category: 'other', path: '/help' }, fakeFetch).catch((error: unknown) => (failed = error));
      expect(String(failed)).to.include('HTTP 500');
    } finally {
      delete globals.document;
    }
  });
});
