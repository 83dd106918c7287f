// spec 1 §7 "footer data" (spec 2 §2 Footer; its calls: "footer user and pet"): the footer's columns as the
// pages show them, computed by the same rules (context.ts shellFooter over rules.ts footerColumns).
import type { SchemaModule } from '../graphql/module.js';
import { requireSignedIn, type GraphqlContext } from '../graphql/context.js';
import { invalidArguments, notAuthorized } from '../graphql/errors.js';
import { petAccessFor } from '../pets/access.js';
import { loadShellCounts, petShellFacts } from './counts.js';
import { shellFooter } from './context.js';

const typeDefs = /* GraphQL */ `
  "A link of the site footer."
  type FooterLink {
    "What the link says, e.g. Order a Kit."
    label: String!
    "Where it leads: a site path or the address of the shop, help center or insurer."
    href: String!
  }

  "A column of the site footer: 'Explore {dog name}'s Results', 'My Account', 'Breeder Tools' or 'More'."
  type FooterColumn {
    "The column's heading; a dog's name is cut to 25 characters, 'your dog' when there is none."
    heading: String!
    "The column's links, in the order the footer shows them."
    links: [FooterLink!]!
  }

  "The site footer of the signed-in account."
  type FooterData {
    "The footer's columns, as the account's pages show them."
    columns: [FooterColumn!]!
  }

  extend type Query {
    """
    The footer of the signed-in account (spec 2 §2): with petNum, the footer of that dog's pages (a dog the
    user may read, else 'Not Authorized'); without, the footer of pages about no dog.
    """
    footerData(petNum: Int): FooterData!
  }
`;

export const shellSchema: SchemaModule = {
  typeDefs,
  resolvers: {
    Query: {
      async footerData(_root: unknown, args: { petNum?: number | null }, context: GraphqlContext) {
        const user = requireSignedIn(context);
        const petNum = args.petNum ?? null;
        if (petNum !== null && !(Number.isSafeInteger(petNum) && petNum > 0)) throw invalidArguments();
        const [counts, access] = await Promise.all([loadShellCounts(context.db, user.id), petNum === null ? null : petAccessFor(context.db, user, petNum)]);
        if (petNum !== null && !access) throw notAuthorized();
        const footerUser = { userType: user.userType, petCount: counts.petCount, showMatchMaker: user.showMatchMaker };
        const pet = access ? { ...access.pet, ...(await petShellFacts(context.db, access.pet.petNum)) } : counts.footerPet ? { ...counts.footerPet, hasResults: true } : null;
        return { columns: shellFooter(context.settings, footerUser, pet) };
      },
    },
  },
};
