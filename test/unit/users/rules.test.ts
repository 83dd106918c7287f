import { expect } from 'chai';
import { accountTypeLabel, canImpersonate, userTypeOf } from '../../../server/users/rules.js';

describe('account roles', () => {
  it('derives the user type: vet over breeder, pet parent by default', () => {
    expect(userTypeOf({ isVet: true, isBreeder: true })).to.equal('Vet');
    expect(userTypeOf({ isVet: false, isBreeder: true })).to.equal('Breeder');
    expect(userTypeOf({ isVet: false, isBreeder: false })).to.equal('PetParent');
  });

  it('labels account types for the impersonation banner', () => {
    expect(accountTypeLabel('PetParent')).to.equal('Consumer');
    expect(accountTypeLabel('Breeder')).to.equal('Breeder');
    expect(accountTypeLabel('Vet')).to.equal('Vet');
  });

  it('lets admins and sub-admins impersonate, nobody else', () => {
    expect(canImpersonate({ isAdmin: true, canImpersonateAsSubAdmin: false })).to.equal(true);
    expect(canImpersonate({ isAdmin: false, canImpersonateAsSubAdmin: true })).to.equal(true);
    expect(canImpersonate({ isAdmin: false, canImpersonateAsSubAdmin: false })).to.equal(false);
  });
});
