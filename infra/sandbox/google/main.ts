// node infra/sandbox/google/main.ts --port 4010 [--host 127.0.0.1] [--data folder] [--grants file] [--client-id x --client-secret y] [--quiet]
import { runSandbox, sandboxCommandLine } from '../command-line.ts';
import { startGoogleSandbox } from './server.ts';

const usage =
  'usage: node infra/sandbox/google/main.ts [--port 4010] [--host 127.0.0.1] [--data folder] [--grants file.json] [--client-id id] [--client-secret secret] [--quiet]';

const { port, host, quiet, values } = sandboxCommandLine(usage, 4010, {
  data: { type: 'string' },
  grants: { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
});

await runSandbox('Google sandbox', () =>
  startGoogleSandbox({
    port,
    host,
    dataDir: values.data,
    grantsFile: values.grants,
    clientId: values['client-id'],
    clientSecret: values['client-secret'],
    log: quiet ? undefined : (line) => console.log(line),
  }),
);
