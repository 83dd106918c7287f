import type { RequestHandler } from 'express';
import { createHandler } from 'graphql-http/lib/use/express';
import { GraphQLError, Kind, NoSchemaIntrospectionCustomRule, OperationTypeNode, parse, type DocumentNode } from 'graphql';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import { buildContext } from './context.js';
import { formatGraphqlError } from './errors.js';
import { queryLimitsRule } from './limits.js';
import { buildSchema } from './schema.js';
import { isReadOnlyImpersonation } from '../impersonation/guard.js';
import { recordImpersonatedWrite } from '../impersonation/audit.js';
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

export function graphqlRoute(db: Db, settings: Settings): RequestHandler {
  const schema = buildSchema();
  const rules = [queryLimitsRule(), ...(settings.isProduction ? [NoSchemaIntrospectionCustomRule] : [])];
  return createHandler({
    schema,
    context: (req) => buildContext(db, settings, req.raw) as unknown as Record<string, unknown>,
    validationRules: rules,
    formatError: formatGraphqlError,
    async onSubscribe(req, params) {
      const request = req.raw;
      if (!request.impersonator) return;
      let mutations: string[];
      try {
        mutations = mutationNames(parse(params.query));
      } catch {
        return; // the handler reports the syntax error itself
      }
      if (mutations.length === 0) return;
      if (isReadOnlyImpersonation(request)) return [new GraphQLError(READ_ONLY_IMPERSONATION)];
      await recordImpersonatedWrite(db, request, { action: `graphql ${mutations.join(', ')}`, details: { variables: params.variables ?? {} } });
    },
  });
}
