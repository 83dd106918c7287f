import { expect } from 'chai';
import { hashPassword, verifyPassword } from '../../server/auth/passwords.js';
import { handleBaseFor } from '../../server/pets/handles.js';

describe('passwords', () => {
  it('hashes with a salt and verifies only the right password', async () => {
    const [a, b] = await Promise.all([hashPassword('demo1234'), hashPassword('demo1234')]);
    expect(a).to.not.equal(b);
    expect(await verifyPassword('demo1234', a)).to.equal(true);
    expect(await verifyPassword('demo12345', a)).to.equal(false);
    expect(await verifyPassword('demo1234', 'plain-text')).to.equal(false);
  });
});

describe('handles', () => {
  it('turn names into lower-case hyphenated handles', () => {
    expect(handleBaseFor('Sunny Meadow Aurora')).to.equal('sunny-meadow-aurora');
    expect(handleBaseFor('Zoë')).to.equal('zoe');
    expect(handleBaseFor('!')).to.equal('dog-x');
  });
});
