import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { buildOpenApiYaml } from './app-setup.js';

const target = process.argv[2] ?? 'openapi.yaml';
await writeFile(target, await buildOpenApiYaml());
console.log(`Wrote ${target}`);
