// Pure rules about accounts, shared by server, widgets and tests.

import type { UserType } from '../shared/user-types.js';

export type { UserType } from '../shared/user-types.js';

export interface RoleFlags {
  isVet: boolean;
  isBreeder: boolean;
}

/** spec 2 §3: vet takes precedence over breeder; the default is pet parent. */
export function userTypeOf({ isVet, isBreeder }: RoleFlags): UserType {
  if (isVet) return 'Vet';
  if (isBreeder) return 'Breeder';
  return 'PetParent';
}

/** Labels of the impersonation banner (spec 2 §2). */
export function accountTypeLabel(userType: UserType): 'Breeder' | 'Vet' | 'Consumer' {
  return userType === 'PetParent' ? 'Consumer' : userType;
}

export function canImpersonate(user: { isAdmin: boolean; canImpersonateAsSubAdmin: boolean }): boolean {
  return user.isAdmin || user.canImpersonateAsSubAdmin;
}
