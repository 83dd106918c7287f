import { GraphQLError } from 'graphql';
import { logger } from '../logging/logger.js';
import { INTERNAL_SERVER_ERROR, INVALID_ARGUMENTS, NOT_AUTHORIZED, PLEASE_LOG_IN } from '../shared/messages.js';

/** An error whose message is meant for the user; anything else is masked. */
export class UserFacingError extends GraphQLError {
  constructor(message: string, code: string) {
    super(message, { extensions: { code } });
  }
}

export const notAuthorized = () => new UserFacingError(NOT_AUTHORIZED, 'NOT_AUTHORIZED');
export const pleaseLogIn = () => new UserFacingError(PLEASE_LOG_IN, 'UNAUTHENTICATED');
export const invalidArguments = () => new UserFacingError(INVALID_ARGUMENTS, 'BAD_USER_INPUT');

// graphql-js messages for values that do not fit an argument's type.
const ARGUMENT_ERRORS = [
  /cannot represent/i,
  /^Variable "\$[^"]+" got invalid value/,
  /^Variable "\$[^"]+" of (required|non-null) type/,
  /^Expected value of type/,
  /^Argument "[^"]+" of (required|non-null) type/,
  /^Field "[^"]+" argument "[^"]+" of type .* is required/,
];

// graphql-js appends 'Did you mean "name"?' to validation errors, which names fields even with introspection off.
const SUGGESTION = /\s*Did you mean .*$/s;

/**
 * Request errors (no query, a batch, variables that are not an object) are plain Errors raised by
 * graphql-http before any resolver runs: their message says what is wrong with the request, and
 * graphql-http answers them with 400. A resolver's own failure is masked as the spec's
 * 'Internal Server Error'.
 */
export function graphqlErrorFormatter({ suggestions }: { suggestions: boolean }) {
  return function formatGraphqlError(error: Readonly<GraphQLError | Error>): GraphQLError | Error {
    if (!(error instanceof GraphQLError)) return new GraphQLError(error.message, { extensions: { code: 'BAD_REQUEST' } });
    const original = error.originalError;
    if (original && !(original instanceof GraphQLError)) {
      logger.error({ err: original, path: error.path }, 'GraphQL resolver failed');
      return new GraphQLError(INTERNAL_SERVER_ERROR, { path: error.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    }
    if (original instanceof UserFacingError) return new GraphQLError(original.message, { path: error.path, extensions: original.extensions });
    if (ARGUMENT_ERRORS.some((pattern) => pattern.test(error.message))) {
      const detail = suggestions ? error.message : error.message.replace(SUGGESTION, '');
      return new GraphQLError(INVALID_ARGUMENTS, { nodes: error.nodes, path: error.path, extensions: { code: 'BAD_USER_INPUT', detail } });
    }
    if (!suggestions && SUGGESTION.test(error.message)) {
      return new GraphQLError(error.message.replace(SUGGESTION, ''), { nodes: error.nodes, path: error.path, extensions: error.extensions });
    }
    return error as GraphQLError;
  };
}
