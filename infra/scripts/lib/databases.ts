// Databases on a PostgreSQL server, and free ports: free of side effects, so tests may import it.
import { createServer } from 'node:net';
import pg from 'pg';

/** The URL of another database on the same server. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates an empty database on the server of serverUrl (which needs CREATEDB rights) and returns its URL. */
export async function createDatabase(
  serverUrl: string,
  name: string,
  options: { ifMissing?: boolean } = {},
): Promise<string> {
  await withClient(serverUrl, async (client) => {
    if (options.ifMissing) {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return;
    }
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  });
  return databaseUrl(serverUrl, name);
}

/** Drops a database, closing its open connections first. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withClient(serverUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
  );
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(url, 'postgres'), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}
