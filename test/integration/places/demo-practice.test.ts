import { expect } from 'chai';
import { demoPopulation } from '../results/population.js';
import { signInAsDemo } from '../../support/demo.js';

describe('the demo vet practice in the place search', function () {
  this.timeout(180_000);

  it('finds Riverside Animal Hospital by name, with its address and coordinates', async () => {
    const agent = await signInAsDemo(await demoPopulation(), 'parent');
    const search = await agent.get('/api/places/predictions').query({ input: 'Riverside', types: 'veterinary_care' }).expect(200);
    const [first] = search.body.predictions;
    expect(first.mainText).to.equal('Riverside Animal Hospital');
    const details = await agent.get(`/api/places/details/${encodeURIComponent(first.placeId)}`).expect(200);
    expect(details.body).to.include({ name: 'Riverside Animal Hospital', formattedAddress: '412 N Cayuga St, Ithaca, NY 14850, USA' });
    expect(details.body.lngLat).to.deep.equal([-76.4997, 42.4434]);
  });
});
