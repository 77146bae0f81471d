// The checks every request passes before any route sees it, whatever its DTO: JSON no deeper than any of our
// bodies needs, and text that PostgreSQL and the rest of the stack can carry (no NUL, no lone UTF-16 surrogate)
// in the body, the path, the query and their keys. A route that reads its input raw (an upload's file names)
// calls unsafeTextIssue itself.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, type ValidationIssue } from './error-body.js';
import { firstIssueIn } from './input-walk.js';

/** Our deepest body (a send's recipients with their pictures) is four levels deep. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether a JSON text nests arrays and objects deeper than `max`, read without parsing it: brackets inside strings
 * do not count. A parser and every walker after it would recurse once per level.
 */
export function jsonNestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** Why a text cannot be stored, or null when it can. */
export function unsafeTextIssue(text: string, path: string): ValidationIssue | null {
  if (text.includes('\u0000')) return { path, message: `${path} must not contain NUL characters` };
  if (!text.isWellFormed()) return { path, message: `${path} must be valid Unicode text (it holds a lone surrogate)` };
  return null;
}

/** The first string (value or key) in a parsed input that cannot be stored, with where it is. */
export function findUnsafeText(value: unknown, path: string): ValidationIssue | null {
  return firstIssueIn(value, path, (inner, at) => (typeof inner === 'string' ? unsafeTextIssue(inner, at) : null));
}

function refuse(reply: FastifyReply, issue: ValidationIssue): FastifyReply {
  return reply.status(400).send(errorBody(400, issue.message, { validation: [issue] }));
}

/**
 * JSON bodies are measured for depth before they are parsed (Fastify's own parser, with its prototype-poisoning
 * checks, then parses them), and every parsed input is checked for text that cannot be stored.
 */
export function installRequestInputGuard(app: NestFastifyApplication, bodyLimit: number): void {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser('application/json', { bodyLimit }, (request, body, done) => {
    const text = body.toString('utf8');
    if (jsonNestedDeeperThan(text, MAX_JSON_DEPTH)) {
      const error = Object.assign(new Error(`The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`), {
        statusCode: 400,
        code: 'FST_ERR_CTP_JSON_DEPTH',
      });
      done(error, undefined);
      return;
    }
    parseJson(request as unknown as FastifyRequest, text, done);
  });

  fastify.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const issue =
      findUnsafeText(request.params, 'path') ??
      findUnsafeText(request.query, 'query') ??
      findUnsafeText(request.body, '');
    if (issue) return refuse(reply, { ...issue, path: issue.path.replace(/^(path|query)\./, '') });
  });
}
