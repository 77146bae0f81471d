import { driveFileId, driveThumbnailUrl } from './drive-thumbnail.js';

describe('driveThumbnailUrl', () => {
  it('takes the id query parameter of a Drive link', () => {
    expect(driveThumbnailUrl('https://drive.google.com/open?id=1AbCdEfGhIjKlMnOp')).toBe(
      'https://drive.google.com/thumbnail?id=1AbCdEfGhIjKlMnOp&sz=w200',
    );
    expect(driveThumbnailUrl(' https://drive.google.com/uc?export=download&id=1AbCdEfGhIjKlMnOp ')).toBe(
      'https://drive.google.com/thumbnail?id=1AbCdEfGhIjKlMnOp&sz=w200',
    );
  });

  it('takes the id in the path of a file link', () => {
    expect(driveThumbnailUrl('https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view?usp=sharing')).toBe(
      'https://drive.google.com/thumbnail?id=1AbCdEfGhIjKlMnOp&sz=w200',
    );
  });

  it('gives none for other links, odd ids and no link', () => {
    for (const link of [
      'https://profiles.example/JC-1?id=1AbCdEfGhIjKlMnOp',
      'https://drive.google.com/open?id=<script>',
      'not a url',
      '',
      null,
      undefined,
    ]) {
      expect(driveThumbnailUrl(link)).toBeNull();
    }
  });
});

describe('driveFileId', () => {
  it('reads the file of the link forms model sheets carry, and nothing of other links', () => {
    for (const link of [
      'https://drive.google.com/uc?export=download&id=1AbCdEfGhIjKlMnOp',
      'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view?usp=sharing',
      'https://docs.google.com/open?id=1AbCdEfGhIjKlMnOp',
    ]) {
      expect(driveFileId(link)).toBe('1AbCdEfGhIjKlMnOp');
    }
    expect(driveFileId('https://drive.google.com/drive/folders/1AbCdEfGhIjKlMnOp')).toBeNull();
    expect(driveFileId('https://jobcasting.kr/comcard/JC-1.html?id=1AbCdEfGhIjKlMnOp')).toBeNull();
  });
});
