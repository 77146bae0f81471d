import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { validate } from 'class-validator';
import { plainToInstance } from 'class-transformer';
import { BACKUP_USAGE, backupCommand, restoreCommand } from './backup-commands.js';
import type { AppConfig } from './platform/config/config.js';
import { ConfigModule } from './platform/config/config.module.js';
import { loadConfigOrExit } from './platform/config/load-or-exit.js';
import { DatabaseModule } from './platform/database/database.module.js';
import { entities } from './entities.js';
import { RedisModule } from './platform/redis/redis.module.js';
import { prepareDatabase } from './app-setup.js';
import { inOrmContext } from './platform/database/prepare-database.js';
import { CreateUserDto } from './modules/users/dto/user.dto.js';
import { UsersModule } from './modules/users/users.module.js';
import { UsersService } from './modules/users/users.service.js';

const USAGE = `Usage:
  npm run cli -- migrate
      Applies the committed migrations and creates the first superadmin when there is none.
  npm run cli -- user:create --email <email> --password <password> --name <name> --username <username> [--role admin|superadmin|user]
      Creates a user (role admin unless given).
${BACKUP_USAGE}`;

@Module({})
class CliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CliModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule.forRoot(entities), RedisModule, UsersModule],
    };
  }
}

const parseUserOptions = (args: string[]) =>
  parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      username: { type: 'string' },
      role: { type: 'string' },
    },
  });

/** Reads and checks user:create's options before anything starts, so bad input is refused without a database. */
async function newUserFrom(args: string[]): Promise<CreateUserDto | string[]> {
  let options: ReturnType<typeof parseUserOptions>;
  try {
    options = parseUserOptions(args);
  } catch (error) {
    // An unknown option, or one without its value.
    return [(error as Error).message];
  }
  const input = plainToInstance(CreateUserDto, options.values);
  const problems = await validate(input);
  if (problems.length === 0) return input;
  return problems.map((problem) => `${problem.property}: ${Object.values(problem.constraints ?? {}).join('; ')}`);
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfigOrExit();
  // Neither migrates nor starts the app: a backup takes the database as it is, a restore wants it empty.
  if (command === 'backup' || command === 'restore') {
    try {
      return await (command === 'backup' ? backupCommand : restoreCommand)(rest, config);
    } catch (error) {
      console.error((error as Error).message);
      return 1;
    }
  }
  let newUser: CreateUserDto | undefined;
  if (command === 'user:create') {
    const checked = await newUserFrom(rest);
    if (Array.isArray(checked)) {
      for (const problem of checked) console.error(problem);
      return 1;
    }
    newUser = checked;
  }
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(config), { logger: ['error', 'warn'] });
  try {
    await prepareDatabase(app);
    if (command === 'migrate') {
      console.log('Database is up to date.');
      return 0;
    }
    if (newUser) {
      const input = newUser;
      const user = await inOrmContext(app, () => app.get(UsersService).create(input));
      console.log(`Created ${user.role} ${user.email} (id ${user.id}).`);
      return 0;
    }
    console.error(`Unknown command ${command}.\n${USAGE}`);
    return 1;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await app.close();
  }
}

process.exitCode = await main();
