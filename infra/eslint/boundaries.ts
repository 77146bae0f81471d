import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import type { Rule } from 'eslint';

// Paths are matched by their workspace folders, so the rule does not depend on where the repository lives.
const slashes = (path: string) => path.split(sep).join('/');

function featureOf(path: string): string | null {
  return /\/frontend\/src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;
}

/** A feature's public surface: the index.ts at its root, which names what other features may use. */
function isFeaturePublic(path: string): boolean {
  return /\/frontend\/src\/features\/[^/]+\/index\.tsx?$/.test(path);
}

function moduleOf(path: string): string | null {
  return /\/backend\/src\/modules\/([^/]+)\//.exec(path)?.[1] ?? null;
}

/**
 * What another back-end module may import: its Nest module, its services, its entities (for relations),
 * its DTOs (public shapes), its pure domain rules and the ports of its providers (what a third party does for
 * the product, and how it fails). Controllers, guards, processors and adapters are internal.
 */
function isModulePublic(path: string): boolean {
  return /\/(dto|domain)\//.test(path) || /\.(module|service|entity|ports)\.ts$/.test(path.replace(/\.js$/, '.ts'));
}

/** Pure libraries a domain rule may use; anything else (Nest, the ORM, clients) stays out of domain/. */
const DOMAIN_PACKAGES = ['@job-casting/rules', 'htmlparser2', 'iconv-lite', 'papaparse', 'zod'];

/** Pure rules: a module's domain/, or platform/domain/ for those several modules share (CSV reading, Korean time). */
const DOMAIN_FOLDER = /\/backend\/src\/(modules\/[^/]+|platform)\/domain\//;

/** A domain file may import other domain files (of any module, or shared), Node built-ins and the pure libraries. */
function isDomainSafe(filename: string, source: string): boolean {
  if (source.startsWith('.')) return DOMAIN_FOLDER.test(slashes(resolve(dirname(filename), source)));
  if (source.startsWith('node:')) return true;
  return DOMAIN_PACKAGES.some((name) => source === name || source.startsWith(`${name}/`));
}

/** The rules package runs in the browser and in Node alike: it imports only its own files. */
const RULES_SOURCE = /\/rules\/src\//;

/** Shared front-end folders (bulletproof-react's one-way zones): features build on them, never the reverse. */
const SHARED_FRONTEND = /\/frontend\/src\/(lib|components)\//;
const FRONTEND_FEATURES = /\/frontend\/src\/features\//;

/** The back end's cross-cutting code, and its composition root (files directly in src/, which wire the modules). */
const PLATFORM = /\/backend\/src\/platform\//;
const COMPOSITION_ROOT = /\/backend\/src\/[^/]+$/;

/**
 * Module imports known to close a cycle, to be undone: consent's outreach history reads messaging's deliveries and
 * takes their status SQL from messaging, while messaging asks consent before sending.
 */
const KNOWN_CYCLE_EDGES = new Set(['consent -> messaging']);

type ModuleGraph = Map<string, Set<string>>;
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.[^'"]+)['"]/g;
const graphs = new Map<string, ModuleGraph>();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Which module imports which, read once per lint run from the modules' files (specs left out: a test may use
 * another module without the code depending on it). Cheap: a regular expression over each file.
 */
function moduleGraph(modulesDir: string): ModuleGraph {
  const cached = graphs.get(modulesDir);
  if (cached) return cached;
  const graph: ModuleGraph = new Map();
  let files: string[] = [];
  try {
    files = sourceFiles(modulesDir);
  } catch {
    // No modules folder (a file outside a checkout): no edges.
  }
  for (const file of files) {
    const from = moduleOf(slashes(file));
    if (!from) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const to = moduleOf(slashes(resolve(dirname(file), match[1])));
      if (to && to !== from && !KNOWN_CYCLE_EDGES.has(`${from} -> ${to}`)) {
        if (!graph.has(from)) graph.set(from, new Set());
        graph.get(from)!.add(to);
      }
    }
  }
  graphs.set(modulesDir, graph);
  return graph;
}

/** The shortest chain of module imports from `from` to `to`, or null when there is none. */
function importChain(graph: ModuleGraph, from: string, to: string): string[] | null {
  const previous = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift()!;
    if (current === to) {
      const chain = [to];
      while (chain[0] !== from) chain.unshift(previous.get(chain[0])!);
      return chain;
    }
    for (const next of graph.get(current) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

/**
 * The tables every module may read in its own SQL: "users" is the shared read model of who did what (a name beside
 * a record); writes to it still go through the users module.
 */
const SHARED_TABLES = new Set(['users']);

/**
 * Reads of another module's tables that are known, to be moved behind the owning module's service: per file, the
 * tables it may still name. The outreach history gathers a person's e-mails and messages across modules.
 */
const KNOWN_TABLE_READS: Record<string, readonly string[]> = {
  'consent/outreach-history.service.ts': [
    'address_book',
    'contact',
    'gateway_call',
    'message_delivery',
    'message_send',
    'sent_email',
  ],
  'consent/consent.service.ts': ['contact'],
};

const TABLE_NAME = /\btableName:\s*'([a-z_][a-z0-9_]*)'/g;
const SQL_TABLE = /\b(?:from|join|into|update|table)\s+"([a-z_][a-z0-9_]*)"/gi;
const tableOwners = new Map<string, Map<string, string>>();

/** Which module owns each table: the one whose entity names it (tableName), read once per lint run. */
function tablesOf(modulesDir: string): Map<string, string> {
  const cached = tableOwners.get(modulesDir);
  if (cached) return cached;
  const owners = new Map<string, string>();
  let files: string[] = [];
  try {
    files = sourceFiles(modulesDir).filter((file) => file.endsWith('.entity.ts'));
  } catch {
    // No modules folder: no tables.
  }
  for (const file of files) {
    const owner = moduleOf(slashes(file));
    if (!owner) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(TABLE_NAME)) owners.set(match[1], owner);
  }
  tableOwners.set(modulesDir, owners);
  return owners;
}

/** Import boundaries of DESIGN.md §1, checked on relative imports. */
export const boundariesRule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps features and modules from reaching into each other' },
    schema: [],
    messages: {
      feature:
        "Feature '{{from}}' imports the internals of feature '{{to}}'; move what they share to components/ or lib/, or import its index.ts.",
      module: "Module '{{from}}' reaches into '{{target}}' of module '{{to}}'; use the service it exports.",
      cycle:
        "Module '{{from}}' imports module '{{to}}', which imports it back ({{chain}}); announce through platform/events, or move what both need.",
      platform:
        'platform/ is cross-cutting and imports no module ({{source}}); let the composition root (src/*.ts) pass in what it needs.',
      tables:
        'Module \'{{from}}\' queries table "{{table}}" of module \'{{to}}\' in SQL; ask the service that module exports (only "users" is shared).',
      shared:
        "Shared front-end code (lib/, components/) may not import feature '{{to}}'; move what it needs out of the feature.",
      rules:
        'The rules package is dependency-free and runs in browsers and Node alike: {{source}} may not be imported; only its own files.',
      domain:
        'Domain rules stay free of frameworks and I/O: {{source}} may not be imported from domain/; only other domain/ files, Node built-ins and {{allowed}}.',
    },
  },
  create(context) {
    const file = slashes(context.filename);
    const fromFeature = featureOf(file);
    const fromModule = moduleOf(file);
    // A spec beside a rule is no rule itself: it may use test support and test libraries.
    const isSpec = /\.spec\.tsx?$/.test(file);
    const inDomain = DOMAIN_FOLDER.test(file) && !isSpec;

    const inRules = RULES_SOURCE.test(file) && !file.endsWith('.spec.ts');

    function check(node: Rule.Node, source: string) {
      if (
        inRules &&
        !(source.startsWith('./') && RULES_SOURCE.test(slashes(resolve(dirname(context.filename), source))))
      ) {
        context.report({ node, messageId: 'rules', data: { source } });
        return;
      }
      if (inDomain && !isDomainSafe(context.filename, source)) {
        context.report({ node, messageId: 'domain', data: { source, allowed: DOMAIN_PACKAGES.join(', ') } });
        return;
      }
      if (!source.startsWith('.')) return;
      const target = slashes(resolve(dirname(context.filename), source));
      const toFeature = featureOf(target);
      if (SHARED_FRONTEND.test(file) && FRONTEND_FEATURES.test(target)) {
        context.report({ node, messageId: 'shared', data: { to: toFeature ?? target } });
        return;
      }
      if (fromFeature && toFeature && toFeature !== fromFeature && !isFeaturePublic(target)) {
        context.report({ node, messageId: 'feature', data: { from: fromFeature, to: toFeature } });
      }
      const toModule = moduleOf(target);
      if (PLATFORM.test(file) && (toModule || COMPOSITION_ROOT.test(target))) {
        context.report({ node, messageId: 'platform', data: { source } });
        return;
      }
      const inBackendSource = file.includes('/backend/src/');
      if (inBackendSource && fromModule && toModule && toModule !== fromModule && !isSpec) {
        const back = KNOWN_CYCLE_EDGES.has(`${fromModule} -> ${toModule}`)
          ? null
          : importChain(moduleGraph(modulesDir as string), toModule, fromModule);
        if (back) {
          context.report({
            node,
            messageId: 'cycle',
            data: { from: fromModule, to: toModule, chain: [fromModule, ...back].join(' → ') },
          });
          return;
        }
      }
      if (inBackendSource && toModule && toModule !== fromModule && !isModulePublic(target)) {
        context.report({
          node,
          messageId: 'module',
          data: { from: fromModule ?? 'platform', to: toModule, target: target.split('/').pop() ?? target },
        });
      }
    }

    const modulesDir =
      fromModule && context.filename.slice(0, file.indexOf('/backend/src/modules/')) + '/backend/src/modules';
    const knownReads = fromModule ? (KNOWN_TABLE_READS[file.split('/backend/src/modules/')[1]] ?? []) : [];

    /** SQL in a module's strings names only the module's own tables and the shared ones. */
    function checkSql(node: Rule.Node, text: string) {
      if (!fromModule || !modulesDir || isSpec || !text.includes('"')) return;
      for (const match of text.matchAll(SQL_TABLE)) {
        const table = match[1];
        const owner = tablesOf(modulesDir).get(table);
        if (owner && owner !== fromModule && !SHARED_TABLES.has(table) && !knownReads.includes(table)) {
          context.report({ node, messageId: 'tables', data: { from: fromModule, to: owner, table } });
        }
      }
    }

    return {
      Literal: (node) => {
        if (typeof node.value === 'string') checkSql(node as Rule.Node, node.value);
      },
      TemplateElement: (node) => checkSql(node as unknown as Rule.Node, node.value.raw),
      ImportDeclaration: (node) => check(node as Rule.Node, String(node.source.value)),
      ExportNamedDeclaration: (node) => node.source && check(node as Rule.Node, String(node.source.value)),
      ExportAllDeclaration: (node) => check(node as Rule.Node, String(node.source.value)),
      ImportExpression: (node) => {
        if (node.source.type === 'Literal') check(node as Rule.Node, String(node.source.value));
      },
    };
  },
};
