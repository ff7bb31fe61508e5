import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from './errors.ts';
import { IdSchema } from './ids.ts';

/**
 * One endpoint, declared once (STYLE "In this codebase" 1, decision 011): the server registers,
 * validates and documents its routes from it, the web client and the tests call it by name.
 */

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Paths the server treats as its API (JSON 404s, the flood guard); every route under them must
 * come from the contract.
 */
const API_PATH_PREFIXES = ['/api/', '/auth/', '/workspaces/', '/billing/'] as const;
export const isApiPath = (url: string): boolean =>
  API_PATH_PREFIXES.some((prefix) => url.startsWith(prefix)) || url === '/api' || url === '/auth';

/** Where the OpenAPI document and its page are served: under the API, but public. */
export const API_DOCS_PATH = '/api/docs';

/**
 * How a caller proves who they are: `session` is the bearer token, checked before the handler;
 * `ticket` is a bearer token or an event ticket, checked by the handler (EventSource cannot send
 * headers, decision 007); `none` is open to anyone.
 */
type EndpointAuth = 'session' | 'ticket' | 'none';

/** The names of a Fastify-style path's `:param` segments. */
type PathParamNames<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

type ResponseMap = { readonly [status: number]: z.ZodType };

interface EndpointFields {
  method: HttpMethod;
  /** Fastify-style: `/api/v1/tasks/:id/rename`; OpenAPI shows it as `{id}`. */
  path: string;
  /** Further paths the spec names for the same operation; the same params, the same answer. */
  aliases?: readonly string[];
  summary: string;
  description?: string;
  tags: readonly string[];
  auth: EndpointAuth;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Every answer by status (errors aside): the success answers, and pages or redirects. */
  responses: ResponseMap;
  /** The error codes this endpoint's own rules answer; the ones every endpoint of its kind can
   * answer (bad input, no session, flood guard, server failure) are added by defineEndpoints. */
  errors?: readonly ErrorCode[];
  /**
   * A workspace command: it runs in the server's unit of work (decision 013), so it takes an
   * `Idempotency-Key`, and a race can answer NOT_FOUND (gone meanwhile) or CONFLICT.
   */
  command?: boolean;
  /**
   * Not a GET, yet it changes nothing a read answers (a live-update stream's ticket): reads the
   * page started before it stay good to take (decision 037).
   */
  changesNoReads?: boolean;
  /** Failures come back as a redirect to a page, not as an error body (browser navigations). */
  failsWithRedirect?: boolean;
  /** Request media types other than JSON (a form post, a raw webhook). */
  consumes?: readonly string[];
  /** Answer media types other than JSON (a page, an event stream). */
  produces?: readonly string[];
}

/** Params must name exactly the path's `:param` segments (checked by type here, at load below). */
type ParamsOfPath<Path extends string> = [PathParamNames<Path>] extends [never]
  ? { params?: undefined }
  : { params: z.ZodType<{ [Name in PathParamNames<Path>]: string }> };

type Checked<Fields> = Fields extends { path: infer Path extends string }
  ? ParamsOfPath<Path>
  : never;

type Endpoint<
  Name extends string = string,
  Fields extends EndpointFields = EndpointFields,
> = Readonly<Omit<Fields, 'aliases' | 'errors'>> & {
  readonly operation: Name;
  readonly aliases: readonly string[];
  /** Every error code it may answer, the implied ones included. */
  readonly errors: readonly ErrorCode[];
};
export type AnyEndpoint = Endpoint<string, EndpointFields>;

type EndpointTable<Table extends Record<string, EndpointFields>> = {
  readonly [Name in keyof Table & string]: Endpoint<Name, Table[Name]>;
};

/** The codes an endpoint answers by its shape alone, whatever its own rules. */
function impliedErrors(fields: EndpointFields): ErrorCode[] {
  if (fields.failsWithRedirect) return ['INTERNAL'];
  const codes: ErrorCode[] = [];
  // Any write may carry a malformed Idempotency-Key.
  if (fields.params || fields.query || fields.body || fields.method !== 'GET') {
    codes.push('VALIDATION_FAILED');
  }
  // Fastify's own refusals of a body (not JSON, too large, wrong media type).
  if (fields.body || fields.consumes) codes.push('BAD_REQUEST');
  // Unknown caller; an access token outside its scopes (issue 32).
  if (fields.auth !== 'none') codes.push('UNAUTHORIZED', 'FORBIDDEN');
  if (fields.command) {
    codes.push('NOT_FOUND', 'CONFLICT');
    if (fields.method !== 'GET') codes.push('IDEMPOTENCY_KEY_REUSED');
  }
  if (isApiPath(fields.path)) codes.push('RATE_LIMITED');
  codes.push('INTERNAL');
  return codes;
}

function paramNamesOf(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

/** Fails at load, so a path and its params can never drift apart. */
function assertParamsMatch(name: string, fields: EndpointFields): void {
  const expected = paramNamesOf(fields.path).sort();
  for (const alias of fields.aliases ?? []) {
    if (paramNamesOf(alias).sort().join() !== expected.join()) {
      throw new Error(`${name}: alias ${alias} has other params than ${fields.path}`);
    }
  }
  const shape = fields.params instanceof z.ZodObject ? Object.keys(fields.params.shape) : [];
  if (shape.sort().join() !== expected.join()) {
    throw new Error(`${name}: params [${shape}] do not match the path ${fields.path}`);
  }
}

/** Names each endpoint by its key and completes its error codes. */
export function defineEndpoints<const Table extends Record<string, EndpointFields>>(
  table: Table & { [Name in keyof Table]: Checked<Table[Name]> },
): EndpointTable<Table> {
  const named = Object.entries(table as Record<string, EndpointFields>).map(([name, fields]) => {
    assertParamsMatch(name, fields);
    const errors = [...new Set([...(fields.errors ?? []), ...impliedErrors(fields)])];
    return [name, { ...fields, operation: name, aliases: fields.aliases ?? [], errors }];
  });
  return Object.fromEntries(named) as unknown as EndpointTable<Table>;
}

/** Joins feature tables into one, refusing two endpoints of the same name. */
export function mergeEndpointTables<const Tables extends readonly Record<string, AnyEndpoint>[]>(
  ...tables: Tables
): UnionToIntersection<Tables[number]> {
  const merged: Record<string, AnyEndpoint> = {};
  for (const table of tables) {
    for (const [name, endpoint] of Object.entries(table)) {
      if (name in merged) throw new Error(`Two endpoints are named ${name}`);
      merged[name] = endpoint;
    }
  }
  return merged as UnionToIntersection<Tables[number]>;
}

type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (
  arg: infer I,
) => void
  ? I
  : never;

// ---- What a caller sends and gets back -------------------------------------------------------

type OutputOf<Schema> = Schema extends z.ZodType ? z.output<Schema> : unknown;

/** A part that accepts `undefined` may be left out. */
type Part<Key extends string, Schema> = Schema extends z.ZodType
  ? undefined extends z.input<Schema>
    ? { [K in Key]?: z.input<Schema> }
    : { [K in Key]: z.input<Schema> }
  : { [K in Key]?: undefined };

/** What a caller passes: `{ params, query, body }` as the endpoint's schemas take them. */
export type EndpointInput<E extends AnyEndpoint> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']>;

/** What the handler reads once the schemas have parsed the request. */
export interface ParsedRequest<E extends AnyEndpoint> {
  Params: OutputOf<E['params']>;
  Querystring: OutputOf<E['query']>;
  Body: OutputOf<E['body']>;
}

type SuccessStatus<E extends AnyEndpoint> = {
  [Status in keyof E['responses']]: Status extends 200 | 201 | 202 | 203 | 204 ? Status : never;
}[keyof E['responses']];

/** The parsed answer of a successful call. */
export type EndpointResult<E extends AnyEndpoint> = z.output<E['responses'][SuccessStatus<E>]>;
/** What a handler may answer with (before the response schema serialises it). */
export type EndpointReply<E extends AnyEndpoint> = {
  [Status in keyof E['responses']]: z.input<E['responses'][Status]>;
}[keyof E['responses']];

// ---- Paths --------------------------------------------------------------------------------

/** The path with each `:param` filled in, URL-encoded. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`Missing path param ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string (with its `?`) of the defined values, in the order given; '' when none. */
export function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of a call: path params filled in, query appended. */
export function endpointUrl<E extends AnyEndpoint>(
  endpoint: E,
  input: { params?: unknown; query?: unknown } = {},
  path: string = endpoint.path,
): string {
  return (
    fillPath(path, input.params as Record<string, unknown> | undefined) +
    queryString(input.query as Record<string, unknown> | undefined)
  );
}

// ---- Errors by status, for documentation ---------------------------------------------------

/** The endpoint's error codes grouped by the HTTP status each one answers with. */
export function errorsByStatus(endpoint: AnyEndpoint): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of endpoint.errors) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

// ---- Shapes several endpoints share ---------------------------------------------------------

/** The `:id` of most paths: an id the app made (ARCHITECTURE §3). */
export const IdParamsSchema = z.object({ id: IdSchema });

/** An answer that is a whole HTML page (a browser navigation, not a fetch). */
export const HtmlPageSchema = z.string().meta({ description: 'An HTML page' });

/** A redirect: no body, the Location header says where to. */
export const redirectTo = (where: string) =>
  z.null().meta({ description: `Redirects to ${where}` });

/** No body. */
export const NoContentSchema = z.null().meta({ description: 'No content' });
