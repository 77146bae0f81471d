// npm run dev: PostgreSQL, Redis, the back end rebuilt and restarted on save (API on 8080, worker), and the
// Vite dev server on 3000, which proxies /backend to the API.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describeExit, shutdown, waitUntil } from './lib/processes.ts';
import type { ExitStatus } from './lib/processes.ts';
import {
  apiArgs,
  banner,
  healthy,
  isHealthy,
  node,
  root,
  startLocalStack,
  startProcesses,
  superadminSignIn,
  unexpectedExitMessage,
  workerArgs,
} from './lib/app.ts';
import type { AppProcess } from './lib/app.ts';
import { aligoForApp } from './lib/aligo.ts';
import { googleForApp } from './lib/google.ts';

const API_PORT = 8080;
const WEB_PORT = 3000;

async function main(): Promise<void> {
  // Google, or the local sandbox (logging each request) when no OAuth client is configured. The browser opens
  // Vite, which proxies /backend, so Google's redirect comes back through it.
  const google = await googleForApp(WEB_PORT, { logRequests: true });
  const aligo = await aligoForApp({ logRequests: true });
  const onUnexpectedExit = (name: string, status: ExitStatus) => void shutdown(1, unexpectedExitMessage(name, status));
  const env: NodeJS.ProcessEnv = {
    ...(await startLocalStack(onUnexpectedExit)),
    NODE_ENV: 'development',
    PORT: String(API_PORT),
    CORS_ORIGIN: `http://localhost:${WEB_PORT}`,
    ...google.env,
    ...aligo.env,
  };
  delete env.WEB_ROOT;

  // The API can start only once the first compilations have written rules/dist (which the back end imports) and
  // backend/dist.
  const firstCompilation = () => {
    let mark = () => {};
    const done = new Promise<true>((resolve) => (mark = () => resolve(true)));
    return { mark, done };
  };
  const rulesCompiled = firstCompilation();
  const backendCompiled = firstCompilation();
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const vite = [
    join(root, 'frontend', 'node_modules', 'vite', 'bin', 'vite.js'),
    join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
  ].find(existsSync);
  if (!vite) return shutdown(1, 'Vite is not installed: run npm install');

  // In start order; they stop in reverse. Sandboxes the API talks to go before it.
  const processes: AppProcess[] = [
    {
      name: 'rules',
      command: node,
      args: [tsc, '-p', 'rules/tsconfig.json', '--watch', '--preserveWatchOutput'],
      onLine: (line) => /Watching for file changes/.test(line) && rulesCompiled.mark(),
      ready: (child) =>
        Promise.race([rulesCompiled.done, child.exited.then((status) => `tsc of the rules ${describeExit(status)}`)]),
    },
    {
      name: 'tsc',
      command: node,
      args: [tsc, '-p', 'backend/tsconfig.build.json', '--watch', '--preserveWatchOutput'],
      onLine: (line) => /Watching for file changes/.test(line) && backendCompiled.mark(),
      ready: (child) =>
        Promise.race([backendCompiled.done, child.exited.then((status) => `tsc ${describeExit(status)}`)]),
    },
    ...google.processes,
    ...aligo.processes,
    {
      name: 'api',
      command: node,
      args: ['--watch', ...apiArgs],
      ready: healthy(API_PORT),
      readyRequired: false,
    },
    { name: 'worker', command: node, args: ['--watch', ...workerArgs] },
    {
      name: 'web',
      command: node,
      args: [vite, '--port', String(WEB_PORT), '--strictPort'],
      cwd: join(root, 'frontend'),
      ready: (child) => waitUntil(child, () => isHealthy(`http://localhost:${WEB_PORT}/`), 60_000),
    },
  ];
  await startProcesses(processes, env, onUnexpectedExit);

  banner([
    `JOB CASTING (development) is running at http://localhost:${WEB_PORT}`,
    `API: http://localhost:${API_PORT}/backend/api/v1 (rebuilt and restarted on save)`,
    ...superadminSignIn(),
    google.banner,
    ...aligo.banner,
    'Press Ctrl-C to stop.',
  ]);
}

main().catch((error: unknown) => shutdown(1, `\n${error instanceof Error ? error.message : String(error)}`));
