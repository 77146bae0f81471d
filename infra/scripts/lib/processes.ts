// Child processes and shutdown for the infra scripts.
//
// Every child runs in its own process group, so a Ctrl-C in the terminal reaches only this script, which
// then stops the children in reverse start order (worker and API before Redis before PostgreSQL) and can
// kill a child's whole tree (postgres backends, node --watch, npm's shell) by its group id. Children and
// other cleanups share one last-in-first-out list, so whatever started later stops first.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process could not be started at all (e.g. ENOENT). */
  error?: Error;
}

export type Output = 'inherit' | 'prefix' | 'quiet' | ((line: string, stream: 'out' | 'err') => void);

export interface ChildOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  uid?: number;
  gid?: number;
  /** inherit: straight to our stdout/stderr; prefix: each line as "[name] line"; quiet: kept for tail() only. */
  output?: Output;
  /** Stay in our process group and share our stdin (interactive commands). */
  foreground?: boolean;
  /** Signal sent to the main process by stop(); its group gets SIGKILL after stopTimeoutMs. */
  stopSignal?: NodeJS.Signals;
  stopTimeoutMs?: number;
}

export interface Child {
  readonly name: string;
  readonly pid: number | undefined;
  readonly exited: Promise<ExitStatus>;
  /** True once stop() was called: an exit after that is expected. */
  readonly stopping: boolean;
  /** The last lines of output, for error messages. */
  tail(): string;
  stop(): Promise<ExitStatus>;
}

const live = new Set<Child>();
const cleanups: (() => unknown)[] = [];
let shuttingDown: Promise<never> | undefined;

const colors = [36, 35, 33, 32, 34, 96, 95, 93];
const colorOf = new Map<string, number>();

export function prefixFor(name: string): string {
  if (!process.stdout.isTTY) return `[${name}] `;
  if (!colorOf.has(name)) colorOf.set(name, colors[colorOf.size % colors.length]);
  return `\x1b[${colorOf.get(name)}m[${name}]\x1b[0m `;
}

export function describeExit(status: ExitStatus): string {
  if (status.error) return `could not start (${status.error.message})`;
  if (status.signal) return `was killed by ${status.signal}`;
  return `exited with code ${status.code}`;
}

export function isShuttingDown(): boolean {
  return shuttingDown !== undefined;
}

export function spawnChild(name: string, command: string, args: string[], options: ChildOptions = {}): Child {
  if (shuttingDown) throw new Error(`not starting ${name}: shutting down`);
  const output = options.output ?? 'prefix';
  const foreground = options.foreground ?? false;
  const piped = output !== 'inherit';
  const proc = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    uid: options.uid,
    gid: options.gid,
    detached: !foreground,
    stdio: [foreground ? 'inherit' : 'ignore', piped ? 'pipe' : 'inherit', piped ? 'pipe' : 'inherit'],
  });

  const recent: string[] = [];
  const onLine = (line: string, stream: 'out' | 'err') => {
    if (!line.trim()) return;
    recent.push(line);
    if (recent.length > 40) recent.shift();
    if (typeof output === 'function') output(line, stream);
    else if (output === 'prefix')
      (stream === 'err' ? process.stderr : process.stdout).write(prefixFor(name) + line + '\n');
  };
  const readLines = (stream: Readable | null, kind: 'out' | 'err') => {
    if (stream) createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => onLine(line, kind));
  };
  readLines(proc.stdout, 'out');
  readLines(proc.stderr, 'err');

  let done: ExitStatus | undefined;
  const exited = new Promise<ExitStatus>((resolve) => {
    proc.once('error', (error) => resolve((done ??= { code: null, signal: null, error })));
    proc.once('exit', (code, signal) => resolve((done ??= { code, signal })));
  });

  const signalTree = (signal: NodeJS.Signals) => {
    if (proc.pid === undefined) return;
    try {
      process.kill(foreground ? proc.pid : -proc.pid, signal);
    } catch {
      // already gone
    }
  };

  let stopping = false;
  let unregister = () => {};
  const child: Child = {
    name,
    pid: proc.pid,
    exited,
    get stopping() {
      return stopping;
    },
    tail: () => recent.join('\n'),
    async stop() {
      stopping = true;
      if (!done) {
        const timeoutMs = options.stopTimeoutMs ?? 10_000;
        try {
          proc.kill(options.stopSignal ?? 'SIGTERM');
        } catch {
          // already gone
        }
        const finished = await Promise.race([exited.then(() => true), delay(timeoutMs, false, { ref: false })]);
        if (!finished) {
          console.error(`${name} did not stop within ${timeoutMs / 1000} s; killing it`);
          signalTree('SIGKILL');
        }
      }
      const status = await exited;
      // Grandchildren that outlived their parent (a shell's command, a watcher's app) go too.
      if (!foreground) signalTree('SIGKILL');
      live.delete(child);
      unregister();
      return status;
    },
  };
  live.add(child);
  unregister = onShutdown(() => child.stop());
  void exited.then(() => {
    if (stopping) return;
    if (!foreground) signalTree('SIGKILL');
    live.delete(child);
    unregister();
  });
  return child;
}

/** Polls until check() is true; returns true, or why it gave up (the child exited, or time ran out). */
export async function waitUntil(
  child: Child,
  check: () => Promise<boolean>,
  timeoutMs: number,
): Promise<true | string> {
  let exit: ExitStatus | undefined;
  void child.exited.then((status) => (exit = status));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exit) return `${child.name} ${describeExit(exit)}`;
    if (await check()) return true;
    await delay(100);
  }
  return `${child.name} was not ready within ${timeoutMs / 1000} s`;
}

/** Runs a command to completion; output goes straight to the terminal unless told otherwise. */
export async function run(
  command: string,
  args: string[],
  options: ChildOptions & { name?: string } = {},
): Promise<ExitStatus> {
  const child = spawnChild(options.name ?? command, command, args, { output: 'inherit', ...options });
  const status = await child.exited;
  await child.stop();
  return status;
}

/**
 * Registers work to do when the script stops, on a signal, an uncaught error or shutdown().
 * Runs last-registered first. Returns a function that unregisters it.
 */
export function onShutdown(cleanup: () => unknown): () => void {
  cleanups.push(cleanup);
  return () => {
    const index = cleanups.lastIndexOf(cleanup);
    if (index >= 0) cleanups.splice(index, 1);
  };
}

/** Runs every cleanup, stops every child still running, and exits with the code. */
export function shutdown(code: number, message?: string): Promise<never> {
  if (shuttingDown) return shuttingDown;
  if (message) console.error(message);
  shuttingDown = (async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(error);
      }
    }
    await Promise.all([...live].map((child) => child.stop()));
    process.exit(code);
  })();
  return shuttingDown;
}

const signalCodes: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
for (const [signal, code] of Object.entries(signalCodes) as [NodeJS.Signals, number][]) {
  process.on(signal, () => {
    // npm forwards the terminal's Ctrl-C as well, so a second signal is common: the first one is acted on.
    if (shuttingDown) return;
    void shutdown(code, `\nReceived ${signal}: stopping...`);
  });
}
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => {
    console.error(error);
    void shutdown(1);
  });
}
// Last resort when something calls process.exit() directly: nothing may outlive this script.
process.on('exit', () => {
  for (const child of live) {
    if (child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
});
