import { expect } from 'chai';
import { opensAsWebAddress } from '../../../server/shared/web-address.js';
import { kennelProfileSchema } from '../../../server/breeders/kennel-rules.js';
import { SOCIAL_URL_INVALID, validatePetUpdateFields, type PetUpdateFields } from '../../../server/shared/pet-profile-rules.js';

describe('web addresses a browser could open', () => {
  it('takes http and https addresses with a host, and refuses ports out of range, bad hosts and other schemes', () => {
    for (const good of ['https://sunny-meadow.test', 'http://example.com/a?b=c#d', 'https://xn--bcher-kva.example:8443/x', 'HTTPS://EXAMPLE.COM']) expect(opensAsWebAddress(good), good).to.equal(true);
    for (const bad of ['https://x.test:99999', 'https://exa<mple.com', 'https://[::1', 'javascript:alert(1)', 'ftp://example.com', 'https://', 'example.com']) expect(opensAsWebAddress(bad), bad).to.equal(false);
  });

  it('refuses a kennel website with a port out of range, with the field\u2019s message', () => {
    const form = { kennelName: 'Sunny Meadow', slug: 'sunny-meadow', description: '', location: '', breeds: [], instagramUrl: '', facebookUrl: '' };
    expect(kennelProfileSchema.safeParse({ ...form, website: 'https://sunny-meadow.test' }).success).to.equal(true);
    const refused = kennelProfileSchema.safeParse({ ...form, website: 'https://x.test:99999' });
    expect(refused.success).to.equal(false);
    expect(refused.error?.issues[0].message).to.equal('A web address starting with https://');
  });

  it('refuses a dog’s social link with a port out of range, with the form’s message', () => {
    const check = (url: string) => validatePetUpdateFields({ socialLinks: [{ network: 'instagram', url }] } as PetUpdateFields, { today: new Date(), isBreeder: false }).errors.socialLinks;
    expect(check('https://instagram.com/sunny')).to.equal(undefined);
    expect(check('https://instagram.com:99999/sunny')).to.equal(SOCIAL_URL_INVALID);
  });
});
