// The media service's GraphQL query (spec 1 §7): roundDogFaceImageUrl by publicId.
import type { SchemaModule } from '../graphql/module.js';
import type { GraphqlContext } from '../graphql/context.js';
import { invalidArguments, notAuthorized } from '../graphql/errors.js';
import { mayViewMedia } from './access.js';
import { findMedia } from './queries.js';
import { parsePublicId, roundDogFaceImageUrl } from '../shared/media-rules.js';

const typeDefs = /* GraphQL */ `
  extend type Query {
    """
    The address of a photo's round dog face: a square PNG centred on the dog, transparent outside the circle.
    Seen by whoever may see the photo itself (its dog's readers, or anyone the dog's profile privacy allows);
    'Not Authorized' for a photo that does not exist or may not be seen; null for a video or document.
    """
    roundDogFaceImageUrl(publicId: String!): String
  }
`;

export const mediaSchema: SchemaModule = {
  typeDefs,
  resolvers: {
    Query: {
      async roundDogFaceImageUrl(_root: unknown, args: { publicId: unknown }, context: GraphqlContext) {
        const publicId = parsePublicId(args.publicId);
        if (!publicId) throw invalidArguments();
        const media = await findMedia(context.db, publicId);
        // one answer for a photo that does not exist and one this viewer may not see: nothing to learn by guessing
        if (!media || !(await mayViewMedia(context.db, context.user ?? undefined, media))) throw notAuthorized();
        return media.mediaType === 'image' ? roundDogFaceImageUrl(media.publicId, media.rotation) : null;
      },
    },
  },
};
