import 'reflect-metadata';
import { loadConfigOrExit } from './platform/config/load-or-exit.js';
import { createHttpApp, prepareDatabase } from './app-setup.js';
import { createLogger } from './platform/logging/logger.js';

const config = loadConfigOrExit();
const logger = createLogger(config.LOG_LEVEL);
const app = await createHttpApp(config, logger);
app.enableShutdownHooks();
await prepareDatabase(app);
await app.listen({ port: config.PORT, host: config.HOST });
logger.info({ port: config.PORT }, 'API listening');
