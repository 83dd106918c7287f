// What the breeder tools tell people (issue 14); the spec's own strings live in server/shared/messages.ts.
export const PAIR_SIRE_NOT_MALE = 'The sire must be a male dog.';
export const PAIR_DAM_NOT_FEMALE = 'The dam must be a female dog.';
export const PAIR_SAME_DOG = 'Choose two different dogs as the sire and the dam.';
export const PAIR_NO_RESULTS = '{name} has no DNA results yet.';
export const PAIR_CHOOSE_BOTH = 'Choose a sire and a dam.';
export const MATCHMAKER_AGE_RANGE_REVERSED = "'Age from' must not be more than 'Age to'.";
