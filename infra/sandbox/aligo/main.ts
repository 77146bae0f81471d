// node infra/sandbox/aligo/main.ts --port 4020 [--host 127.0.0.1] [--user-id id --key key] [--senders 0212345678,01098765432] [--reject-unencodable] [--quiet]
import { parseArgs } from 'node:util';
import { SANDBOX_ACCOUNT, startAligoSandbox } from './server.ts';

const usage =
  'usage: node infra/sandbox/aligo/main.ts [--port 4020] [--host 127.0.0.1] [--user-id id] [--key key] [--senders n1,n2] [--sender-keys k1,k2] [--points won] [--non-kakao n1,n2] [--reject-unencodable] [--max-messages n] [--quiet]';

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string', default: '4020' },
      host: { type: 'string', default: '127.0.0.1' },
      'user-id': { type: 'string' },
      key: { type: 'string' },
      senders: { type: 'string' },
      'sender-keys': { type: 'string' },
      points: { type: 'string' },
      'non-kakao': { type: 'string' },
      'reject-unencodable': { type: 'boolean', default: false },
      'max-messages': { type: 'string' },
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
const list = (value: string | undefined) => value?.split(',').map((item) => item.trim()).filter(Boolean);
const numberOption = (name: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) {
    console.error(`--${name} must be a number\n${usage}`);
    process.exit(2);
  }
  return parsed;
};

try {
  const sandbox = await startAligoSandbox({
    port,
    host: values.host,
    accounts: [
      {
        userId: values['user-id'] ?? SANDBOX_ACCOUNT.userId,
        key: values.key ?? SANDBOX_ACCOUNT.key,
        senders: list(values.senders) ?? SANDBOX_ACCOUNT.senders,
        senderKeys: list(values['sender-keys']) ?? SANDBOX_ACCOUNT.senderKeys,
        points: numberOption('points', values.points) ?? SANDBOX_ACCOUNT.points,
      },
    ],
    nonKakaoReceivers: list(values['non-kakao']),
    unencodable: values['reject-unencodable'] ? 'reject' : 'replace',
    maxMessages: numberOption('max-messages', values['max-messages']),
    log: values.quiet ? undefined : (line) => console.log(line),
  });
  console.log(`Aligo sandbox listening on ${sandbox.url}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Aligo sandbox stopping (${signal})`);
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
} catch (error) {
  console.error(`Aligo sandbox failed to start: ${(error as Error).message}`);
  process.exit(1);
}
