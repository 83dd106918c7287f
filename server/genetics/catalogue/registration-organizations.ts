import type { RegistrationOrganization } from './types.js';

export const REGISTRATION_ORGANIZATIONS: readonly RegistrationOrganization[] = [
  { abbreviation: 'AKC', name: 'American Kennel Club', country: 'United States', url: 'https://www.akc.org/' },
  { abbreviation: 'UKC', name: 'United Kennel Club', country: 'United States', url: 'https://www.ukcdogs.com/' },
  { abbreviation: 'CKC', name: 'Canadian Kennel Club', country: 'Canada', url: 'https://www.ckc.ca/' },
  { abbreviation: 'KC', name: 'The Kennel Club', country: 'United Kingdom', url: 'https://www.thekennelclub.org.uk/' },
  { abbreviation: 'FCI', name: 'Fédération Cynologique Internationale', country: 'International', url: 'https://www.fci.be/' },
  { abbreviation: 'ANKC', name: 'Australian National Kennel Council (Dogs Australia)', country: 'Australia', url: 'https://dogsaustralia.org.au/' },
  { abbreviation: 'NZKC', name: 'Dogs New Zealand', country: 'New Zealand', url: 'https://www.dogsnz.org.nz/' },
  { abbreviation: 'IKC', name: 'Irish Kennel Club', country: 'Ireland', url: 'https://www.ikc.ie/' },
  { abbreviation: 'VDH', name: 'Verband für das Deutsche Hundewesen', country: 'Germany', url: 'https://www.vdh.de/' },
  { abbreviation: 'SCC', name: 'Société Centrale Canine', country: 'France', url: 'https://www.centrale-canine.fr/' },
  { abbreviation: 'ENCI', name: 'Ente Nazionale della Cinofilia Italiana', country: 'Italy', url: 'https://www.enci.it/' },
  { abbreviation: 'JKC', name: 'Japan Kennel Club', country: 'Japan', url: 'https://www.jkc.or.jp/' },
  { abbreviation: 'KUSA', name: 'Kennel Union of Southern Africa', country: 'South Africa', url: 'https://www.kusa.co.za/' },
  { abbreviation: 'FSS', name: 'AKC Foundation Stock Service', country: 'United States', url: 'https://www.akc.org/register/information/foundation-stock-service/' },
  { abbreviation: 'ABCA', name: 'American Border Collie Association', country: 'United States', url: 'https://www.americanbordercollie.org/' },
  { abbreviation: 'ASCA', name: 'Australian Shepherd Club of America', country: 'United States', url: 'https://www.asca.org/' },
];
