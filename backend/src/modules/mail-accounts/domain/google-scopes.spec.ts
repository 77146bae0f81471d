import { canReadMail, GMAIL_READ_SCOPE } from './google-scopes.js';

describe('what granted scopes allow', () => {
  const SEND = 'https://www.googleapis.com/auth/gmail.send';

  it('reads mail with gmail.readonly or a broader Gmail scope', () => {
    expect(canReadMail(`${SEND} ${GMAIL_READ_SCOPE}`)).toBe(true);
    expect(canReadMail('https://mail.google.com/')).toBe(true);
    expect(canReadMail('https://www.googleapis.com/auth/gmail.modify  openid')).toBe(true);
  });

  it('cannot read with gmail.send alone, or when gmail.metadata holds the token to headers', () => {
    expect(canReadMail(SEND)).toBe(false);
    expect(canReadMail('')).toBe(false);
    expect(canReadMail(`${GMAIL_READ_SCOPE} https://www.googleapis.com/auth/gmail.metadata`)).toBe(false);
  });
});
