import { describe, expect, it } from 'vitest';
import {
  DROP_MESSAGES,
  dropProblem,
  fileListPreview,
  fileModeOf,
  FILE_MODE_WORDS,
  isPicture,
  uploadsFromPicker,
} from './attachments.ts';

describe('dropProblem', () => {
  it('takes at most 2 folders in bundle mode', () => {
    expect(dropProblem('bundle', 2)).toBeNull();
    expect(dropProblem('bundle', 3)).toBe(DROP_MESSAGES.tooManyFolders);
  });

  it('takes at most 10 files in individual mode', () => {
    expect(dropProblem('individual', 10)).toBeNull();
    expect(dropProblem('individual', 11)).toBe('개별 모드에서는 최대 10개의 파일만 선택할 수 있습니다.');
  });
});

describe('the file list', () => {
  it('shows the first 3 and counts the rest', () => {
    expect(fileListPreview(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(fileListPreview(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});

describe('modes and pictures', () => {
  it('reads the API’s words, bundle unless individual', () => {
    expect(fileModeOf(FILE_MODE_WORDS.individual)).toBe('individual');
    expect(fileModeOf('묶음')).toBe('bundle');
    expect(fileModeOf('')).toBe('bundle');
  });

  it('takes JPEG, PNG and GIF only', () => {
    expect(['image/jpeg', 'image/png', 'image/gif', 'image/webp', ''].map((type) => isPicture({ type }))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('uploadsFromPicker', () => {
  const picked = (name: string, type: string, folderPath = '') => {
    const file = new File(['x'], name, { type });
    if (folderPath) Object.defineProperty(file, 'webkitRelativePath', { value: `${folderPath}/${name}` });
    return file;
  };

  it('takes a folder’s pictures under their folder in bundle mode', () => {
    const uploads = uploadsFromPicker(
      [
        picked('a.jpg', 'image/jpeg', '프로필'),
        picked('.DS_Store', '', '프로필'),
        picked('b.png', 'image/png', '프로필'),
      ],
      'bundle',
    );
    expect(uploads.map((upload) => upload.name)).toEqual(['프로필/a.jpg', '프로필/b.png']);
  });

  it('takes every chosen file by its name in individual mode, leaving the refusal of non-pictures to the server', () => {
    const uploads = uploadsFromPicker([picked('a.jpg', 'image/jpeg'), picked('notes.txt', 'text/plain')], 'individual');
    expect(uploads.map((upload) => upload.name)).toEqual(['a.jpg', 'notes.txt']);
  });
});
