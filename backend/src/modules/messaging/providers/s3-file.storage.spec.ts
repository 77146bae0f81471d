import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StoredFileMissing } from './file-storage.js';
import { S3FileStorage, signS3Request } from './s3-file.storage.js';

describe('signS3Request', () => {
  // The worked example of AWS's "Signature Calculations for the Authorization Header" (GET Object with a Range).
  it('signs the AWS example request as AWS does', () => {
    const signed = signS3Request(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { range: 'bytes=0-9' },
      },
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
      new Date(Date.UTC(2013, 4, 24)),
    );
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('S3FileStorage', () => {
  /** An object store that keeps what is PUT, after checking the signature's parts a real one checks first. */
  async function objectStore() {
    const objects = new Map<string, { body: Buffer; type: string }>();
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const signed =
          /^AWS4-HMAC-SHA256 Credential=agency-key\/\d{8}\/ap-northeast-2\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/.test(
            req.headers.authorization ?? '',
          );
        const hashed = req.headers['x-amz-content-sha256'] === createHash('sha256').update(body).digest('hex');
        if (!signed || !hashed) return void res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        const key = req.url ?? '';
        if (req.method === 'PUT') objects.set(key, { body, type: String(req.headers['content-type']) });
        if (req.method === 'DELETE') objects.delete(key);
        if (req.method === 'GET') {
          const object = objects.get(key);
          return void (object
            ? res.writeHead(200, { 'content-type': object.type }).end(object.body)
            : res.writeHead(404).end());
        }
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, objects, server };
  }

  it('puts, gets and deletes objects path-style in the bucket, signed', async () => {
    const store = await objectStore();
    try {
      const storage = new S3FileStorage({
        S3_ENDPOINT: store.url,
        S3_REGION: 'ap-northeast-2',
        S3_BUCKET: 'jobcasting-files',
        S3_ACCESS_KEY_ID: 'agency-key',
        S3_SECRET_ACCESS_KEY: 'agency-secret',
      });
      const picture = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
      await storage.put('ab/ab12.png', picture, 'image/png');
      expect([...store.objects.keys()]).toEqual(['/jobcasting-files/ab/ab12.png']);
      expect(store.objects.get('/jobcasting-files/ab/ab12.png')?.type).toBe('image/png');
      expect((await storage.get('ab/ab12.png')).equals(picture)).toBe(true);
      await storage.delete('ab/ab12.png');
      expect(store.objects.size).toBe(0);
      // An absent object is told apart from a failing store: a backup lists it as missing instead of failing.
      await expect(storage.get('ab/ab12.png')).rejects.toBeInstanceOf(StoredFileMissing);
      // A key read from elsewhere (a restored backup) never reaches another bucket or place.
      for (const key of ['../other-bucket/x.png', 'ab/../../x.png', '/x.png', 'ab//x.png', './x.png']) {
        await expect(storage.put(key, picture, 'image/png')).rejects.toThrow(`Bad storage key ${key}`);
      }
      expect(store.objects.size).toBe(0);
    } finally {
      store.server.close();
    }
  });
});
