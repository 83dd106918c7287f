// What the fuzz test sends: every REST route (read from the Express router stack), every GraphQL
// field (read from the schema) and a set of hostile values for each.
import type { Express } from 'express';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isInterfaceType,
  isUnionType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';

export interface RestRoute {
  method: string;
  path: string;
}

interface Layer {
  rawPath?: string;
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every method and path the app's routers answer, mounted paths included. */
export function restRoutes(app: Express): RestRoute[] {
  const found: RestRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) {
          for (const method of Object.keys(layer.route.methods)) if (method !== '_all') found.push({ method: method.toUpperCase(), path: prefix + path });
        }
      } else if (layer.handle?.stack) {
        const mount = layer.rawPath && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  const unique = new Map(found.map((route) => [`${route.method} ${route.path}`, route]));
  return [...unique.values()];
}

/** One hostile value for every leaf: text for text, a number for numbers, or one wrong thing everywhere. */
export interface Variant {
  label: string;
  text?: string;
  int?: number;
  float?: number;
  /** Sent for every leaf whatever its type (arrays for scalars, objects, huge numbers). */
  raw?: unknown;
}

const MB = 'x'.repeat(1024 * 1024);

export function variants(victim: { petNum: number; petUuid: string; handle: string }): Variant[] {
  return [
    { label: 'NUL', text: 'a\u0000b', int: 1, float: 1 },
    { label: 'control characters', text: '\u001b[2J\u0007\u0008', int: 2, float: -1 },
    { label: '1 MB string', text: MB, int: 2147483647, float: 1e308 },
    { label: '90 kB string', text: 'y'.repeat(90_000), int: -2147483648, float: -1e308 },
    { label: 'unicode', text: '🐕‍🦺 Ünïcødé \u202e ߷ \ud800', int: 0, float: 0.5 },
    { label: 'negative id', text: '-1', int: -1, float: -1 },
    { label: 'huge id', text: '2147483648', int: 2147483647, float: 2147483648 },
    { label: 'not a number', text: 'abc', int: 3, float: Number.MIN_VALUE },
    { label: 'injection', text: "' or 1=1 -- <script>alert(1)</script> ../../etc/passwd %s %n", int: 4, float: 4 },
    { label: 'empty', text: '', int: 0, float: 0 },
    { label: "the victim's dog", text: victim.petUuid, int: victim.petNum, float: victim.petNum },
    { label: "the victim's number as text", text: String(victim.petNum), int: victim.petNum, float: victim.petNum },
    { label: 'array for a scalar', raw: ['1', '2'] },
    { label: 'object for a scalar', raw: { $gt: '', nested: { deeper: [1] } } },
    { label: 'huge number', raw: 1e308 },
    { label: 'null', raw: null },
  ];
}

/** The same variant as one string, for path segments and query strings. */
export function asText(variant: Variant): string {
  if (variant.text !== undefined) return variant.text;
  return typeof variant.raw === 'string' ? variant.raw : JSON.stringify(variant.raw);
}

// Names the forms and JSON calls read; a body carries them all.
const FIELD_NAMES = [
  'name', 'email', 'password', 'body', 'conversationId', 'startNewConversationTo', 'to', 'petNum', 'petUuid', 'handle', 'sex',
  'breedType', 'dobDay', 'dobMonth', 'dobYear', 'isPrimaryOwnerBreeder', 'countryCode', 'phoneSms', 'phone', 'preferences', 'isHelpful',
  'answer', 'additionalText', 'swab', 'owner', 'dog', 'input', 'types', 'format', 'i', 'id', 'page', 'variant', 'currentFood',
];

/** The body limit of app.ts's JSON and form parsers. */
const BODY_LIMIT_BYTES = 100 * 1024;

export function bodyFor(variant: Variant): Record<string, unknown> {
  const value = variant.text ?? variant.raw;
  // A value over the body limit on its own is refused by the parser whichever field carries it:
  // once is enough (34 copies of 1 MB only made the refused body 34 MB).
  const names = typeof value === 'string' && value.length > BODY_LIMIT_BYTES ? FIELD_NAMES.slice(0, 1) : FIELD_NAMES;
  return Object.fromEntries(names.map((name) => [name, value]));
}

// URLs cannot carry a lone surrogate; JSON bodies send it as it is.
export const wellFormed = (text: string) => Buffer.from(text, 'utf8').toString('utf8'); // a lone surrogate becomes U+FFFD
const urlEncoded = (variant: Variant) => encodeURIComponent(wellFormed(asText(variant)));

export function queryFor(variant: Variant): string {
  const text = urlEncoded(variant);
  return FIELD_NAMES.map((name) => `${name}=${text}`).join('&');
}

/** The path with every :param replaced by the variant. */
export function pathFor(path: string, variant: Variant): string {
  return path.replace(/:(\w+)/g, () => urlEncoded(variant) || '%20');
}

export interface GraphqlOperation {
  kind: 'query' | 'mutation';
  field: string;
  document: string;
  variables(variant: Variant): Record<string, unknown>;
}

function fill(type: GraphQLInputType, variant: Variant, depth: number): unknown {
  if (isNonNullType(type)) return fill(type.ofType, variant, depth);
  if (isListType(type)) return depth > 3 ? [] : [fill(type.ofType, variant, depth + 1)];
  if (isInputObjectType(type)) {
    if (depth > 3) return {};
    return Object.fromEntries(Object.values(type.getFields()).map((field) => [field.name, fill(field.type, variant, depth + 1)]));
  }
  if (variant.raw !== undefined) return variant.raw;
  if (isEnumType(type)) return type.getValues()[0].value;
  switch (type.name) {
    case 'Int':
      return variant.int;
    case 'Float':
      return variant.float;
    case 'Boolean':
      return true;
    default:
      return variant.text;
  }
}

function selectionOf(field: GraphQLField<unknown, unknown>): string {
  const named = getNamedType(field.type);
  return isObjectType(named) || isInterfaceType(named) || isUnionType(named) ? ' { __typename }' : '';
}

/** One operation per root field, with every argument passed as a variable of its declared type. */
export function graphqlOperations(schema: GraphQLSchema): GraphqlOperation[] {
  const operations: GraphqlOperation[] = [];
  for (const [kind, root] of [['query', schema.getQueryType()], ['mutation', schema.getMutationType()]] as const) {
    if (!root) continue;
    for (const field of Object.values(root.getFields())) {
      const args = field.args;
      const declarations = args.map((arg, i) => `$a${i}: ${arg.type.toString()}`).join(', ');
      const passed = args.map((arg, i) => `${arg.name}: $a${i}`).join(', ');
      const document = `${kind}${declarations ? ` (${declarations})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selectionOf(field)} }`;
      operations.push({
        kind,
        field: field.name,
        document,
        variables: (variant) => Object.fromEntries(args.map((arg, i) => [`a${i}`, fill(arg.type, variant, 0)])),
      });
    }
  }
  return operations;
}
