// What search engines and link previews read about a public dog profile (issue 11).
import { expect } from 'chai';
import { dogDescription, dogPageMeta } from '../../../server/public-profile/seo.js';
import type { BreedMixView } from '../../../server/results/breed-mix.js';

const mix = (breeds: { breedName: string; displayBreedPercent: string }[], breedMixName: string) =>
  ({ breedType: 'mixed', breedMixScenario: 'mixed', breedMixScenarioText: '', breedMixName, breeds, traceBreeds: [], topBreed: null }) as unknown as BreedMixView;

describe('public profile SEO text', () => {
  it('names the top breeds of a mix', () => {
    const text = dogDescription({ name: 'Biscuit' }, mix([{ breedName: 'Beagle', displayBreedPercent: '60.0%' }, { breedName: 'Pug', displayBreedPercent: '40.0%' }], 'a Beagle mix'));
    expect(text).to.equal("Biscuit is a Beagle mix: 60.0% Beagle, 40.0% Pug. See Biscuit's Embark DNA results, genetic stats and relatives.");
  });

  it('says something sensible for results from a file without breed ancestry, and for results on their way', () => {
    expect(dogDescription({ name: 'Duke' }, mix([], 'not tested on this sample'))).to.equal("Duke on Embark: see Duke's DNA results, genetic stats and relatives.");
    expect(dogDescription({ name: 'Nova' }, null)).to.equal('Nova on Embark: a dog whose DNA results are on their way.');
    const meta = dogPageMeta('https://members.example', { name: 'Duke', handle: 'duke', prefixTitles: [], suffixTitles: [] } as never, mix([], 'not tested on this sample'), true);
    expect(JSON.parse(meta.jsonLd).mainEntity).to.not.have.property('description');
  });
});
