import { createLogger } from './logger.js';

describe('createLogger', () => {
  it('never writes a password, token or gateway key, wherever it sits in what is logged', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    logger.info({ sender: { phone: '01098765432', apiKey: 'jcsandbox7k2m9q4w8e1r5t3y6u0i2o4p' }, user: { password: 'Secret-1', accessToken: 'ya29.token' } }, 'sending');
    const [line] = lines;
    expect(line).not.toMatch(/jcsandbox|Secret-1|ya29/);
    expect(JSON.parse(line)).toMatchObject({ sender: { phone: '01098765432', apiKey: '[redacted]' }, user: { password: '[redacted]', accessToken: '[redacted]' }, msg: 'sending' });
  });
});
