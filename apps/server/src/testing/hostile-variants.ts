import type { InjectOptions } from 'fastify';
import { LIMITS } from '@hustle/shared/constants';

/** One request a route is known to accept: its path parameters, query, body and caller. */
export interface RouteSample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body (sent as application/json). */
  body?: unknown;
  /** A body sent as these exact bytes, for routes that read raw bodies. */
  rawBody?: { payload: string; contentType: string };
  headers?: Record<string, string>;
}

export interface HostileRequest {
  label: string;
  request: InjectOptions;
}

/** Text no database column should receive, or should not receive unbounded. */
const HOSTILE_TEXT: Record<string, string> = {
  NUL: '\u0000',
  'embedded NUL': 'ab\u0000cd',
  'lone high surrogate': 'ab\uD800',
  'lone low surrogate': '\uDC00cd',
  // Past the longest text the contract takes: a task's notes (issue 31).
  'over-long text': 'x'.repeat(LIMITS.taskNotesMaxLength + 1),
};

const WRONG_FOR_TEXT: Record<string, unknown> = {
  'a number': 42,
  'a boolean': true,
  'an object': { value: 'x' },
  'an array': ['x'],
};

const WRONG_FOR_NUMBER: Record<string, unknown> = {
  'a huge number': 1e308,
  'an integer beyond 2^53': 2 ** 53 + 2,
  'a negative number': -1,
  'a fraction': 1.5,
  'a numeric string': '5',
  'a NUL string': '\u0000',
};

const WRONG_FOR_BOOLEAN: Record<string, unknown> = {
  'a string': 'true',
  'a number': 1,
  'a NUL string': '\u0000',
};

const DEPTH = 5_000;
const deeplyNestedArray = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const deeplyNestedObject = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH);

/**
 * A URL component the way an attacker can write it: lone surrogates become the generalised
 * UTF-8 bytes of the code unit (which no browser sends and no strict decoder accepts).
 */
export function encodeHostile(value: string): string {
  let out = '';
  for (const char of value) {
    const unit = char.charCodeAt(0);
    const isLone = char.length === 1 && unit >= 0xd800 && unit <= 0xdfff;
    out += isLone
      ? [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('')
      : encodeURIComponent(char);
  }
  return out;
}

type Leaf = { path: (string | number)[]; value: string | number | boolean | null };

function leavesOf(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leavesOf(item, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...path, key]));
  }
  return [{ path, value: value as Leaf['value'] }];
}

function replaceAt(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    return value.map((item, index) => (index === head ? replaceAt(item, rest, next) : item));
  }
  const record = value as Record<string, unknown>;
  return { ...record, [head!]: replaceAt(record[head!], rest, next) };
}

function wrongValuesFor(leaf: Leaf['value']): Record<string, unknown> {
  if (typeof leaf === 'number') return WRONG_FOR_NUMBER;
  if (typeof leaf === 'boolean') return WRONG_FOR_BOOLEAN;
  return { ...HOSTILE_TEXT, ...WRONG_FOR_TEXT };
}

function urlOf(pattern: string, params: Record<string, string>, query: string): string {
  const path = pattern.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`the sample of ${pattern} lacks the "${name}" param`);
    return value;
  });
  return query ? `${path}?${query}` : path;
}

const encodeParams = (params: Record<string, string>) =>
  Object.fromEntries(Object.entries(params).map(([key, value]) => [key, encodeHostile(value)]));

const queryOf = (query: Record<string, string>) =>
  Object.entries(query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeHostile(value)}`)
    .join('&');

type Body = { payload: string; contentType: string } | null;

/**
 * The same hostile inputs for every route: each path parameter, query field and body field in
 * turn replaced by text no database should store, by a value of the wrong type, or (numbers) by
 * one out of range; then whole bodies that are malformed, of the wrong shape, deeply nested or
 * carrying unknown fields; a forged bearer token where the route reads one, and a malformed
 * Idempotency-Key on authenticated writes.
 */
export function hostileRequests(
  method: string,
  pattern: string,
  sample: RouteSample,
): HostileRequest[] {
  const params = sample.params ?? {};
  const query = sample.query ?? {};
  const variants: HostileRequest[] = [];
  const add = (
    label: string,
    parts: {
      params?: Record<string, string>;
      query?: string;
      body?: Body;
      headers?: Record<string, string>;
    },
  ) =>
    variants.push({
      label,
      request: toRequest(
        method,
        urlOf(pattern, encodeParams(parts.params ?? params), parts.query ?? queryOf(query)),
        parts.body === undefined ? bodyOf(sample) : parts.body,
        { ...sample.headers, ...parts.headers },
      ),
    });

  for (const name of Object.keys(params)) {
    for (const [what, text] of Object.entries(HOSTILE_TEXT)) {
      add(`param ${name}: ${what}`, { params: { ...params, [name]: text } });
    }
  }

  for (const name of Object.keys(query)) {
    for (const [what, text] of Object.entries(HOSTILE_TEXT)) {
      add(`query ${name}: ${what}`, { query: queryOf({ ...query, [name]: text }) });
    }
    add(`query ${name}: repeated`, {
      query: `${queryOf(query)}&${encodeURIComponent(name)}=again`,
    });
  }
  if (Object.keys(query).length > 0) {
    add('query: an unknown field', { query: `${queryOf(query)}&isAdmin=true` });
  }

  if (sample.body !== undefined) {
    for (const leaf of leavesOf(sample.body)) {
      for (const [what, wrong] of Object.entries(wrongValuesFor(leaf.value))) {
        add(`body ${leaf.path.join('.')}: ${what}`, {
          body: json(replaceAt(sample.body, leaf.path, wrong)),
        });
      }
    }
    if (typeof sample.body === 'object' && sample.body !== null) {
      add('body: an unknown field', { body: json({ ...sample.body, isAdmin: true }) });
      const rest = JSON.stringify(sample.body).slice(1);
      add('body: a __proto__ field', {
        body: rawJson(`{"__proto__":{"isAdmin":true}${rest === '}' ? '' : ','}${rest}`),
      });
      const first = leavesOf(sample.body)[0];
      if (first?.path.length === 1 && typeof first.value === 'string') {
        const form = { ...(sample.body as Record<string, string>), [first.path[0]!]: '\u0000' };
        add('body: a form with NUL in a field', {
          body: {
            payload: new URLSearchParams(form).toString(),
            contentType: 'application/x-www-form-urlencoded',
          },
        });
      }
    }
    add('body: an array', { body: json([sample.body]) });
    add('body: a string', { body: json('\u0000') });
    add('body: a number', { body: json(1e308) });
    add('body: deeply nested arrays', { body: rawJson(deeplyNestedArray) });
    add('body: deeply nested objects', { body: rawJson(deeplyNestedObject) });
    add('body: malformed JSON', { body: rawJson('{"name": "x",') });
    add('body: over the size limit', { body: json({ padding: 'x'.repeat(300_000) }) });
  }

  if (sample.rawBody) {
    for (const [what, text] of Object.entries(HOSTILE_TEXT)) {
      add(`raw body: ${what}`, {
        body: { payload: text, contentType: sample.rawBody.contentType },
      });
    }
  }

  if (sample.headers?.authorization) {
    for (const [what, text] of Object.entries(HOSTILE_TEXT)) {
      add(`bearer token: ${what}`, { headers: { authorization: `Bearer ${text}` } });
    }
    // The one header the server stores (decision 013).
    if (method !== 'GET') {
      for (const [what, text] of Object.entries({ ...HOSTILE_TEXT, empty: '' })) {
        add(`Idempotency-Key: ${what}`, { headers: { 'idempotency-key': text } });
      }
    }
  }
  return variants;
}

const rawJson = (payload: string): Body => ({ payload, contentType: 'application/json' });
const json = (value: unknown): Body => rawJson(JSON.stringify(value));

function bodyOf(sample: RouteSample): Body {
  if (sample.rawBody) return sample.rawBody;
  return sample.body === undefined ? null : json(sample.body);
}

function toRequest(
  method: string,
  url: string,
  body: Body,
  headers: Record<string, string> = {},
): InjectOptions {
  return {
    method: method as InjectOptions['method'],
    url,
    headers: body ? { ...headers, 'content-type': body.contentType } : headers,
    ...(body ? { payload: body.payload } : {}),
  };
}

/** The sample itself, as a request. */
export function sampleRequest(method: string, pattern: string, sample: RouteSample): InjectOptions {
  const url = urlOf(pattern, encodeParams(sample.params ?? {}), queryOf(sample.query ?? {}));
  return toRequest(method, url, bodyOf(sample), sample.headers);
}
