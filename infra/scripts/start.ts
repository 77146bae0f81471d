// npm start: build, then run PostgreSQL, Redis, the API (serving the SPA) and the worker until Ctrl-C.
// `npm start -- --no-build` skips the build when backend/dist and frontend/dist are fresh.
import { join } from 'node:path';
import { describeExit, run, shutdown } from './lib/processes.ts';
import type { ExitStatus } from './lib/processes.ts';
import {
  apiArgs,
  banner,
  healthy,
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

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  if (!process.argv.includes('--no-build')) {
    const build = await run('npm', ['run', 'build'], { cwd: root, name: 'build' });
    if (build.code !== 0) return shutdown(1, `\nThe build ${describeExit(build)}: not starting.`);
  }

  // Google, or the local sandbox when no OAuth client is configured; the browser opens the app on `port`.
  const google = await googleForApp(port);
  // Aligo, or the local gateway sandbox when no key is configured.
  const aligo = await aligoForApp();
  const onUnexpectedExit = (name: string, status: ExitStatus) => void shutdown(1, unexpectedExitMessage(name, status));
  const env: NodeJS.ProcessEnv = {
    ...(await startLocalStack(onUnexpectedExit)),
    NODE_ENV: 'production',
    PORT: String(port),
    WEB_ROOT: join(root, 'frontend', 'dist'),
    ...google.env,
    ...aligo.env,
  };
  // In start order; they stop in reverse. Sandboxes the API talks to go before it.
  const processes: AppProcess[] = [
    ...google.processes,
    ...aligo.processes,
    { name: 'api', command: node, args: apiArgs, ready: healthy(port) },
    { name: 'worker', command: node, args: workerArgs },
  ];
  await startProcesses(processes, env, onUnexpectedExit);

  banner([
    `JOB CASTING is running at http://localhost:${port}`,
    ...superadminSignIn(),
    google.banner,
    ...aligo.banner,
    'Press Ctrl-C to stop.',
  ]);
}

main().catch((error: unknown) => shutdown(1, `\n${error instanceof Error ? error.message : String(error)}`));
