import { GraphQLError } from 'graphql';
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

export function formatGraphqlError(error: Readonly<GraphQLError | Error>): GraphQLError | Error {
  if (!(error instanceof GraphQLError)) return new GraphQLError(INTERNAL_SERVER_ERROR);
  const original = error.originalError;
  if (original && !(original instanceof GraphQLError)) {
    console.error('GraphQL resolver failed', original);
    return new GraphQLError(INTERNAL_SERVER_ERROR, { path: error.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  }
  if (original instanceof UserFacingError) return new GraphQLError(original.message, { path: error.path, extensions: original.extensions });
  if (ARGUMENT_ERRORS.some((pattern) => pattern.test(error.message))) {
    return new GraphQLError(INVALID_ARGUMENTS, { nodes: error.nodes, path: error.path, extensions: { code: 'BAD_USER_INPUT', detail: error.message } });
  }
  return error as GraphQLError;
}
