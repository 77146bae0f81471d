import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { FailedQueryLogger } from './failed-query-logger.js';
import { migrationsList } from './migrations/index.js';

/** Where the migrator records the migrations it applied: the schema's level, which a backup keeps. */
export const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/** The application's entities: the composition root (src/entities.ts) lists them, so platform imports no module. */
export type EntityList = NonNullable<Options['entities']>;

export function ormOptions(databaseUrl: string, entities: EntityList, debug = false): Options {
  return defineConfig({
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    migrations: {
      tableName: MIGRATIONS_TABLE,
      migrationsList,
      snapshot: false,
      transactional: true,
      allOrNothing: true,
      silent: true,
    },
    debug,
    loggerFactory: (options) => new FailedQueryLogger(options),
    // Entities are our own classes; a stale discovery cache is never wanted.
    metadataCache: { enabled: false },
    pool: { min: 0, max: 10 },
    // The app's queries are short: compiling one by JIT (on wherever PostgreSQL has LLVM) costs more than running
    // it, up to 0.2 s for a search whose estimate is high.
    driverOptions: { options: '-c jit=off' },
    // The application's SQL functions (trigger helpers) are made by migrations;
    // MikroORM would otherwise count every function it was not given as one to drop.
    schemaGenerator: { ignoreRoutines: true },
  });
}
