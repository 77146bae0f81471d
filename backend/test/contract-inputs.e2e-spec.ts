// Every operation of openapi.yaml, fed the inputs that break servers: JSON nested thousands of levels deep, NUL
// characters, lone UTF-16 surrogates, integers beyond PostgreSQL's, nulls and wrong types, in every body field,
// path parameter and query parameter. Each must be answered in the error shape with a 4xx (or succeed), never
// with a 5xx. A new route is walked as soon as the contract names it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { bearer, startTestApp, type TestApp } from './support/test-app.js';

const PROBER = { email: 'prober@jobcasting.test', password: 'Prober-password-1' };

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  minimum?: number;
  minLength?: number;
  minItems?: number;
  default?: unknown;
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

const contract = parse(readFileSync(fileURLToPath(new URL('../../openapi.yaml', import.meta.url)), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

function resolve(schema: Schema): Schema {
  if (schema.$ref) return resolve(contract.components.schemas[schema.$ref.split('/').pop()!]);
  const composed = schema.allOf ?? schema.oneOf ?? schema.anyOf;
  return composed ? resolve(composed[0]) : schema;
}

/** A plausible valid value, so that a request fails only on the input under test. */
function sample(raw: Schema, depth = 0): unknown {
  const schema = resolve(raw);
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return depth > 3 || !schema.items
        ? []
        : Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items!, depth + 1));
    case 'object':
    case undefined:
      if (!schema.properties || depth > 3) return {};
      return Object.fromEntries(
        Object.entries(schema.properties).map(([name, property]) => [name, sample(property, depth + 1)]),
      );
    default:
      if (schema.format === 'email') return 'inputs@example.kr';
      if (schema.format === 'date-time') return '2099-01-01T01:00:00.000Z';
      if (schema.format === 'date') return '2099-01-01';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.kr/a';
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

const DEPTH = 5000;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;

/** Values put in place of a body field, one at a time. */
const FIELD_CORPUS: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'a\udc00b',
  2147483648,
  -2147483649,
  1e20,
  1.5,
  null,
  true,
  'x',
  {},
  [],
  ['\u0000'],
  { '\u0000': 1 },
];

/** Raw texts put in place of a path or query parameter (percent-encoded as sent). */
const PARAMETER_CORPUS = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '2147483647',
  '2147483648',
  '1e20',
  '-1',
  '0',
  '99999999999999999999',
  'null',
  '%F0%9F%98%80',
];

interface Probe {
  method: string;
  url: string;
  payload?: string;
  contentType?: string;
  what: string;
}

function pathWith(template: string, overrides: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => overrides[name] ?? '1');
}

function fieldPaths(value: unknown, prefix: string[] = []): string[][] {
  if (Array.isArray(value))
    return value.length > 0 ? [[...prefix, '0'], ...fieldPaths(value[0], [...prefix, '0'])] : [];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [[...prefix, key], ...fieldPaths(inner, [...prefix, key])]);
  }
  return [];
}

function replaced(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1)!] = value;
  return copy;
}

function probes(): Probe[] {
  const all: Probe[] = [];
  for (const [template, operations] of Object.entries(contract.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const verb = method.toUpperCase();
      const parameters = operation.parameters ?? [];
      const query = parameters.filter((parameter) => parameter.in === 'query');
      const json = operation.requestBody?.content['application/json']?.schema;
      const body = json ? JSON.stringify(sample(json)) : undefined;
      const base = { method: verb, payload: body, contentType: body ? 'application/json' : undefined };

      for (const parameter of parameters.filter((candidate) => candidate.in === 'path')) {
        for (const raw of PARAMETER_CORPUS) {
          all.push({
            ...base,
            url: pathWith(template, { [parameter.name]: raw }),
            what: `${verb} ${template} path ${parameter.name}=${raw}`,
          });
        }
      }
      for (const parameter of query) {
        for (const raw of [...PARAMETER_CORPUS, '']) {
          all.push({
            ...base,
            url: `${pathWith(template)}?${parameter.name}=${raw}`,
            what: `${verb} ${template} query ${parameter.name}=${raw}`,
          });
        }
        all.push({
          ...base,
          url: `${pathWith(template)}?${parameter.name}=1&${parameter.name}=2`,
          what: `${verb} ${template} query ${parameter.name} twice`,
        });
      }
      if (!json) continue;
      const url = pathWith(template);
      const valid = sample(json);
      for (const raw of [deepArray, deepObject, '"\\u0000"', '[]', '1e400', 'null', `{"a":${deepArray}}`]) {
        all.push({
          method: verb,
          url,
          payload: raw,
          contentType: 'application/json',
          what: `${verb} ${template} body ${raw.slice(0, 12)}`,
        });
      }
      for (const path of fieldPaths(valid)) {
        for (const value of FIELD_CORPUS) {
          all.push({
            method: verb,
            url,
            payload: JSON.stringify(replaced(valid, path, value)),
            contentType: 'application/json',
            what: `${verb} ${template} ${path.join('.')}=${JSON.stringify(value)}`,
          });
        }
        const deep = JSON.stringify(replaced(valid, path, '\u0001DEEP\u0001')).replace(
          '"\\u0001DEEP\\u0001"',
          deepArray,
        );
        all.push({
          method: verb,
          url,
          payload: deep,
          contentType: 'application/json',
          what: `${verb} ${template} ${path.join('.')}=<${DEPTH} levels>`,
        });
      }
    }
  }
  // Removals last, so that the records the other probes reach exist while they run.
  return all.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

describe('every operation of the contract with hostile inputs', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp({ LOGIN_RATE_LIMIT_PER_EMAIL: '100000', LOGIN_RATE_LIMIT_PER_IP: '100000' });
    // The probes change and remove user 1 (the first superadmin); they run as a second one.
    await t.createUser({ email: PROBER.email, password: PROBER.password, role: 'superadmin' });
    token = (await t.login(PROBER.email, PROBER.password)).token;
    // Records with id 1 for the probes to reach: a book with a group and a contact, templates, a model.
    const as = { headers: bearer(token) };
    const arrange = async (url: string, payload: object) => {
      const response = await t.request({ method: 'POST', url: `/backend/api/v1/${url}`, payload, ...as });
      if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    };
    await arrange('address-books', { name: '입력 점검' });
    await arrange('address-books/1/groups', { name: '배우' });
    await arrange('address-books/1/contacts', { contactName: '김민준', phoneNumber: '010-1234-5678', groupId: 1 });
    await arrange('email-templates', { title: 't', subject: 's', template: 'x', isActive: true, htmlTemplate: '' });
    await arrange('models', { comcardNo: 'C-1' });
    await arrange('message-templates', { id: '1', title: 't', message: 'm', fileType: '묶음', files: [] });
  });
  afterAll(() => t?.close());

  it('answers every probe with less than 500', async () => {
    const all = probes();
    expect(all.length).toBeGreaterThan(1000);
    const failures: string[] = [];
    for (const probe of all) {
      if (probe.url.includes('auth/logout')) continue;
      const response = await t.request({
        method: probe.method as 'GET',
        url: probe.url,
        payload: probe.payload,
        headers: { ...bearer(token), ...(probe.contentType ? { 'content-type': probe.contentType } : {}) },
      });
      if (response.statusCode >= 500)
        failures.push(`${probe.what}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      else if (
        response.statusCode >= 400 &&
        response.statusCode !== 404 &&
        !('statusCode' in safeJson(response.body))
      ) {
        failures.push(`${probe.what}: ${response.statusCode} outside the error shape: ${response.body.slice(0, 160)}`);
      }
      if (response.statusCode === 401) token = (await t.login(PROBER.email, PROBER.password)).token;
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

function safeJson(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
