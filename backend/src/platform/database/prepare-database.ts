import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import type { INestApplicationContext } from '@nestjs/common';
import { UsersService } from '../../modules/users/users.service.js';

/** Runs work that uses services outside an HTTP request (start-up, CLI) in its own ORM context. */
export function inOrmContext<T>(app: INestApplicationContext, work: () => Promise<T>): Promise<T> {
  return RequestContext.create(app.get(MikroORM).em, work);
}

/** Applies the committed migrations and makes sure a superadmin exists. Safe to run on every start. */
export async function prepareDatabase(app: INestApplicationContext) {
  await app.get(MikroORM).migrator.up();
  return inOrmContext(app, () => app.get(UsersService, { strict: false }).ensureSuperadmin());
}
