import { StringDecoder } from 'node:string_decoder';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { z } from 'zod';
import {
  DOCUMENT_LISTS,
  DocumentOutlineSchema,
  DocumentRefsSchema,
  type DocumentList,
  type ExportDocument,
} from '@hustle/shared/portability';
import { AppError } from '../../lib/errors.ts';
import { JsonSplitter } from './json-splitter.ts';

/** Text handed to the splitter at once: between two, other requests get a turn of the loop. */
const SLICE_CHARS = 256 * 1024;
/** Problems listed in a refusal: enough to fix a file, bounded however broken it is. */
const MAX_ISSUES = 100;

/** Documents this reader made: a body parsed otherwise (a form) is checked by the contract. */
const readDocuments = new WeakSet<object>();
export const isReadDocument = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && readDocuments.has(body);

interface Issue {
  path: string;
  message: string;
}

const isList = (key: string): key is DocumentList => Object.hasOwn(DOCUMENT_LISTS, key);

/** A Fastify-shaped client error, answered by the one error handler as BAD_REQUEST. */
const requestError = (statusCode: number, code: string, message: string) =>
  Object.assign(new Error(message), { statusCode, code });

const tooLarge = () => requestError(413, 'FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large');
const notJson = () =>
  requestError(400, 'FST_ERR_CTP_INVALID_JSON_BODY', 'The request body is not valid JSON.');

/**
 * Collects the document as the splitter hands it on: each list item parsed and checked on its
 * own as it comes, so the text is never held whole and a bad item is named by its path.
 */
class DocumentCollector {
  readonly fields = new Map<string, unknown>();
  readonly issues: Issue[] = [];

  isList = isList;

  listStart(key: string): void {
    this.fields.set(key, []);
  }

  field(key: string, text: string): void {
    this.fields.set(key, JSON.parse(text));
  }

  item(key: string, index: number, text: string): void {
    const list = DOCUMENT_LISTS[key as DocumentList];
    const items = this.fields.get(key) as unknown[];
    // Past the cap an item is not worth checking: the outline refuses the list's length.
    if ('max' in list && index >= list.max) {
      items.push(null);
      return;
    }
    const value: unknown = JSON.parse(text);
    const parsed = (list.item as z.ZodType).safeParse(value);
    if (parsed.success) {
      items.push(parsed.data);
      return;
    }
    items.push(value);
    this.addIssues(parsed.error.issues, [key, index]);
  }

  addIssues(issues: z.core.$ZodIssue[], prefix: (string | number)[] = []): void {
    for (const issue of issues) {
      if (this.issues.length >= MAX_ISSUES) return;
      const path = [...prefix, ...issue.path].map(String).join('.');
      this.issues.push({ path, message: issue.message });
    }
  }

  /** The whole document once every item is in: its outline, then the refs between its parts. */
  finish(): ExportDocument {
    const outline = DocumentOutlineSchema.safeParse(Object.fromEntries(this.fields));
    if (!outline.success) this.addIssues(outline.error.issues);
    else if (this.issues.length === 0) {
      // As the whole schema does: refs are checked once every part is valid.
      const refs = DocumentRefsSchema.safeParse(outline.data);
      if (refs.success) {
        readDocuments.add(outline.data);
        return outline.data as ExportDocument;
      }
      this.addIssues(refs.error.issues);
    }
    const [first] = this.issues;
    const where = first?.path ? `${first.path}: ` : '';
    throw new AppError('VALIDATION_FAILED', `${where}${first?.message}`, this.issues);
  }
}

/**
 * Reads an import document from a request body as it arrives (decision 045): at most `maxBytes`,
 * split into its lists' items, each checked against the contract's schema as it comes, then the
 * whole checked as `ExportDocumentSchema` would. A refusal lists every problem by its path, as
 * the contract's own validation does.
 */
export async function readImportDocument(
  body: AsyncIterable<Buffer | string>,
  limits: { maxBytes: number; declaredBytes?: number | undefined },
): Promise<ExportDocument> {
  if (limits.declaredBytes !== undefined && limits.declaredBytes > limits.maxBytes) {
    throw tooLarge();
  }
  const collector = new DocumentCollector();
  const splitter = new JsonSplitter(collector);
  const decoder = new StringDecoder('utf8');
  let bytes = 0;
  try {
    for await (const chunk of body) {
      bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      if (bytes > limits.maxBytes) throw tooLarge();
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      for (let start = 0; start < text.length; start += SLICE_CHARS) {
        if (start > 0) await nextTurn();
        splitter.write(text.slice(start, start + SLICE_CHARS));
      }
    }
    splitter.write(decoder.end());
    splitter.end();
  } catch (error) {
    throw error instanceof SyntaxError ? notJson() : error;
  }
  return collector.finish();
}
