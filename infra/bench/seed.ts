// npm run seed -- --users N: fills the local database (or DATABASE_URL) with realistic data.
import { parseArgs } from 'node:util';
import { ensureSecrets, localServices, node, root } from '../scripts/lib/app.ts';
import { run } from '../scripts/lib/processes.ts';
import { SEED_PASSWORD, seedUsers } from './seed-data.ts';

const { values } = parseArgs({ options: { users: { type: 'string', default: '0' } } });
const users = Number(values.users);
if (!Number.isInteger(users) || users < 0) {
  console.error('Usage: npm run seed -- --users <count>');
  process.exit(1);
}

const services = await localServices();
try {
  // The schema must exist: the CLI applies the committed migrations.
  const migrate = await run(node, ['backend/dist/cli.js', 'migrate'], {
    cwd: root,
    env: { ...process.env, ...ensureSecrets(), DATABASE_URL: services.databaseUrl, REDIS_URL: services.redisUrl },
  });
  if (migrate.code !== 0) throw new Error('migrations failed (is the back end built? npm run build)');
  if (users > 0) {
    const added = await seedUsers(services.databaseUrl, users);
    console.log(`Users: ${added} added (password ${SEED_PASSWORD}).`);
  }
} finally {
  await services.stop();
}
