// The journeys run on as many app stacks as Playwright has workers (infra/scripts/test.ts): each worker talks to
// its own API and sandboxes, named by suffixing the worker's parallel index (E2E_BASE_URL_0, E2E_BASE_URL_1, ...).
// A name without the suffix serves every worker, as when the journeys are pointed at one running app.

/** This worker's value of a stack setting; undefined when neither form is set. */
export function stackEnv(name: string): string | undefined {
  const index = process.env.TEST_PARALLEL_INDEX ?? '0';
  return process.env[`${name}_${index}`] ?? process.env[name];
}
