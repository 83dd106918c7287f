import { expect } from 'chai';
import { locationPayload, toLocationInput, hasBusinessType } from '../../../widgets/places/payload.js';
import { loadWithRetries, MAPS_LOAD_RETRIES, MAPS_RETRY_DELAYS_MS } from '../../../widgets/places/google-loader.js';
import { nextActiveIndex, PREDICTION_DEBOUNCE_MS, searchableText } from '../../../widgets/places/search-rules.js';
import { parsePlaceWidgetProps } from '../../../widgets/places/props.js';
import { detailsUrl, predictionsUrl, restPlaceService } from '../../../widgets/places/rest-service.js';
import { fromPlace, fromSuggestion } from '../../../widgets/places/google-service.js';
import { keepNotAuthorized, vetPracticeVariables } from '../../../widgets/vet-info/api.js';
import { vetUpdateErrorText } from '../../../widgets/vet-info/text.js';
import { GraphqlError } from '../../../widgets/shared/graphql.js';
import { MAPS_LOAD_FAILED, NOT_AUTHORIZED } from '../../../server/shared/messages.js';
import { locationInputSchema } from '../../../server/pet-profile/locations.js';
import type { PlaceDetails } from '../../../server/shared/places-types.js';

const PORTLAND: PlaceDetails = {
  placeId: 'city:5746545',
  name: 'Portland',
  formattedAddress: 'Portland, OR, USA',
  lngLat: [-122.67621, 45.52345],
  types: ['locality', 'political'],
  vicinity: 'Portland',
  phone: null,
  website: null,
  addressComponents: [
    { longName: 'Portland', shortName: 'Portland', types: ['locality', 'political'] },
    { longName: 'Oregon', shortName: 'OR', types: ['administrative_area_level_1', 'political'] },
    { longName: 'United States', shortName: 'US', types: ['country', 'political'] },
  ],
};

describe('places widget: the location payload (spec 1 §3)', () => {
  it('turns place details into the payload, with what was typed and the business type', () => {
    expect(locationPayload('from', PORTLAND, { addressInput: ' portl ', businessType: 'shelter' })).to.deep.equal({
      location_type: 'from',
      business_type: 'shelter',
      address_input: 'portl',
      formatted_address: 'Portland, OR, USA',
      lng_lat: [-122.67621, 45.52345],
      name: 'Portland',
      place_id: 'city:5746545',
      types: ['locality', 'political'],
      vicinity: 'Portland',
      phone: null,
      website: null,
      address_components: [
        { long_name: 'Portland', short_name: 'Portland', types: ['locality', 'political'] },
        { long_name: 'Oregon', short_name: 'OR', types: ['administrative_area_level_1', 'political'] },
        { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
      ],
    });
  });

  it('keeps the business type only for born and from, and only a known one', () => {
    expect(hasBusinessType('born') && hasBusinessType('from')).to.equal(true);
    expect(locationPayload('live', PORTLAND, { businessType: 'home' }).business_type).to.equal(null);
    expect(locationPayload('practice', PORTLAND, { businessType: 'breeder' }).business_type).to.equal(null);
    expect(locationPayload('born', PORTLAND, { businessType: 'castle' }).business_type).to.equal(null);
    expect(locationPayload('born', PORTLAND, { businessType: 'breeder' }).business_type).to.equal('breeder');
  });

  it('falls back to the formatted address when nothing was typed', () => {
    expect(locationPayload('live', PORTLAND, { addressInput: '   ' }).address_input).to.equal('Portland, OR, USA');
    expect(locationPayload('live', PORTLAND).address_input).to.equal('Portland, OR, USA');
  });

  it('drops what the server would refuse: bad coordinates, non-http websites, long phone numbers', () => {
    const odd = { ...PORTLAND, lngLat: [200, 45] as [number, number], website: 'javascript:alert(1)', phone: '1'.repeat(51), types: ['a', 'a', ''] };
    const payload = locationPayload('live', odd);
    expect(payload.lng_lat).to.equal(null);
    expect(payload.website).to.equal(null);
    expect(payload.phone).to.equal(null);
    expect(payload.types).to.deep.equal(['a']);
    expect(locationPayload('practice', { ...PORTLAND, website: 'https://vets.example/', phone: '+1 607 555 0100' })).to.deep.include({ website: 'https://vets.example/', phone: '+1 607 555 0100' });
    expect(locationPayload('live', { ...PORTLAND, lngLat: null }).lng_lat).to.equal(null);
  });

  it('gives the GraphQL LocationInput, which the server schema accepts', () => {
    const input = toLocationInput(locationPayload('born', PORTLAND, { addressInput: 'Portland', businessType: 'breeder' }));
    expect(input).to.deep.equal({
      businessType: 'breeder',
      addressInput: 'Portland',
      formattedAddress: 'Portland, OR, USA',
      lngLat: [-122.67621, 45.52345],
      name: 'Portland',
      placeId: 'city:5746545',
      types: ['locality', 'political'],
      vicinity: 'Portland',
      phone: null,
      website: null,
      addressComponents: PORTLAND.addressComponents,
    });
    expect(locationInputSchema.safeParse(input).success).to.equal(true);
  });
});

/** The test's own clock: every wait is recorded and goes on only when the test moves time on. */
function manualClock() {
  const waits: { ms: number; done: () => void }[] = [];
  return {
    waits,
    wait: (ms: number) => new Promise<void>((done) => waits.push({ ms, done })),
    /** Lets pending promise callbacks run (no time passes). */
    settle: () => new Promise<void>((resolve) => setImmediate(resolve)),
  };
}

describe('places widget: the maps loader (spec 2 §8, spec 1 §9)', () => {
  it('retries 3 times, each after a longer delay, never back to back, then throws', async () => {
    const clock = manualClock();
    let calls = 0;
    const failing = () => Promise.reject(new Error(`network ${++calls}`));
    const outcome = loadWithRetries(failing, { wait: clock.wait }).then(
      () => null,
      (e: Error) => e,
    );
    expect(MAPS_LOAD_RETRIES).to.equal(3);
    for (const [retry, delay] of [1000, 2000, 4000].entries()) {
      await clock.settle();
      // the failed try waits for its delay: no new try until the clock moves on
      expect(calls).to.equal(retry + 1);
      expect(clock.waits.map((w) => w.ms)).to.deep.equal([1000, 2000, 4000].slice(0, retry + 1));
      await clock.settle();
      expect(calls).to.equal(retry + 1);
      clock.waits[retry].done();
      expect(delay).to.equal(MAPS_RETRY_DELAYS_MS[retry]);
    }
    const error = await outcome;
    expect(calls).to.equal(4);
    expect(clock.waits).to.have.length(3); // no wait after the last failure
    expect(error?.message).to.equal(MAPS_LOAD_FAILED);
    expect((error?.cause as Error).message).to.equal('network 4');
  });

  it('answers as soon as a try succeeds, with no wait before the first', async () => {
    const clock = manualClock();
    let calls = 0;
    const flaky = () => (++calls < 3 ? Promise.reject(new Error('no')) : Promise.resolve('library'));
    const library = loadWithRetries(flaky, { wait: clock.wait });
    await clock.settle();
    expect(calls).to.equal(1);
    clock.waits[0].done();
    await clock.settle();
    expect(calls).to.equal(2);
    clock.waits[1].done();
    expect(await library).to.equal('library');
    expect(calls).to.equal(3);
    expect(clock.waits.map((w) => w.ms)).to.deep.equal([1000, 2000]);
  });
});

describe('places widget: the search box rules', () => {
  it('debounces predictions by 800 ms and searches 1–100 trimmed characters', () => {
    expect(PREDICTION_DEBOUNCE_MS).to.equal(800);
    expect(searchableText('  port ')).to.equal('port');
    expect(searchableText('   ')).to.equal(null);
    expect(searchableText('x'.repeat(101))).to.equal(null);
    expect(searchableText('x'.repeat(100))).to.have.length(100);
  });

  it('moves the highlighted prediction with the arrow keys, wrapping around', () => {
    expect(nextActiveIndex(-1, 'ArrowDown', 3)).to.equal(0);
    expect(nextActiveIndex(0, 'ArrowDown', 3)).to.equal(1);
    expect(nextActiveIndex(2, 'ArrowDown', 3)).to.equal(0);
    expect(nextActiveIndex(0, 'ArrowUp', 3)).to.equal(2);
    expect(nextActiveIndex(-1, 'ArrowUp', 3)).to.equal(2);
    expect(nextActiveIndex(1, 'Home', 3)).to.equal(0);
    expect(nextActiveIndex(0, 'End', 3)).to.equal(2);
    expect(nextActiveIndex(2, 'a', 3)).to.equal(2);
    expect(nextActiveIndex(2, 'ArrowDown', 0)).to.equal(-1);
  });
});

describe('places widget: props and our REST service', () => {
  const uuid = '0b9a8c6e-3f4d-4c2b-9a1e-5d6f7a8b9c0d';

  it('parses the marker props', () => {
    expect(parsePlaceWidgetProps({ petNum: 3, petUuid: uuid, mapsApiKey: null })).to.deep.equal({ petNum: 3, petUuid: uuid, mapsApiKey: null });
    expect(parsePlaceWidgetProps({ petNum: 3, petUuid: uuid, mapsApiKey: '' }).mapsApiKey).to.equal(null);
    expect(parsePlaceWidgetProps({ petNum: 3, petUuid: uuid }).mapsApiKey).to.equal(null);
    expect(() => parsePlaceWidgetProps({ petNum: '3', petUuid: uuid })).to.throw();
    expect(() => parsePlaceWidgetProps({ petNum: 3, petUuid: 'x' })).to.throw();
    expect(() => parsePlaceWidgetProps({ petNum: 3, petUuid: uuid, mapsApiKey: 5 })).to.throw();
  });

  it('builds the REST addresses', () => {
    expect(predictionsUrl(' São Paulo ')).to.equal('/api/places/predictions?input=S%C3%A3o+Paulo');
    expect(predictionsUrl('vets', 'veterinary_care')).to.equal('/api/places/predictions?input=vets&types=veterinary_care');
    expect(detailsUrl('city:1/2')).to.equal('/api/places/details/city%3A1%2F2');
  });

  it('reads predictions and details through fetch', async () => {
    const urls: string[] = [];
    const fakeFetch = (async (url: string) => {
      urls.push(url);
      const body = url.includes('predictions') ? { predictions: [{ placeId: 'city:1' }] } : PORTLAND;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    const service = restPlaceService('any', { fetch: fakeFetch, token: 't' });
    expect(await service.predictions('port')).to.deep.equal([{ placeId: 'city:1' }]);
    expect(await service.details('city:5746545')).to.deep.equal(PORTLAND);
    expect(urls).to.deep.equal(['/api/places/predictions?input=port', '/api/places/details/city%3A5746545']);
  });
});

describe('places widget: the Google branch gives our shapes', () => {
  it('maps a suggestion and a place', () => {
    const prediction = {
      placeId: 'ChIJ1',
      text: { text: 'Portland, OR, USA' },
      mainText: { text: 'Portland' },
      secondaryText: { text: 'OR, USA' },
      types: ['locality', 'political'],
    } as unknown as google.maps.places.PlacePrediction;
    expect(fromSuggestion(prediction)).to.deep.equal({ placeId: 'ChIJ1', description: 'Portland, OR, USA', mainText: 'Portland', secondaryText: 'OR, USA', types: ['locality', 'political'] });
    const place = {
      id: 'ChIJ1',
      displayName: 'Portland',
      formattedAddress: 'Portland, OR, USA',
      location: { lng: () => -122.6, lat: () => 45.5 },
      types: ['locality'],
      shortFormattedAddress: 'Portland',
      nationalPhoneNumber: null,
      internationalPhoneNumber: '+1 503 555 0100',
      websiteURI: 'https://www.portland.gov/',
      addressComponents: [{ longText: 'Oregon', shortText: 'OR', types: ['administrative_area_level_1', 'political'] }],
    } as unknown as google.maps.places.Place;
    expect(fromPlace(place)).to.deep.equal({
      placeId: 'ChIJ1',
      name: 'Portland',
      formattedAddress: 'Portland, OR, USA',
      lngLat: [-122.6, 45.5],
      types: ['locality'],
      vicinity: 'Portland',
      phone: '+1 503 555 0100',
      website: 'https://www.portland.gov/',
      addressComponents: [{ longName: 'Oregon', shortName: 'OR', types: ['administrative_area_level_1', 'political'] }],
    });
  });
});

describe('vet-info widget rules (spec 2 §5, §8)', () => {
  const location = toLocationInput(locationPayload('practice', PORTLAND));

  it('sends embarkMayContactVet only with a practice, else null', () => {
    expect(vetPracticeVariables('u', location, true)).to.deep.equal({ petUuid: 'u', practiceLocation: location, embarkMayContactVet: true });
    expect(vetPracticeVariables('u', location, false).embarkMayContactVet).to.equal(false);
    expect(vetPracticeVariables('u', null, true)).to.deep.equal({ petUuid: 'u', practiceLocation: null, embarkMayContactVet: null });
  });

  it("shows 'Failed to update information: {message}' when not authorized, else a generic notice", () => {
    expect(vetUpdateErrorText(new GraphqlError(NOT_AUTHORIZED, 200))).to.equal('Failed to update information: Not Authorized');
    expect(vetUpdateErrorText(new GraphqlError('Invalid Arguments', 200))).to.equal('Something went wrong. Please try again.');
    expect(vetUpdateErrorText(new TypeError('Failed to fetch'))).to.equal('Something went wrong. Please try again.');
  });

  it('turns a Not Authorized answer into an error instead of leaving the page', async () => {
    const answer = (body: unknown) => (async () => new Response(JSON.stringify(body), { status: 200 })) as unknown as typeof fetch;
    const refused = await keepNotAuthorized(answer({ errors: [{ message: NOT_AUTHORIZED }] }))('/graphql').then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).to.be.instanceOf(GraphqlError);
    expect((refused as GraphqlError).message).to.equal(NOT_AUTHORIZED);
    const fine = await keepNotAuthorized(answer({ data: { ok: true } }))('/graphql');
    expect(await fine.json()).to.deep.equal({ data: { ok: true } });
  });
});
