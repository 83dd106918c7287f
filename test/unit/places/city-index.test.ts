import { expect } from 'chai';
import { CityIndex, cityDetails, cityIdOf, cityPlaceId, cityPrediction, describeCity, foldText, type CityRecord } from '../../../server/places/city-index.js';
import { worldCities } from '../../../server/places/cities.js';

let nextId = 1;
const city = (name: string, country: string, adminCode: string, population: number, featureCode = 'PPL'): CityRecord => ({
  cityId: nextId++,
  name,
  country,
  adminCode,
  population,
  featureCode,
  loc: { coordinates: [-122.67621, 45.52345] },
});

const CITIES = [
  city('Portland', 'US', 'OR', 632309, 'PPLA2'),
  city('Portland', 'US', 'ME', 66881),
  city('Portland', 'GB', 'ENG', 12710),
  city('Port Louis', 'MU', '18', 155226, 'PPLC'),
  city('New York City', 'US', 'NY', 8175133),
  city('York', 'GB', 'ENG', 153717),
  city('São Paulo', 'BR', '27', 10021295),
  city('Zürich', 'CH', 'ZH', 341730),
  city('Paris', 'FR', '11', 2138551, 'PPLC'),
  city('Paris', 'US', 'TX', 24782),
  city('Montréal', 'FR', '76', 1302),
  city('Montréal', 'FR', '76', 1932),
  city('Toronto', 'CA', '08', 2600000),
  city('Old Portland', 'US', 'OR', 500, 'PPLH'),
  city('San', 'ML', '04', 67000),
  city('San Francisco', 'US', 'CA', 864816),
];
const index = new CityIndex(CITIES);
const names = (found: CityRecord[]) => found.map((c) => describeCity(c).description);

describe('place search: folding', () => {
  it('drops accents, case and punctuation', () => {
    expect(foldText('  São  Paulo ')).to.equal('sao paulo');
    expect(foldText('Zürich')).to.equal('zurich');
    expect(foldText('Port-au-Prince')).to.equal('port au prince');
    expect(foldText('Straße')).to.equal('strasse');
    expect(foldText('Łódź')).to.equal('lodz');
    expect(foldText('Côte d’Ivoire')).to.equal('cote d ivoire');
  });
});

describe('place search: CityIndex.search', () => {
  it('finds cities by the start of their name, bigger places first', () => {
    expect(names(index.search('port', 5))).to.deep.equal(['Portland, OR, USA', 'Port Louis, Mauritius', 'Portland, ME, USA', 'Portland, UK']);
  });

  it('ignores accents and case in what is typed and in the names', () => {
    expect(names(index.search('SAO P', 5))).to.deep.equal(['São Paulo, Brazil']);
    expect(names(index.search('zurich', 5))).to.deep.equal(['Zürich, Switzerland']);
    expect(names(index.search('Zür', 5))).to.deep.equal(['Zürich, Switzerland']);
  });

  it('matches a later word of a name too', () => {
    expect(names(index.search('york', 5))).to.deep.equal(['New York City, NY, USA', 'York, UK']);
  });

  it('puts an exact name ahead of a slightly bigger prefix match', () => {
    // San (Mali) is smaller than San Francisco but 'san' is its whole name; São Paulo is far bigger still.
    expect(names(index.search('sa', 5))[0]).to.equal('São Paulo, Brazil');
    expect(names(index.search('san', 5))).to.deep.equal(['San Francisco, CA, USA', 'San, Mali']);
  });

  it('narrows by state or country after a comma, or by trailing words', () => {
    expect(names(index.search('portland, or', 5))).to.deep.equal(['Portland, OR, USA']);
    expect(names(index.search('Portland, Maine', 5))).to.deep.equal(['Portland, ME, USA']);
    expect(names(index.search('portland, united kingdom', 5))).to.deep.equal(['Portland, UK']);
    expect(names(index.search('paris texas', 5))).to.deep.equal(['Paris, TX, USA']);
    expect(names(index.search('paris, fr', 5))).to.deep.equal(['Paris, France']);
  });

  it('shows look-alike villages once and respects the limit', () => {
    expect(names(index.search('montreal', 5))).to.deep.equal(['Montréal, France']);
    expect(index.search('p', 2)).to.have.length(2);
  });

  it('leaves historical places out and finds nothing for nonsense or blank input', () => {
    expect(names(index.search('old portland', 5))).to.deep.equal([]);
    expect(index.search('xqzzy', 5)).to.deep.equal([]);
    expect(index.search('  ,  ', 5)).to.deep.equal([]);
    expect(index.search('%', 5)).to.deep.equal([]);
  });

  it('finds a city by its place id', () => {
    const toronto = CITIES.find((c) => c.name === 'Toronto')!;
    expect(cityIdOf(cityPlaceId(toronto))).to.equal(toronto.cityId);
    expect(index.byId(toronto.cityId)).to.equal(toronto);
    expect(index.byId(999999)).to.equal(undefined);
    for (const bad of ['city:', 'city:0', 'city:12a', 'ChIJ123', 'city:12345678901', ' city:1']) expect(cityIdOf(bad), bad).to.equal(null);
  });
});

describe('place search: prediction and details shapes', () => {
  it('describes a US city as Google does', () => {
    const portland = CITIES[0];
    expect(cityPrediction(portland)).to.deep.equal({
      placeId: `city:${portland.cityId}`,
      description: 'Portland, OR, USA',
      mainText: 'Portland',
      secondaryText: 'OR, USA',
      types: ['locality', 'political'],
    });
    expect(cityDetails(portland)).to.deep.equal({
      placeId: `city:${portland.cityId}`,
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
    });
  });

  it('names provinces of Canada and leaves out areas it cannot name', () => {
    const toronto = CITIES.find((c) => c.name === 'Toronto')!;
    expect(cityDetails(toronto).formattedAddress).to.equal('Toronto, ON, Canada');
    expect(cityDetails(toronto).addressComponents[1]).to.deep.equal({ longName: 'Ontario', shortName: 'ON', types: ['administrative_area_level_1', 'political'] });
    const paris = CITIES.find((c) => c.name === 'Paris')!;
    expect(cityDetails(paris).addressComponents.map((c) => c.types[0])).to.deep.equal(['locality', 'country']);
  });
});

describe('place search: the bundled world cities', function () {
  this.timeout(30000);

  it('loads once and answers real searches, best match first', async () => {
    const world = await worldCities();
    expect(await worldCities()).to.equal(world);
    expect(world.size).to.be.greaterThan(100000);
    expect(names(world.search('portland', 3))[0]).to.equal('Portland, OR, USA');
    expect(names(world.search('Ithaca', 3))[0]).to.equal('Ithaca, NY, USA');
    expect(names(world.search('london', 3))[0]).to.equal('London, UK');
    expect(names(world.search('sao paulo', 3))[0]).to.equal('São Paulo, Brazil');
    expect(world.search('xqzzy', 6)).to.deep.equal([]);
  });
});
