import type { SchemaModule } from '../graphql/module.js';
import { requireSignedIn, type GraphqlContext } from '../graphql/context.js';
import { UserFacingError } from '../graphql/errors.js';
import type { User } from '../users/queries.js';
import { ActivationError } from './errors.js';
import { activateSwab, contributeToResearch, currentActivation, howDidYouHear, lookUpCode, selectDog, type DogAnswer } from './service.js';

const typeDefs = /* GraphQL */ `
  "A vet practice that ordered a kit."
  type ActivationPractice {
    "Id of the practice; activateSelectDog takes it to confirm the practice."
    practiceId: Int!
    "Name of the practice."
    name: String!
  }

  "A kit activation: the kit the code names and the answers given so far (issue 15)."
  type KitActivation {
    "The code as looked up: upper case, without spaces or dashes. Later steps take it again."
    boxKeyOrSwabCode: String!
    "The next step: selectDog, howDidYouHear, contributeToResearch, activate, or done once activated."
    step: String!
    "Product of the kit: Age, BreedAndAncestry, ComprehensiveBreeder, ComprehensiveConsumer, ComprehensiveUpgrade, Purebred, Vet or Microbiome."
    productType: String!
    "The product's name as the shop sells it."
    productName: String!
    "What activating starts: dna, age or microbiome."
    kind: String!
    "Box key of the kit (EM-…); null for a swab sold without a kit."
    boxKey: String
    "Codes of the kit's swabs."
    swabCodes: [String!]!
    "The vet practice that ordered the kit; its results are shared with it."
    practice: ActivationPractice
    "The chosen dog, or after activation the dog the kit is activated for."
    petNum: Int
    "Name of the new dog to add, when one is chosen instead of an existing dog."
    newPetName: String
    "The answer to how did you hear about us."
    howDidYouHear: String
    "Whether the owner agreed to contribute the dog's DNA to research; null until answered."
    agreedToResearch: Boolean
    "When the owner agreed to research (ISO 8601); null unless agreed."
    researchConsentDate: String
    "When the kit was activated (ISO 8601); null until then."
    activatedDate: String
  }

  "A dog to add with the kit, instead of an existing one."
  input ActivationNewPetInput {
    name: String!
    "f or m"
    sex: String
    breedType: String
  }

  extend type User {
    "The account's kit activation in progress; null when there is none."
    kitActivationInProgress: KitActivation
  }

  extend type Mutation {
    "Looks up a box key (EM-…) or swab code and starts (or resumes) its activation. At most 10 codes matching no kit per account per hour."
    activateBoxKeyOrSwabCode(boxKeyOrSwabCode: String!): KitActivation!
    "Chooses one of the account's dogs (petNum) or a new one (newPet); practiceId confirms the practice of a practice-ordered kit."
    activateSelectDog(boxKeyOrSwabCode: String!, petNum: Int, practiceId: Int, newPet: ActivationNewPetInput): KitActivation!
    "Answers how the owner heard about us."
    activateHowDidYouHear(boxKeyOrSwabCode: String!, howDidYouHear: String!): KitActivation!
    "Agrees (or not) to contribute the dog's DNA to research; the consent is recorded with its date."
    activateContributeToResearch(boxKeyOrSwabCode: String!, agree: Boolean!): KitActivation!
    "Activates the kit for the chosen dog; of two racing calls one wins, the other is told the kit is activated."
    activateSwab(boxKeyOrSwabCode: String!): KitActivation!
  }
`;

/** Runs a step for the signed-in account; its refusals reach the caller with their message. */
async function step<T>(context: GraphqlContext, run: (user: User) => Promise<T>): Promise<T> {
  const user = requireSignedIn(context);
  try {
    return await run(user);
  } catch (error) {
    if (error instanceof ActivationError) throw new UserFacingError(error.message, error.code);
    throw error;
  }
}

type Code = { boxKeyOrSwabCode: string };

export const activationSchema: SchemaModule = {
  typeDefs,
  resolvers: {
    User: {
      async kitActivationInProgress(user: User, _args: unknown, context: GraphqlContext) {
        if (requireSignedIn(context).id !== user.id) return null;
        return (await currentActivation(context.db, user))?.view ?? null;
      },
    },
    Mutation: {
      activateBoxKeyOrSwabCode: (_root: unknown, args: Code, context: GraphqlContext) => step(context, (user) => lookUpCode(context.db, user, args.boxKeyOrSwabCode)),
      activateSelectDog: (_root: unknown, args: Code & DogAnswer, context: GraphqlContext) =>
        step(context, (user) => selectDog(context.db, user, args.boxKeyOrSwabCode, { petNum: args.petNum, practiceId: args.practiceId, newPet: args.newPet })),
      activateHowDidYouHear: (_root: unknown, args: Code & { howDidYouHear: string }, context: GraphqlContext) =>
        step(context, (user) => howDidYouHear(context.db, user, args.boxKeyOrSwabCode, args.howDidYouHear)),
      activateContributeToResearch: (_root: unknown, args: Code & { agree: boolean }, context: GraphqlContext) =>
        step(context, (user) => contributeToResearch(context.db, user, args.boxKeyOrSwabCode, args.agree)),
      activateSwab: (_root: unknown, args: Code, context: GraphqlContext) => step(context, (user) => activateSwab(context.db, user, args.boxKeyOrSwabCode)),
    },
  },
};
