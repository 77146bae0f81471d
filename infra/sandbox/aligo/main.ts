// node infra/sandbox/aligo/main.ts --port 4020 [--host 127.0.0.1] [--user-id id --key key] [--senders 0212345678,01098765432] [--reject-unencodable]
//   [--failure-rate 0.05] [--report-delay-ms 5000] [--report-jitter-ms 60000] [--seed 42] [--quiet]
import { runSandbox, sandboxCommandLine, usageError } from '../command-line.ts';
import { SANDBOX_ACCOUNT, startAligoSandbox } from './server.ts';

const usage =
  'usage: node infra/sandbox/aligo/main.ts [--port 4020] [--host 127.0.0.1] [--user-id id] [--key key] [--senders n1,n2] [--sender-keys k1,k2] [--points won] [--non-kakao n1,n2] [--reject-unencodable] [--max-messages n] [--failure-rate 0..1] [--report-delay-ms ms] [--report-jitter-ms ms] [--seed n] [--quiet]';

const { port, host, quiet, values } = sandboxCommandLine(usage, 4020, {
  'user-id': { type: 'string' },
  key: { type: 'string' },
  senders: { type: 'string' },
  'sender-keys': { type: 'string' },
  points: { type: 'string' },
  'non-kakao': { type: 'string' },
  'reject-unencodable': { type: 'boolean', default: false },
  'max-messages': { type: 'string' },
  'failure-rate': { type: 'string' },
  'report-delay-ms': { type: 'string' },
  'report-jitter-ms': { type: 'string' },
  seed: { type: 'string' },
});
const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const numberOption = (name: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) usageError(`--${name} must be a number`, usage);
  return parsed;
};

await runSandbox('Aligo sandbox', () =>
  startAligoSandbox({
    port,
    host,
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
    delivery: {
      failureRate: numberOption('failure-rate', values['failure-rate']),
      delayMs: numberOption('report-delay-ms', values['report-delay-ms']),
      jitterMs: numberOption('report-jitter-ms', values['report-jitter-ms']),
      seed: numberOption('seed', values.seed),
    },
    log: quiet ? undefined : (line) => console.log(line),
  }),
);
