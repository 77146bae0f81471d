// npm run cli -- <command> [args]: the back end's admin commands (backend/dist/cli.js), against the
// database of a running npm start/dev, or of .data/ started for the command's duration.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describeExit, run, shutdown, spawnChild } from './lib/processes.ts';
import { dataDir, ensureDataDir, ensureSecrets, localServices, node, root } from './lib/app.ts';

async function main(): Promise<never> {
  const cli = join(root, 'backend', 'dist', 'cli.js');
  if (!existsSync(cli)) {
    const build = await run('npm', ['run', 'build', '-w', 'backend'], { cwd: root, name: 'build' });
    if (build.code !== 0) return shutdown(1, `Building the back end ${describeExit(build)}`);
  }
  ensureDataDir();
  const secrets = ensureSecrets();
  const services = await localServices();
  const env = {
    ...process.env,
    ...secrets,
    DATA_DIR: dataDir,
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: services.redisUrl,
  };

  // In the foreground: the command may ask questions, and Ctrl-C reaches it directly.
  const child = spawnChild('cli', node, [cli, ...process.argv.slice(2)], {
    cwd: process.cwd(),
    env,
    foreground: true,
    output: 'inherit',
  });
  const status = await child.exited;
  await child.stop();
  return shutdown(status.code ?? 1);
}

main().catch((error: unknown) => shutdown(1, error instanceof Error ? error.message : String(error)));
