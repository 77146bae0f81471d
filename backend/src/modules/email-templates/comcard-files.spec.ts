import { GoogleCallError, type DriveDownload, type DrivePort } from '../mail-accounts/providers/google.ports.js';
import { comcardFiles } from './comcard-files.js';
import type { EmailModel } from './domain/render-email.js';

const model = (comcardNo: string, fields: Partial<EmailModel>): EmailModel => ({
  comcardNo,
  image: null,
  nameEng: null,
  nameKor: null,
  national: null,
  stage: null,
  additionalPic: null,
  download: null,
  comcardPhotoURL: null,
  htmlUrl: null,
  ...fields,
});
const link = (id: string) => `https://drive.google.com/uc?export=download&id=${id}`;

/** A Drive of a few files, as the port answers for them. */
function driveOf(
  files: Record<string, { mimeType: string; size: number } | 'missing'>,
): DrivePort & { asked: string[] } {
  const asked: string[] = [];
  const download = async (fileId: string, maxBytes: number): Promise<DriveDownload> => {
    asked.push(fileId);
    const file = files[fileId];
    if (!file || file === 'missing') throw new GoogleCallError({ kind: 'not_found', status: 404 });
    if (file.size > maxBytes) return { kind: 'too-large', name: `${fileId}.pdf`, size: file.size };
    return { kind: 'file', name: `${fileId}.pdf`, mimeType: file.mimeType, content: Buffer.alloc(file.size) };
  };
  return {
    asked,
    download,
    listFiles: async () => ({ files: [], nextPageToken: null }),
    getFile: async (id) => ({ id, mimeType: null }),
    linkSharing: async () => 'anyone',
  };
}

describe('comcardFiles', () => {
  it('attaches PDFs and images within the limit in all, and names the models whose files stay links', async () => {
    const drive = driveOf({
      PDF000000001: { mimeType: 'application/pdf', size: 600 },
      JPG000000002: { mimeType: 'image/jpeg', size: 300 },
      BIG000000003: { mimeType: 'application/pdf', size: 200 },
      DOC000000004: { mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 10 },
      GONE00000005: 'missing',
    });
    const files = await comcardFiles(
      drive,
      [
        model('C-1', { nameKor: '김민준', download: link('PDF000000001') }),
        model('C-2', { nameEng: 'Mia', comcardPhotoURL: `https://drive.google.com/file/d/JPG000000002/view` }),
        // 900 of 1,000 bytes taken: 200 more do not fit.
        model('C-3', { nameKor: '이서연', download: link('BIG000000003') }),
        model('C-4', { download: link('DOC000000004') }),
        model('C-5', { nameKor: '박지호', download: link('GONE00000005') }),
        // No Drive file: nothing to attach or to say.
        model('C-6', { nameKor: '최유나', download: 'https://jobcasting.kr/comcard/C-6.pdf' }),
      ],
      1000,
    );
    expect(files.attachments.map((file) => [file.filename, file.contentType, file.content.length])).toEqual([
      ['PDF000000001.pdf', 'application/pdf', 600],
      ['JPG000000002.pdf', 'image/jpeg', 300],
    ]);
    expect(files.linked).toEqual(['이서연', 'C-4', '박지호']);
    expect(drive.asked).not.toContain('C-6');
  });

  it('lets a failure of the account itself (a refused sign-in) end the send', async () => {
    const drive = driveOf({});
    drive.download = async () => {
      throw new GoogleCallError({ kind: 'invalid_grant' });
    };
    await expect(comcardFiles(drive, [model('C-1', { download: link('PDF000000001') })], 1000)).rejects.toBeInstanceOf(
      GoogleCallError,
    );
  });
});
