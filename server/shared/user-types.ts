/** An account's kind as the site shows it (users/rules.ts userTypeOf), also read by the page shell's rules. */
export type UserType = 'PetParent' | 'Breeder' | 'Vet';
