// node infra/sandbox/google/main.ts --port 4010 [--host 127.0.0.1] [--data folder] [--grants file] [--client-id x --client-secret y] [--quiet]
import { parseArgs } from 'node:util';
import { startGoogleSandbox } from './server.ts';

const usage = 'usage: node infra/sandbox/google/main.ts [--port 4010] [--host 127.0.0.1] [--data folder] [--grants file.json] [--client-id id] [--client-secret secret] [--quiet]';

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string' },
      grants: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number\n${usage}`);
  process.exit(2);
}

try {
  const sandbox = await startGoogleSandbox({
    port,
    host: values.host,
    dataDir: values.data,
    grantsFile: values.grants,
    clientId: values['client-id'],
    clientSecret: values['client-secret'],
    log: values.quiet ? undefined : (line) => console.log(line),
  });
  console.log(`Google sandbox listening on ${sandbox.url}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Google sandbox stopping (${signal})`);
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
} catch (error) {
  console.error(`Google sandbox failed to start: ${(error as Error).message}`);
  process.exit(1);
}
