import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildOpenApiYaml } from '../src/app-setup.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const STALE = 'is stale: run `npm run contracts` and commit the result';

describe('API contract', () => {
  it(`openapi.yaml matches the controllers (otherwise it ${STALE})`, async () => {
    const committed = await readFile(`${root}openapi.yaml`, 'utf8');
    expect(await buildOpenApiYaml()).toBe(committed);
  });

  it(`contracts/src/schema.d.ts matches openapi.yaml (otherwise it ${STALE})`, async () => {
    const committed = await readFile(`${root}contracts/src/schema.d.ts`, 'utf8');
    const generated = astToString(await openapiTS(new URL(`file://${root}openapi.yaml`)));
    // The CLI adds its banner; compare the generated body.
    expect(committed.endsWith(generated)).toBe(true);
  });
});
