import type { SchemaModule } from '../graphql/module.js';
import { requireSignedIn, type GraphqlContext } from '../graphql/context.js';
import { notAuthorized, UserFacingError } from '../graphql/errors.js';
import { parseId } from '../http/ids.js';
import { openLab } from '../lab/lab.js';
import { INVALID_ARGUMENTS } from '../shared/messages.js';
import { PairError, predictPair, type PairPrediction } from './pair-predictor.js';
import { mayUsePairPredictor } from './visibility.js';

const typeDefs = /* GraphQL */ `
  "One parent of a planned litter."
  type PairParent {
    petNum: Int!
    "The dog's call name, else its name."
    name: String!
    handle: String!
    "m for the sire, f for the dam."
    sex: String!
    "The parent's own coefficient of inbreeding measured from its DNA (0 to 1); null when not measured or not shared."
    coi: Float
    "False for a dog the matchmaker offers: its own health results, trait genotypes and COI are not shared."
    resultsShared: Boolean!
  }

  "The expected inbreeding of the puppies."
  type PairInbreeding {
    "Expected COI of the puppies (0 to 1): the kinship of sire and dam; null when the samples share too few markers."
    offspringCoi: Float
    "How the kinship was measured: shared segments, KING-robust kinship or not tested."
    method: String!
    "What the number means, in plain words."
    explanation: String!
  }

  "Offspring odds for one health condition."
  type PairHealthPrediction {
    "Id of the health condition (healthConditionDetails)."
    healthId: String!
    name: String!
    gene: String!
    "Mode of inheritance."
    inheritance: String!
    severity: String!
    "clear, carrier, at risk, not tested, or not shared (a matchmaker dog's own result)."
    sireResult: String!
    damResult: String!
    "Chance (0 to 1) that a puppy is clear; null when a parent is not tested."
    clear: Float
    "Chance that a puppy is a carrier."
    carrier: Float
    "Chance that a puppy is at risk."
    atRisk: Float
    "What the odds mean, in plain words."
    explanation: String!
  }

  "A possible outcome and its chance."
  type PairOutcome {
    "What a puppy would be or have."
    outcome: String!
    "Chance, 0 to 1."
    probability: Float!
    "The genotype behind the outcome, for trait loci."
    genotype: String
  }

  "Coat colour odds of the puppies."
  type PairCoatColorPredictions {
    colors: [PairOutcome!]!
    "Colour loci not tested in both parents (assumed common)."
    lociNotTested: [String!]!
    explanation: String!
  }

  "Offspring genotypes at one trait locus."
  type PairTraitPrediction {
    locusId: String!
    name: String!
    category: String!
    gene: String!
    "The sire's genotype in the lab's notation, not tested, or not shared (a matchmaker dog's own result)."
    sireGenotype: String!
    damGenotype: String!
    "Empty when a parent is not tested at the locus."
    genotypes: [PairOutcome!]!
    explanation: String!
  }

  "What the puppies of a sire and a dam are likely to be, from both genotypes."
  type PairPrediction {
    sire: PairParent!
    dam: PairParent!
    inbreeding: PairInbreeding!
    healthPredictions: [PairHealthPrediction!]!
    coatColorPredictions: PairCoatColorPredictions!
    traitPredictions: [PairTraitPrediction!]!
  }

  extend type Query {
    "Predicts a litter of two dogs the user may see (their own, or offered by the matchmaker); healthId narrows the health predictions to one condition."
    pairPredictor(sirePetNum: Int!, damPetNum: Int!, healthId: String): PairPrediction!
  }
`;

const resolvers = {
  Query: {
    async pairPredictor(_root: unknown, args: { sirePetNum: number; damPetNum: number; healthId?: string | null }, context: GraphqlContext): Promise<PairPrediction> {
      const user = requireSignedIn(context);
      // a breeder tool, refused like its page (GET /breeders/pair-predictor) to every other account
      if (!mayUsePairPredictor(user)) throw notAuthorized();
      const sire = parseId(args.sirePetNum);
      const dam = parseId(args.damPetNum);
      if (sire === null || dam === null) throw new UserFacingError(INVALID_ARGUMENTS, 'BAD_USER_INPUT');
      try {
        return await predictPair(context.db, await openLab(context.db, context.settings.lab), user, sire, dam, args.healthId);
      } catch (error) {
        if (error instanceof PairError) throw new UserFacingError(error.message, error.code);
        throw error;
      }
    },
  },
  PairHealthPrediction: {
    clear: (p: { odds: { clear: number } | null }) => p.odds?.clear ?? null,
    carrier: (p: { odds: { carrier: number } | null }) => p.odds?.carrier ?? null,
    atRisk: (p: { odds: { atRisk: number } | null }) => p.odds?.atRisk ?? null,
  },
  PairCoatColorPredictions: {
    colors: (p: { colours: unknown[] }) => p.colours,
  },
};

export const breedersSchema: SchemaModule = { typeDefs, resolvers };
