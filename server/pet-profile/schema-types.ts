// The pet profile's part of the GraphQL schema (issue #5); resolvers in schema.ts.
export const petProfileTypeDefs = /* GraphQL */ `
  "A date as day, month and year parts; any part may be unknown."
  type DateParts {
    "Day of the month (1–31), when known."
    day: Int
    "Month (1–12), when known."
    month: Int
    "Year (1989 to this year), when known."
    year: Int
    "The owner estimated the date rather than knowing it."
    isEstimated: Boolean!
  }

  "A date typed as parts; a part left out or null is unknown."
  input DatePartsInput {
    "Day of the month (1–31); needs the month and year."
    day: Int
    "Month (1–12); needs the year."
    month: Int
    "Year, 1989 to this year."
    year: Int
    "Estimated rather than known; when left out, known if the day is set, else estimated."
    isEstimated: Boolean
  }

  "The dog's registration with a kennel club or registry."
  type PetRegistration {
    "Id of the registration organization."
    organizationId: Int!
    "Name of the registration organization."
    organizationName: String!
    "The dog's number at that organization."
    registrationNumber: String
    "The dog's registered name at that organization."
    registeredName: String
  }

  "A registration of the dog, as the profile form sends it."
  input RegistrationInput {
    "Id of an organization of allRegistrationOrganizations."
    organizationId: Int!
    "The dog's number at that organization (at most 50 characters)."
    registrationNumber: String
    "The dog's registered name there (at most 100 characters)."
    registeredName: String
  }

  "A link to the dog's page on a social network."
  type PetSocialLink {
    "facebook, instagram, tiktok, youtube, x or website."
    network: String!
    "Address of the page (http or https)."
    url: String!
  }

  "A social link as the social media settings send it."
  input SocialLinkInput {
    "facebook, instagram, tiktok, youtube, x or website; each at most once."
    network: String!
    "Address of the page, starting with http:// or https://."
    url: String!
  }

  "The breed an owner states for a purebred or designer dog."
  type StatedBreed {
    "Id of the breed in the catalogue."
    id: Int!
    "Name of the breed."
    name: String!
  }

  "Fields of updatePet: a field left out is unchanged, null clears it."
  input PetUpdateFields {
    "The dog's name (required, at most 50 characters)."
    name: String
    "The name the dog answers to (at most 50 characters)."
    callName: String
    "The dog's story (at most 2000 characters)."
    story: String
    "Handle of the public profile: 2–63 lower-case letters, digits and hyphens."
    handle: String
    "m or f."
    sex: String
    "i (not neutered/spayed) or f (neutered/spayed); required when the owner is a breeder."
    intact: String
    "purebred, designer, mixed, village, unknown or notShared."
    breedType: String
    "Breed of a purebred or designer dog."
    statedBreedId: Int
    "Titles shown before the name (at most 20)."
    prefixTitles: [String!]
    "Titles shown after the name (at most 20)."
    suffixTitles: [String!]
    "Date of birth as parts."
    dateOfBirth: DatePartsInput
    "Date of adoption as parts."
    dateOfAdoption: DatePartsInput
    "yes or no."
    areBothParentsRegistered: String
    "The primary owner is the dog's breeder."
    isPrimaryOwnerBreeder: Boolean
    "The owner agreed that the dog's data is used for research."
    agreedToResearch: Boolean
    "Every registration of the dog (replaces the saved ones)."
    registrations: [RegistrationInput!]
    "Every social link of the dog (replaces the saved ones)."
    socialLinks: [SocialLinkInput!]
    "public, public-private or private."
    privacy: String
    "Hide the dog from every public list."
    isHidden: Boolean
    "The dog has passed away."
    isDeceased: Boolean
    "No more e-mails about this dog."
    optOutOfCommunications: Boolean
    "Leave the dog out of the breeder matchmaker."
    excludeFromMatchmaker: Boolean
  }

  "Which dog updatePet changes: exactly one of the two."
  input PetQueryFields {
    "Number of the dog."
    petNum: Int
    "Uuid of the dog."
    petUuid: ID
  }

  "A dog to add to the signed-in account."
  input NewPetInput {
    "The dog's name (required, at most 50 characters)."
    name: String!
    "m or f."
    sex: String
    "purebred, designer, mixed, village, unknown or notShared."
    breedType: String
    "Date of birth as parts."
    dateOfBirth: DatePartsInput
    "The primary owner is the dog's breeder."
    isPrimaryOwnerBreeder: Boolean
  }

  "One part of a place's address, as the place service gives it."
  input AddressComponentInput {
    "The part in full (e.g. Oregon)."
    longName: String!
    "The part abbreviated (e.g. OR)."
    shortName: String!
    "What the part is (e.g. administrative_area_level_1)."
    types: [String!]!
  }

  "A place as the place search returned it (the location payload of spec 2 §3)."
  input LocationInput {
    "breeder, home, other or shelter."
    businessType: String
    "What the owner typed."
    addressInput: String
    "The place's address as the place service formats it."
    formattedAddress: String
    "Longitude and latitude."
    lngLat: [Float!]
    "Name of the place."
    name: String
    "Identifier of the place at the place service."
    placeId: String
    "Kinds of place."
    types: [String!]
    "Neighbourhood of the place."
    vicinity: String
    "Phone number of the place."
    phone: String
    "Web site of the place."
    website: String
    "Parts of the address."
    addressComponents: [AddressComponentInput!]
  }

  "The dog's places to change: a place left out is unchanged, null removes it."
  input PetLocationsInput {
    "Where the dog lives."
    live: LocationInput
    "Where the dog comes from."
    from: LocationInput
    "Where the dog was born."
    born: LocationInput
  }

  "The dog's data settings to change; a flag left out is unchanged."
  input PetPreferencesInput {
    "Family members may see the care resources surveys."
    shareCareResourcesSurveys: Boolean
    "Family members may see the profile and results with the care resources."
    shareCareResourcesProfileAndResults: Boolean
  }

  extend type User {
    "Privacy given to dogs added to this account: public, public-private or private."
    defaultPetPrivacy: String!
  }

  extend type Pet {
    "The owner's story of the dog."
    story: String
    "Who may see the public profile: public, public-private (members only) or private."
    privacy: String!
    "Show and sport titles before the name."
    prefixTitles: [String!]!
    "Show and sport titles after the name."
    suffixTitles: [String!]!
    "Date of birth as day, month and year parts."
    dateOfBirthParts: DateParts!
    "Date of adoption as day, month and year parts."
    dateOfAdoptionParts: DateParts!
    "yes, no or null (not answered)."
    areBothParentsRegistered: String
    "The owner agreed that the dog's data is used for research."
    agreedToResearch: Boolean!
    "No more e-mails about this dog."
    optOutOfCommunications: Boolean!
    "The dog is left out of the breeder matchmaker."
    excludeFromMatchmaker: Boolean!
    "Links to the dog's pages on social networks."
    socialLinks: [PetSocialLink!]!
    "The dog's registrations with kennel clubs."
    registrations: [PetRegistration!]!
    "The breed the owner states for a purebred or designer dog."
    statedBreed: StatedBreed
  }

  extend type Mutation {
    "Changes the dog's profile (owners with edit permission only); nothing is saved when a field is refused."
    updatePet(updateFields: PetUpdateFields!, queryFields: PetQueryFields!): Pet!
    "Adds a dog owned by the signed-in account, with the account's default privacy."
    addNewPet(pet: NewPetInput!): Pet!
    "Deletes the dog: it and its media leave every list; its results stay for research only if the owner agreed."
    deletePet(petUuid: ID!): Boolean!
    "Sets the privacy given to dogs added to the account."
    updateDefaultPetPrivacy(privacy: String!): User!
    "Sets or removes the dog's born, from and live places."
    updatePetLocations(petUuid: ID!, locations: PetLocationsInput!): PetLocations!
    "Sets the dog's vet practice and whether we may contact it; a null practice resets both."
    updateVetPracticeDetails(petUuid: ID!, embarkMayContactVet: Boolean, practiceLocation: LocationInput): Pet!
    "Changes the dog's data settings."
    updatePetPreferences(petNum: Int!, preferences: PetPreferencesInput!): Pet!
  }
`;
