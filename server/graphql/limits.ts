import { GraphQLError, Kind, parse, type ASTVisitor, type Source, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';

export const MAX_QUERY_DEPTH = 10;
export const MAX_QUERY_FIELDS = 500;
/** The largest page query is a few hundred tokens; a document past this is refused before it is parsed further. */
export const MAX_QUERY_TOKENS = 5000;

/** graphql-js parse with a token limit, so a huge or deeply nested document costs little. */
export function parseDocument(query: string | Source): DocumentNode {
  return parse(query, { maxTokens: MAX_QUERY_TOKENS });
}

/** Refuses documents nested deeper than `maxDepth` or selecting more than `maxFields` fields, fragments included. */
export function queryLimitsRule(maxDepth = MAX_QUERY_DEPTH, maxFields = MAX_QUERY_FIELDS) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    return {
      OperationDefinition(operation) {
        let fields = 0;
        const visit = (set: SelectionSetNode, depth: number, seen: Set<string>): number => {
          if (depth > maxDepth) return depth; // deep enough to refuse; going further only costs time
          let deepest = depth;
          for (const selection of set.selections) {
            if (selection.kind === Kind.FIELD) {
              fields++;
              if (selection.selectionSet) deepest = Math.max(deepest, visit(selection.selectionSet, depth + 1, seen));
            } else if (selection.kind === Kind.INLINE_FRAGMENT) {
              deepest = Math.max(deepest, visit(selection.selectionSet, depth, seen));
            } else {
              const name = selection.name.value;
              const fragment = fragments.get(name);
              if (fragment && !seen.has(name)) deepest = Math.max(deepest, visit(fragment.selectionSet, depth, new Set(seen).add(name)));
            }
            if (fields > maxFields) return Infinity;
          }
          return deepest;
        };
        const depth = visit(operation.selectionSet, 1, new Set());
        if (fields > maxFields) context.reportError(new GraphQLError(`Query selects more than ${maxFields} fields`, { nodes: [operation] }));
        else if (depth > maxDepth) context.reportError(new GraphQLError(`Query is nested deeper than ${maxDepth} levels`, { nodes: [operation] }));
      },
    };
  };
}
