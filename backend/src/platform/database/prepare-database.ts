import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import type { INestApplicationContext } from '@nestjs/common';

/** Runs work that uses services outside an HTTP request (start-up, CLI) in its own ORM context. */
export function inOrmContext<T>(app: INestApplicationContext, work: () => Promise<T>): Promise<T> {
  return RequestContext.create(app.get(MikroORM).em, work);
}

/**
 * Applies the committed migrations, then what the application needs in the database to start (given by the
 * composition root, since platform imports no module). Safe to run on every start.
 */
export async function migrateDatabase<T>(app: INestApplicationContext, afterMigrations: () => Promise<T>): Promise<T> {
  await app.get(MikroORM).migrator.up();
  return inOrmContext(app, afterMigrations);
}
