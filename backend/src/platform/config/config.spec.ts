import { ConfigError, loadConfig } from './config.js';

const valid = {
  DATABASE_URL: 'postgres://app@localhost:5432/app',
  REDIS_URL: 'redis://localhost:6379',
  JWT_SECRET: 'x'.repeat(40),
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

function problems(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('accepts a complete environment and applies defaults', () => {
    const config = loadConfig(valid);
    expect(config.PORT).toBe(8080);
    expect(config.ACCESS_TOKEN_TTL_SECONDS).toBe(900);
    expect(config.VERBOSE_ERRORS).toBe(false);
  });

  it('allows no cross-origin calls unless CORS_ORIGIN names one origin (the built app is same-origin)', () => {
    expect(loadConfig({ ...valid, NODE_ENV: 'production' }).CORS_ORIGIN).toBeUndefined();
    expect(loadConfig({ ...valid, CORS_ORIGIN: 'http://localhost:3000' }).CORS_ORIGIN).toBe('http://localhost:3000');
    expect(problems({ ...valid, CORS_ORIGIN: 'http://localhost:3000/' })).toEqual([
      'CORS_ORIGIN must be an origin, such as http://localhost:3000, without a path',
    ]);
    expect(problems({ ...valid, CORS_ORIGIN: '*' })).toEqual(['CORS_ORIGIN must be an http(s) origin']);
  });

  it('names every missing variable', () => {
    expect(problems({})).toEqual(
      expect.arrayContaining([
        'DATABASE_URL is required',
        'REDIS_URL is required',
        'JWT_SECRET is required',
        'ENCRYPTION_KEY is required',
      ]),
    );
  });

  it('names a bad variable and says what is wrong', () => {
    expect(problems({ ...valid, PORT: 'eighty' })[0]).toMatch(/^PORT /);
    expect(problems({ ...valid, JWT_SECRET: 'short' })).toEqual(['JWT_SECRET must be at least 32 characters']);
    expect(problems({ ...valid, ENCRYPTION_KEY: 'abc' })).toEqual(['ENCRYPTION_KEY must be 32 bytes, base64-encoded']);
    expect(problems({ ...valid, DATABASE_URL: 'mysql://x' })).toEqual(['DATABASE_URL must be a postgres:// URL']);
    expect(problems({ ...valid, VERBOSE_ERRORS: 'maybe' })[0]).toMatch(/^VERBOSE_ERRORS /);
  });

  it("takes the unit prices of a send's review in won and tenths, Aligo's list prices by default", () => {
    expect(loadConfig(valid)).toMatchObject({
      MESSAGE_PRICE_SMS: 8.4,
      MESSAGE_PRICE_LMS: 25.9,
      MESSAGE_PRICE_MMS: 60,
      MESSAGE_PRICE_KAKAO: 13.2,
    });
    expect(loadConfig({ ...valid, MESSAGE_PRICE_LMS: '30', MESSAGE_PRICE_SMS: '9.9' })).toMatchObject({
      MESSAGE_PRICE_LMS: 30,
      MESSAGE_PRICE_SMS: 9.9,
    });
    expect(problems({ ...valid, MESSAGE_PRICE_SMS: 'cheap' })).toEqual([
      'MESSAGE_PRICE_SMS must be a price in won, such as 8.4',
    ]);
    expect(problems({ ...valid, MESSAGE_PRICE_MMS: '-1' })).toEqual([
      'MESSAGE_PRICE_MMS must be a price in won, such as 8.4',
    ]);
    expect(problems({ ...valid, MESSAGE_PRICE_KAKAO: '13.25' })).toEqual([
      'MESSAGE_PRICE_KAKAO must be in won and tenths, such as 8.4',
    ]);
  });

  it('needs ADMIN_EMAIL with ADMIN_PASSWORD', () => {
    expect(problems({ ...valid, ADMIN_PASSWORD: 'long-enough-1' })).toEqual([
      'ADMIN_EMAIL is required when ADMIN_PASSWORD is set',
    ]);
  });
});
