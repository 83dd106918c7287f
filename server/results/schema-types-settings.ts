// Types of the dog's settings that results pages read: data settings, care resources and places.
export const petSettingsTypeDefs = /* GraphQL */ `
  "The dog's data settings."
  type PetPreferences {
    "Family members may see the care resources surveys."
    shareCareResourcesSurveys: Boolean!
    "Family members may see the profile and results with the care resources."
    shareCareResourcesProfileAndResults: Boolean!
  }

  "What about the dog makes a care resource relevant: one of its breeds, health results or traits."
  type CareResourceTarget {
    "breed, health or trait."
    category: String!
    "The breed, condition or trait locus that matched."
    name: String!
    "Id of the care resource the target belongs to."
    careResourceId: Int!
    "Title of that care resource."
    title: String!
  }

  "A care resource for the dog, as the care resources page lists it."
  type CareResource {
    "Id of the resource (addCareResourcesFeedback's careResourceId)."
    id: Int!
    "Slug of the resource."
    slug: String!
    "Title of the resource."
    title: String!
    "Short summary of the resource."
    summary: String
    "Where the resource lives (web links only)."
    url: String
    "Categories of the targets that matched: breed, health, trait."
    categories: [String!]!
    "The targets that matched this dog."
    targets: [CareResourceTarget!]!
  }

  "Care resources for the dog (read-only, derived from its breeds, health results and traits)."
  type CareResources {
    "Every matching target, most important resource first; empty when none match."
    targets: [CareResourceTarget!]!
    "The matching resources, most important first, each with its targets."
    resources: [CareResource!]!
  }

  "A place tied to the dog, as the place search returned it."
  type PetLocation {
    "born, from, live or practice."
    locationType: String!
    "breeder, home, other or shelter."
    businessType: String
    "What the owner typed."
    addressInput: String
    "The place's address as the place service formats it."
    formattedAddress: String
    "Longitude and latitude."
    lngLat: [Float!]
    "Name of the place (e.g. the vet practice)."
    name: String
    "Identifier of the place at the place service."
    placeId: String
    "Kinds of place, as the place service gives them."
    types: [String!]!
    "Neighbourhood of the place."
    vicinity: String
    "Phone number of the place."
    phone: String
    "Web site of the place."
    website: String
  }

  "Where the dog was born, comes from and lives."
  type PetLocations {
    "Where the dog was born."
    born: PetLocation
    "Where the dog comes from (breeder, shelter…)."
    from: PetLocation
    "Where the dog lives."
    live: PetLocation
  }
`;
