// Entry point of the root npm scripts. Runs on whatever Node is installed (plain JavaScript, Node 20+):
// installs the dependencies when needed, which bring Node 24 (the "node" dev dependency), then runs the
// command's TypeScript script on that Node 24, forwarding signals and the exit code.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync, utimesSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const scripts = {
  start: 'infra/scripts/start.ts',
  dev: 'infra/scripts/dev.ts',
  test: 'infra/scripts/test.ts',
  cli: 'infra/scripts/cli.ts',
  seed: 'infra/bench/seed.ts',
  bench: 'infra/bench/bench.ts',
};

const [command, ...args] = process.argv.slice(2);
if (!Object.hasOwn(scripts, command)) {
  console.error(`usage: node infra/scripts/bootstrap.mjs <${Object.keys(scripts).join('|')}> [args...]`);
  process.exit(2);
}

const node24 = join(root, 'node_modules', '.bin', 'node');
const installedLock = join(root, 'node_modules', '.package-lock.json');
const lock = join(root, 'package-lock.json');

function needsInstall() {
  if (!existsSync(node24) || !existsSync(installedLock)) return true;
  return existsSync(lock) && statSync(installedLock).mtimeMs < statSync(lock).mtimeMs;
}

if (needsInstall()) {
  console.log('Installing dependencies (npm install)...');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (install.status !== 0) {
    console.error(install.error ? `npm install could not run: ${install.error.message}` : 'npm install failed');
    process.exit(install.status || 1);
  }
  // npm leaves the installed lock untouched when nothing changed: mark it current so we do not install again.
  if (existsSync(installedLock)) {
    const now = new Date();
    utimesSync(installedLock, now, now);
  }
  if (!existsSync(node24)) {
    console.error(`${node24} is missing after npm install: the "node" dev dependency did not install`);
    process.exit(1);
  }
}

const script = join(root, scripts[command]);
if (!existsSync(script)) {
  console.error(`${scripts[command]} does not exist yet`);
  process.exit(1);
}

// The bench imports the rules package, whose build its own build step would come too late for.
if (command === 'bench') {
  const rules = spawnSync(node24, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'rules')], {
    stdio: 'inherit',
  });
  if (rules.status !== 0) process.exit(rules.status || 1);
}

// node_modules/.bin first, so that "node" in anything started below is Node 24 too.
const env = {
  ...process.env,
  PATH: [join(root, 'node_modules', '.bin'), process.env.PATH].filter(Boolean).join(delimiter),
};
const child = spawn(node24, [script, ...args], { stdio: 'inherit', env });

// The child usually gets a terminal Ctrl-C itself; forwarding covers signals sent to this process alone.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('error', (error) => {
  console.error(`Could not run ${node24}: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) {
    // Die of the same signal, so that our parent sees what happened.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
