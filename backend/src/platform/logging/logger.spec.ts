import { createLogger, redactSecretQueryValues } from './logger.js';

describe('createLogger', () => {
  it('never writes a password, token or gateway key, wherever it sits in what is logged', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    logger.info(
      {
        sender: { phone: '01098765432', apiKey: 'jcsandbox7k2m9q4w8e1r5t3y6u0i2o4p' },
        user: { password: 'Secret-1', accessToken: 'ya29.token' },
      },
      'sending',
    );
    const [line] = lines;
    expect(line).not.toMatch(/jcsandbox|Secret-1|ya29/);
    expect(JSON.parse(line)).toMatchObject({
      sender: { phone: '01098765432', apiKey: '[redacted]' },
      user: { password: '[redacted]', accessToken: '[redacted]' },
      msg: 'sending',
    });
  });
});

describe('secret query parameters', () => {
  it('are redacted from a logged message and a logged error', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    logger.info('Route GET:/backend/queues/login?ticket=tkt-secret-1 not found');
    logger.warn(
      { err: new Error('Reply was already sent for /callback?code=code-secret-2&state=state-secret-3') },
      'failed',
    );
    const output = lines.join('\n');
    expect(output).not.toMatch(/tkt-secret|code-secret|state-secret/);
    expect(JSON.parse(lines[0]).msg).toBe('Route GET:/backend/queues/login?ticket=[redacted] not found');
    expect(JSON.parse(lines[1]).err.message).toBe(
      'Reply was already sent for /callback?code=[redacted]&state=[redacted]',
    );
  });

  it('leave every other parameter as it was', () => {
    expect(redactSecretQueryValues('/backend/api/v1/message-sends?page=2&status=sent&codes=1&encode=x')).toBe(
      '/backend/api/v1/message-sends?page=2&status=sent&codes=1&encode=x',
    );
    expect(redactSecretQueryValues('/a?Access_Token=abc#top')).toBe('/a?Access_Token=[redacted]#top');
  });
});
