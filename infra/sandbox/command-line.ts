// The command line both sandboxes share: --port, --host, --quiet and --help beside their own options, a usage line
// on a mistake (exit 2), and a server that says where it listens and closes on SIGINT or SIGTERM.
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

const COMMON = {
  host: { type: 'string', default: '127.0.0.1' },
  quiet: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

interface CommonValues {
  host: string;
  quiet: boolean;
}

/** Prints the problem and the usage, and exits with 2. */
export function usageError(message: string, usage: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

/** The sandbox's own options and the common ones, with the port checked; --help prints the usage and exits. */
export function sandboxCommandLine<T extends ParseArgsOptionsConfig>(usage: string, defaultPort: number, own: T) {
  let parsed;
  try {
    parsed = parseArgs({ options: { ...own, ...COMMON, port: { type: 'string', default: String(defaultPort) } } });
  } catch (error) {
    return usageError((error as Error).message, usage);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) usageError('--port must be a port number', usage);
  const common: CommonValues = { host: values.host as string, quiet: values.quiet as boolean };
  return { port, ...common, values: values as { [K in keyof T]?: T[K]['type'] extends 'boolean' ? boolean : string } };
}

/** Starts a sandbox, says where it listens, and closes it on SIGINT or SIGTERM; a failure to start exits with 1. */
export async function runSandbox(
  name: string,
  start: () => Promise<{ url: string; close(): Promise<void> }>,
): Promise<void> {
  try {
    const sandbox = await start();
    console.log(`${name} listening on ${sandbox.url}`);
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.log(`${name} stopping (${signal})`);
      void sandbox.close().then(() => process.exit(0));
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  } catch (error) {
    console.error(`${name} failed to start: ${(error as Error).message}`);
    process.exit(1);
  }
}
