import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { type EntityList, ormOptions } from './orm-options.js';

/** The ORM (a global module): every module injects EntityManager without importing this. */
@Module({})
export class DatabaseModule {
  /** The entities come from the composition root (src/entities.ts): platform imports no module. */
  static forRoot(entities: EntityList): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        MikroOrmModule.forRootAsync({
          driver: PostgreSqlDriver,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => ({
            ...ormOptions(config.DATABASE_URL, entities),
            registerRequestContext: true,
          }),
        }),
      ],
    };
  }
}
