import { dirname, resolve, sep } from 'node:path';
import type { Rule } from 'eslint';

// Paths are matched by their workspace folders, so the rule does not depend on where the repository lives.
const slashes = (path: string) => path.split(sep).join('/');

function featureOf(path: string): string | null {
  return /\/frontend\/src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;
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

/** Import boundaries of DESIGN.md §1, checked on relative imports. */
export const boundariesRule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps features and modules from reaching into each other' },
    schema: [],
    messages: {
      feature:
        "Feature '{{from}}' imports the internals of feature '{{to}}'; move what they share to components/ or lib/.",
      module: "Module '{{from}}' reaches into '{{target}}' of module '{{to}}'; use the service it exports.",
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
    const inDomain = DOMAIN_FOLDER.test(file) && !file.endsWith('.spec.ts');

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
      if (fromFeature && toFeature && toFeature !== fromFeature) {
        context.report({ node, messageId: 'feature', data: { from: fromFeature, to: toFeature } });
      }
      const toModule = moduleOf(target);
      const inBackendSource = file.includes('/backend/src/');
      if (inBackendSource && toModule && toModule !== fromModule && !isModulePublic(target)) {
        context.report({
          node,
          messageId: 'module',
          data: { from: fromModule ?? 'platform', to: toModule, target: target.split('/').pop() ?? target },
        });
      }
    }

    return {
      ImportDeclaration: (node) => check(node as Rule.Node, String(node.source.value)),
      ExportNamedDeclaration: (node) => node.source && check(node as Rule.Node, String(node.source.value)),
      ExportAllDeclaration: (node) => check(node as Rule.Node, String(node.source.value)),
      ImportExpression: (node) => {
        if (node.source.type === 'Literal') check(node as Rule.Node, String(node.source.value));
      },
    };
  },
};
