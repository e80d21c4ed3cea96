import type { FieldError } from '@strata/domain/errors';
import { fieldError } from '@strata/domain/field-errors';
import type { FastifyInstance } from 'fastify';
import { invalidFields } from './field-errors';

/** The deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 64;

/**
 * A string PostgreSQL cannot store (U+0000 in text and jsonb) or that is not Unicode at all (a
 * lone UTF-16 surrogate, which jsonb refuses and text silently replaces).
 */
export function isStorableText(text: string): boolean {
  // isWellFormed is ES2024 (Node 20 has it; the project's lib is ES2023).
  return !text.includes('\u0000') && (text as string & { isWellFormed(): boolean }).isWellFormed();
}

/**
 * Whether a JSON text nests deeper than `max` arrays and objects, found in one pass over the text
 * without parsing it, so that a body of a million brackets costs a scan, not a parse.
 */
export function exceedsJsonDepth(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** What busboy throws, untyped, for a multipart body it cannot read (its own messages). */
const MULTIPART_PARSE_ERROR =
  /^(Multipart: Boundary not found|Unexpected end of multipart data|.+ terminated early due to unexpected end of multipart data|Unsupported Content-Type\.)$/;

/**
 * Whether an error is the multipart parser refusing a malformed body: the client's fault, answered
 * 400 by the error handler (it carries no status of its own, so it would be a 500).
 */
export function isMalformedMultipart(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { statusCode?: unknown }).statusCode === undefined &&
    MULTIPART_PARSE_ERROR.test(error.message)
  );
}

interface Frame {
  value: unknown;
  parent: Frame | null;
  key: string;
}

function pathOf(frame: Frame, prefix: string): string {
  const keys: string[] = [];
  for (let at: Frame | null = frame; at?.parent; at = at.parent) keys.push(at.key);
  if (prefix !== '') keys.push(prefix);
  return keys.reverse().join('.');
}

/**
 * The first string (key or value) of a parsed value that cannot be stored, as a field error at
 * its dotted path. Walks with its own stack, never recursing, whatever the value's depth.
 */
export function findUnstorableText(value: unknown, prefix = ''): FieldError | null {
  const stack: Frame[] = [{ value, parent: null, key: '' }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const current = frame.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return unstorable(pathOf(frame, prefix));
    } else if (current !== null && typeof current === 'object') {
      const isArray = Array.isArray(current);
      for (const key of Object.keys(current)) {
        const child: Frame = { value: (current as Record<string, unknown>)[key], parent: frame, key };
        if (!isArray && !isStorableText(key)) return unstorable(pathOf(child, prefix));
        stack.push(child);
      }
    }
  }
  return null;
}

function unstorable(path: string): FieldError {
  return {
    ...fieldError(path, 'FIELD_INVALID'),
    message: 'This text contains a character that cannot be stored (U+0000 or a lone surrogate).',
  };
}

function tooDeep(): FieldError {
  return {
    ...fieldError('', 'FIELD_INVALID'),
    message: `The JSON body may not be nested more than ${MAX_JSON_DEPTH} levels deep.`,
  };
}

/**
 * The input policy of every route, at the edge (docs/api.md, "Input limits"): a JSON body nests at
 * most MAX_JSON_DEPTH deep and every string of the body, the query string and the path parameters
 * can be stored; otherwise 422 with the field's path, before any route, hook or query runs. The
 * body size limit is Fastify's `bodyLimit` (app.ts). The JSON parser stays Fastify's own
 * (secure-json-parse over V8's JSON.parse, neither recursive; prototype poisoning refused).
 */
export function registerInputPolicy(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) return done(invalidFields([tooDeep()]), undefined);
    // Fastify's own parser answers through its callback and returns nothing (its type allows a promise).
    void parseJson(request, text, (error, parsed) => {
      if (error) return done(error, undefined);
      const problem = findUnstorableText(parsed);
      if (problem) return done(invalidFields([problem]), undefined);
      done(null, parsed);
    });
  });

  // The query string and path parameters, before any route hook (authentication included) reads them.
  app.addHook('onRequest', (request, _reply, done) => {
    const problem = findUnstorableText(request.params) ?? findUnstorableText(request.query);
    done(problem ? invalidFields([problem]) : undefined);
  });
  // A body of another text type (text/plain) is one string.
  app.addHook('preValidation', (request, _reply, done) => {
    const problem = typeof request.body === 'string' ? findUnstorableText(request.body, 'body') : null;
    done(problem ? invalidFields([problem]) : undefined);
  });
}
