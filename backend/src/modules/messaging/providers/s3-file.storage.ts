// S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, NCP Object Storage) for message pictures, over
// plain HTTPS with AWS Signature Version 4: PUT, GET and DELETE of one object, path-style URLs.
import { createHash, createHmac } from 'node:crypto';
import type { AppConfig } from '../../../platform/config/config.js';
import { checkedStorageKey, type FileStorage, StoredFileMissing } from './file-storage.js';

type S3Config = Pick<
  AppConfig,
  'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
>;

export interface SignedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** Signs a request (SigV4, service s3): adds x-amz-date, x-amz-content-sha256 and Authorization. */
export function signS3Request(
  request: { method: string; url: URL; headers?: Record<string, string>; body?: Buffer },
  credentials: { accessKeyId: string; secretAccessKey: string; region: string },
  at: Date,
): SignedRequest {
  const amzDate = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256(request.body ?? '');
  const headers: Record<string, string> = {
    ...request.headers,
    host: request.url.host,
    'x-amz-content-sha256': payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value.trim()]));
  const canonicalQuery = [...request.url.searchParams.entries()]
    .map(([key, value]) => [encodeRfc3986(key), encodeRfc3986(value)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonical = [
    request.method,
    request.url.pathname,
    canonicalQuery,
    ...names.map((name) => `${name}:${lower[name]}`),
    '',
    names.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return {
    method: request.method,
    url: request.url,
    headers: {
      ...headers,
      authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
    },
  };
}

function encodeRfc3986(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export class S3FileStorage implements FileStorage {
  private readonly endpoint: string;

  constructor(private readonly config: S3Config) {
    this.endpoint = config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`;
  }

  async put(key: string, bytes: Buffer, mimeType: string): Promise<void> {
    await this.request('PUT', key, bytes, { 'content-type': mimeType });
  }

  async get(key: string): Promise<Buffer> {
    return Buffer.from(await (await this.request('GET', key)).arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    await this.request('DELETE', key);
  }

  private async request(
    method: string,
    key: string,
    body?: Buffer,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const url = new URL(
      `${this.endpoint.replace(/\/$/, '')}/${this.config.S3_BUCKET}/${checkedStorageKey(key).split('/').map(encodeRfc3986).join('/')}`,
    );
    const signed = signS3Request(
      { method, url, headers, body },
      {
        accessKeyId: this.config.S3_ACCESS_KEY_ID!,
        secretAccessKey: this.config.S3_SECRET_ACCESS_KEY!,
        region: this.config.S3_REGION,
      },
      new Date(),
    );
    const response = await fetch(url, {
      method,
      headers: signed.headers,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    if (method === 'GET' && response.status === 404) throw new StoredFileMissing(key);
    if (!response.ok && !(method === 'DELETE' && response.status === 404)) {
      throw new Error(
        `Object storage answered ${response.status} to ${method} ${key}: ${(await response.text().catch(() => '')).slice(0, 200)}`,
      );
    }
    return response;
  }
}
