import { attachmentModeOf, attachmentsProblem, ATTACHMENT_MESSAGES, pictureTypeOf } from './attachments.js';

const files = (count: number, folder = '') => Array.from({ length: count }, () => ({ folder }));

describe('attachmentsProblem', () => {
  it('takes 2 folders of 30 images in bundle mode, and no more', () => {
    expect(attachmentsProblem('bundle', [...files(30, '프로필'), ...files(30, '현장')])).toBeNull();
    expect(attachmentsProblem('bundle', [...files(1, 'a'), ...files(1, 'b'), ...files(1, 'c')])).toBe(
      ATTACHMENT_MESSAGES.tooManyFolders,
    );
    expect(attachmentsProblem('bundle', files(31, '프로필'))).toBe(ATTACHMENT_MESSAGES.tooManyInFolder('프로필'));
  });

  it('takes 10 images in individual mode, and no more', () => {
    expect(attachmentsProblem('individual', files(10))).toBeNull();
    expect(attachmentsProblem('individual', files(11))).toBe(ATTACHMENT_MESSAGES.tooManyIndividual);
  });
});

describe('attachmentModeOf', () => {
  it('reads the Korean words and the English ones, bundle by default', () => {
    expect(attachmentModeOf('개별')).toBe('individual');
    expect(attachmentModeOf('individual')).toBe('individual');
    expect(attachmentModeOf('묶음')).toBe('bundle');
    expect(attachmentModeOf(undefined)).toBe('bundle');
  });
});

describe('pictureTypeOf', () => {
  it('knows JPEG, PNG and GIF by their first bytes, and nothing else', () => {
    expect(pictureTypeOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(pictureTypeOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d]))).toBe('image/png');
    expect(pictureTypeOf(Buffer.from('GIF89a'))).toBe('image/gif');
    expect(pictureTypeOf(Buffer.from('%PDF-1.7'))).toBeNull();
  });
});
