import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import type { AnyEndpoint } from '@hustle/shared/endpoint';
import { encodeHostile, type RouteSample } from './hostile-variants.ts';

/** The parts of a JSON Schema (as zod writes them) the arbitraries read. */
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
}

const jsonSchemaOf = (schema: z.ZodType | undefined): JsonSchema | undefined =>
  schema && (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);

/** Values of the world the fuzz aims at, so that guesses hit real rows. */
export interface FuzzPools {
  /** Ids the app made: the caller's own, a project member's and another user's. */
  ids: string[];
  /** Invite tokens, checkout ids: path and query tokens that exist. */
  tokens: string[];
}

/** Who sends the request; `sample` is the caller the route's sample names. */
export type Caller = 'sample' | 'member' | 'other' | 'none' | 'forged';

export interface FuzzCase {
  caller: Caller;
  forgedToken: string;
  params: Record<string, string>;
  query: string;
  body: { payload: string; contentType: string } | null;
  idempotencyKey: string | null;
  remoteAddress: string;
}

const printable = (maxLength: number) =>
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
    maxLength,
  });

/** Text no column should take as it is: any code point (lone surrogates too), NUL, long runs. */
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\uD800', '\uDFFF', '../../etc/passwd', "' or 1=1 --"),
  fc.nat({ max: 12_000 }).map((length) => 'é'.repeat(length)),
);

const wrongNumber = fc.oneof(
  fc.constantFrom(1e308, -1, -0, 1.5, 2 ** 53 + 2, Number.MIN_SAFE_INTEGER),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Anything but what the schema asks for (sometimes by chance what it asks for). */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  wrongNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

const isIdPattern = (pattern: string) => pattern.includes('[0-9a-f]{8}');

/** Strings the schema accepts, its edges, and the world's ids and tokens. */
function conformingText(schema: JsonSchema, pools: FuzzPools): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  if (typeof schema.const === 'string') return fc.constant(schema.const);
  const { minLength = 0, maxLength, pattern } = schema;
  if (pattern && isIdPattern(pattern)) return fc.oneof(fc.constantFrom(...pools.ids), fc.uuid());
  if (pattern) {
    const matching = fc
      .stringMatching(new RegExp(pattern))
      .map((text) => (maxLength ? text.slice(0, maxLength) : text));
    return fc.oneof(matching, fc.constantFrom(...pools.tokens));
  }
  const longest = maxLength ?? 300;
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(longest, 80) }),
    },
    fc.constant('a'.repeat(longest)),
    fc.constant('a'.repeat(longest + 1)),
    fc.constant(''),
    fc.constant('   '),
  );
}

function conforming(schema: JsonSchema, pools: FuzzPools, sample: unknown): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((each) => fuzzValue(each, pools, sample)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  switch (schema.type) {
    case 'string':
      return conformingText(schema, pools);
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? -1_000, -1_000_000);
      const max = Math.min(schema.maximum ?? 1_000, 1_000_000);
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min, max }) },
        fc.constantFrom(min - 1, max + 1),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fuzzValue(schema.items ?? {}, pools, undefined), {
        maxLength: (schema.maxItems ?? 3) + 1,
      });
    case 'object':
      return objectOf(schema, pools, sample);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const ABSENT = Symbol('absent');

/** Each field present or left out (required ones mostly present), and at times one unknown. */
function objectOf(schema: JsonSchema, pools: FuzzPools, sample: unknown) {
  const known = (sample ?? {}) as Record<string, unknown>;
  const fields = Object.entries(schema.properties ?? {}).map(([key, property]) =>
    fc
      .option(fuzzValue(property, pools, known[key]), {
        freq: schema.required?.includes(key) ? 25 : 2,
        nil: ABSENT,
      })
      .map((value) => [key, value] as const),
  );
  const unknownField = fc.option(fc.tuple(fc.string({ maxLength: 12 }), wrongValue), {
    freq: 8,
    nil: null,
  });
  return fc.tuple(fc.tuple(...fields), unknownField).map(([entries, extra]) => {
    const present: (readonly [string, unknown])[] = entries.filter(([, value]) => value !== ABSENT);
    if (extra) present.push(extra);
    return Object.fromEntries(present);
  });
}

/** Mostly a value the schema accepts, at times the sample's own, at times anything at all. */
function fuzzValue(schema: JsonSchema, pools: FuzzPools, sample: unknown): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: conforming(schema, pools, sample) },
    { weight: sample === undefined ? 0 : 2, arbitrary: fc.constant(sample) },
    { weight: 1, arbitrary: wrongValue },
  );
}

/** A path or query value: the schema's, the sample's, the world's ids, or hostile text. */
function fuzzText(schema: JsonSchema, pools: FuzzPools, sample: string | undefined) {
  return fc.oneof(
    { weight: 5, arbitrary: conformingText(schema, pools) },
    { weight: sample === undefined ? 0 : 3, arbitrary: fc.constant(sample ?? '') },
    { weight: 1, arbitrary: fc.constantFrom(...pools.ids, ...pools.tokens) },
    { weight: 2, arbitrary: hostileText },
  );
}

function paramsOf(pattern: string, endpoint: AnyEndpoint, sample: RouteSample, pools: FuzzPools) {
  const names = [...pattern.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const properties = jsonSchemaOf(endpoint.params)?.properties ?? {};
  return fc.record(
    Object.fromEntries(
      names.map((name) => [name, fuzzText(properties[name] ?? {}, pools, sample.params?.[name])]),
    ),
  );
}

function queryOf(endpoint: AnyEndpoint, sample: RouteSample, pools: FuzzPools) {
  const properties = jsonSchemaOf(endpoint.query)?.properties ?? {};
  const fields = Object.entries(properties).map(([key, property]) =>
    fc
      .option(fuzzText(property, pools, sample.query?.[key]), { freq: 5, nil: null })
      .map((value) => (value === null ? [] : [[key, value] as const])),
  );
  const extra = fc.option(fc.tuple(fc.string({ maxLength: 12 }), hostileText), {
    freq: 6,
    nil: null,
  });
  return fc
    .tuple(fc.tuple(...fields), extra)
    .map(([present, unknownField]) =>
      [...present.flat(), ...(unknownField ? [unknownField] : [])]
        .map(([key, value]) => `${encodeURIComponent(key)}=${encodeHostile(value)}`)
        .join('&'),
    );
}

const FORM = 'application/x-www-form-urlencoded';

function formOf(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  const pairs = Object.entries(value).map(([key, item]): [string, string] => [
    key,
    typeof item === 'string' ? item : JSON.stringify(item),
  ]);
  return new URLSearchParams(pairs).toString();
}

/** A JSON body as the schema informs it, now and then sent as a form or as plain text. */
function bodyOf(endpoint: AnyEndpoint, sample: RouteSample, pools: FuzzPools) {
  if (sample.rawBody) {
    const { contentType } = sample.rawBody;
    return fc
      .oneof(fc.constant(sample.rawBody.payload), hostileText, fc.json({ maxDepth: 2 }))
      .map((payload) => ({ payload, contentType }));
  }
  const schema = jsonSchemaOf(endpoint.body);
  const value = schema ? fuzzValue(schema, pools, sample.body) : fc.constant(undefined);
  const encoding = fc.constantFrom(
    'application/json',
    'application/json',
    'application/json',
    'application/json',
    'application/json',
    'application/json',
    FORM,
    'text/plain',
  );
  return fc.tuple(value, encoding).map(([content, contentType]) => {
    if (content === undefined) return null;
    const payload = contentType === FORM ? formOf(content) : JSON.stringify(content);
    return { payload, contentType };
  });
}

const callers: fc.Arbitrary<Caller> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('sample' as const) },
  fc.constantFrom<Caller>('member', 'other', 'none', 'forged'),
);

/** Requests to one route, informed by its endpoint's schemas and its accepted sample. */
export function fuzzCases(
  pattern: string,
  endpoint: AnyEndpoint,
  sample: RouteSample,
  pools: FuzzPools,
): fc.Arbitrary<FuzzCase> {
  const idempotencyKeys =
    endpoint.method === 'GET'
      ? fc.constant(null)
      : fc.option(fc.oneof(fc.uuid(), fc.constant('fuzz-key'), printable(300)), { freq: 2 });
  return fc.record({
    caller: callers,
    forgedToken: printable(120),
    params: paramsOf(pattern, endpoint, sample, pools),
    query: queryOf(endpoint, sample, pools),
    body: bodyOf(endpoint, sample, pools),
    idempotencyKey: idempotencyKeys,
    remoteAddress: fc.ipV4(),
  });
}

/** The case as a request, with the caller's headers the runner chose. */
export function requestOf(
  method: string,
  pattern: string,
  fuzzCase: FuzzCase,
  callerHeaders: Record<string, string>,
): InjectOptions {
  const path = pattern.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeHostile(fuzzCase.params[name] ?? ''),
  );
  const headers: Record<string, string> = { ...callerHeaders };
  if (fuzzCase.idempotencyKey !== null) headers['idempotency-key'] = fuzzCase.idempotencyKey;
  if (fuzzCase.body) headers['content-type'] = fuzzCase.body.contentType;
  return {
    method: method as InjectOptions['method'],
    url: fuzzCase.query ? `${path}?${fuzzCase.query}` : path,
    headers,
    remoteAddress: fuzzCase.remoteAddress,
    ...(fuzzCase.body ? { payload: fuzzCase.body.payload } : {}),
  };
}
