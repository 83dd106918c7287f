import type { RequestHandler } from 'express';
import { createHandler } from 'graphql-http/lib/use/express';
import { getOperationAST, GraphQLError, Kind, NoSchemaIntrospectionCustomRule, OperationTypeNode, specifiedRules, validate, visit, type DocumentNode } from 'graphql';
import type { ResponseInit } from 'graphql-http';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import { buildContext } from './context.js';
import { graphqlErrorFormatter, invalidArguments } from './errors.js';
import { parseDocument, queryLimitsRule } from './limits.js';
import { buildSchema } from './schema.js';
import { isReadOnlyImpersonation } from '../impersonation/guard.js';
import { recordImpersonatedWrite } from '../impersonation/audit.js';
import { hasControlCharacter } from '../http/text-input.js';
import { READ_ONLY_IMPERSONATION } from '../shared/messages.js';

function mutationNames(document: DocumentNode): string[] {
  const names: string[] = [];
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION && definition.operation === OperationTypeNode.MUTATION) {
      for (const selection of definition.selectionSet.selections) {
        if (selection.kind === Kind.FIELD) names.push(selection.name.value);
      }
      if (names.length === 0) names.push('mutation');
    }
  }
  return names;
}

/** String literals written into the document itself, which reach resolvers as arguments like variables do. */
function hasControlCharacterInLiterals(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    StringValue(node) {
      if (hasControlCharacter(node.value)) found = true;
    },
  });
  return found;
}

export const BATCH_REFUSED = 'Batched operations are not supported: send one operation per request';

export const JSON_REQUIRED = 'Send the operation as JSON (Content-Type: application/json)';

/**
 * graphql-http would read a batch as one request without a query, and answer a body of another type
 * (a form, text) with an empty 415; say what is wrong instead.
 */
export const refuseBatches: RequestHandler = (req, res, next) => {
  if (!req.is('application/json')) {
    res.status(415).json({ errors: [{ message: JSON_REQUIRED, extensions: { code: 'BAD_REQUEST' } }] });
    return;
  }
  if (!Array.isArray(req.body)) return next();
  res.status(400).json({ errors: [{ message: BATCH_REFUSED, extensions: { code: 'BAD_REQUEST' } }] });
};

/** The operation to run, as graphql-js picks it; graphql-http answers a miss with 200 under application/json. */
function unknownOperation(document: DocumentNode, operationName: string | null | undefined): GraphQLError | null {
  if (getOperationAST(document, operationName)) return null;
  return new GraphQLError(operationName ? `Unknown operation named "${operationName}".` : 'Must provide operation name if query contains multiple operations.');
}

/** A document that never runs (a syntax error, a refused validation) is a bad request: 400 with the reasons. */
function badRequest(errors: readonly GraphQLError[], format: (error: GraphQLError) => GraphQLError | Error): [string, ResponseInit] {
  return [
    JSON.stringify({ errors: errors.map((error) => format(error)) }),
    { status: 400, statusText: 'Bad Request', headers: { 'content-type': 'application/json; charset=utf-8' } },
  ];
}

export function graphqlRoute(db: Db, settings: Settings): RequestHandler {
  const schema = buildSchema();
  const limits = queryLimitsRule();
  const rules = [...specifiedRules, limits, ...(settings.isProduction ? [NoSchemaIntrospectionCustomRule] : [])];
  const formatError = graphqlErrorFormatter({ suggestions: !settings.isProduction });
  // The depth and size limits run alone first: graphql-js's own rules are slow on documents they refuse.
  const validateDocument = (document: DocumentNode) => {
    const refused = validate(schema, document, [limits]);
    return refused.length > 0 ? refused : validate(schema, document, rules);
  };
  return createHandler({
    schema,
    context: (req) => buildContext(db, settings, req.raw) as unknown as Record<string, unknown>,
    formatError,
    // Parses and validates here, so the handler runs what we checked; the handler builds the context.
    async onSubscribe(req, params) {
      const request = req.raw;
      let document: DocumentNode;
      try {
        document = parseDocument(params.query);
      } catch (error) {
        return badRequest([error instanceof GraphQLError ? error : new GraphQLError(String(error))], formatError);
      }
      const refused = validateDocument(document);
      if (refused.length > 0) return badRequest(refused, formatError);
      const unknown = unknownOperation(document, params.operationName);
      if (unknown) return badRequest([unknown], formatError);
      if (hasControlCharacter(params.variables) || hasControlCharacterInLiterals(document)) return [invalidArguments()];
      const args = { schema, document, operationName: params.operationName, variableValues: params.variables };
      if (!request.impersonator) return args;
      const mutations = mutationNames(document);
      if (mutations.length === 0) return args;
      if (isReadOnlyImpersonation(request)) return [new GraphQLError(READ_ONLY_IMPERSONATION)];
      await recordImpersonatedWrite(db, request, { action: `graphql ${mutations.join(', ')}`, details: { variables: params.variables ?? {} } });
      return args;
    },
  });
}
