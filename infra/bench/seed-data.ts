// Realistic seed data, one function per domain; each new domain adds its seeder here.
import pg from 'pg';

/** The back end's own password hashing (from its build), so seeded accounts sign in like real ones. */
async function hashPassword(password: string): Promise<string> {
  const hasher = new URL('../../backend/dist/platform/crypto/password-hasher.js', import.meta.url).href;
  const { hashPassword: hash } = (await import(hasher)) as { hashPassword: (password: string) => Promise<string> };
  return hash(password);
}

const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권'];
const GIVEN = [
  '민준',
  '서연',
  '도윤',
  '지우',
  '하준',
  '서윤',
  '시우',
  '하은',
  '지호',
  '수아',
  '예준',
  '지유',
  '주원',
  '채원',
  '유진',
];

export const SEED_PASSWORD = 'Seed-password-1';

/**
 * Inserts `count` admins (seed.user00001@jobcasting.test …) sharing one argon2id hash of SEED_PASSWORD, in
 * batches; existing seed users are kept. Returns how many were added.
 */
export async function seedUsers(databaseUrl: string, count: number): Promise<number> {
  const hash = await hashPassword(SEED_PASSWORD);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let added = 0;
  try {
    for (let start = 1; start <= count; start += 5_000) {
      const numbers = Array.from({ length: Math.min(5_000, count - start + 1) }, (_, i) => start + i);
      const names = numbers.map(
        (n) => `${SURNAMES[n % SURNAMES.length]}${GIVEN[Math.floor(n / SURNAMES.length) % GIVEN.length]}`,
      );
      const usernames = numbers.map((n) => `seed${String(n).padStart(5, '0')}`);
      const emails = numbers.map((n) => `seed.user${String(n).padStart(5, '0')}@jobcasting.test`);
      const result = await client.query(
        `insert into users (name, username, email, password_hash, role, created_at, updated_at)
         select name, username, email, $4, 'admin', now(), now()
         from unnest($1::text[], $2::text[], $3::text[]) as t(name, username, email)
         on conflict do nothing`,
        [names, usernames, emails, hash],
      );
      added += result.rowCount ?? 0;
    }
  } finally {
    await client.end();
  }
  return added;
}
