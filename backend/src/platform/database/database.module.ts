import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ormOptions } from './orm-options.js';

/** The ORM (a global module): every module injects EntityManager without importing this. */
@Module({
  imports: [
    MikroOrmModule.forRootAsync({
      driver: PostgreSqlDriver,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...ormOptions(config.DATABASE_URL),
        registerRequestContext: true,
      }),
    }),
  ],
})
export class DatabaseModule {}
