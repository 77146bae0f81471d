// The port a sandbox of npm start and npm run dev listens on: the one its variable names, which must be free, else
// its usual port, or any free port when that is taken (a second checkout running at the same time).
import { createServer } from 'node:net';
import { freePort } from './databases.ts';

export async function sandboxPort(variable: string, usual: number): Promise<number> {
  const given = process.env[variable];
  if (given) {
    const port = Number(given);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new Error(`${variable} must be a port number, not "${given}"`);
    if (!(await isFree(port))) throw new Error(`${variable} ${port} is in use (is npm start or npm run dev running?)`);
    return port;
  }
  return (await isFree(usual)) ? usual : freePort();
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolveFree) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolveFree(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolveFree(true)));
  });
}
