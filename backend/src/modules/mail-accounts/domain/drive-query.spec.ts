import { driveFilesQuery, driveLiteral, FOLDER_MIME_TYPE, sortFolderFirst } from './drive-query.js';

describe('drive queries', () => {
  it('lists My Drive, a folder, or searches by name, never the trash', () => {
    expect(driveFilesQuery({})).toBe("'root' in parents and trashed = false");
    expect(driveFilesQuery({ folderId: 'abc' })).toBe("'abc' in parents and trashed = false");
    expect(driveFilesQuery({ folderId: 'abc', search: ' 공고 ' })).toBe("name contains '공고' and trashed = false");
  });

  it('escapes quotes and backslashes so a name cannot change the query', () => {
    expect(driveLiteral("it's \\ odd")).toBe("'it\\'s \\\\ odd'");
    expect(driveFilesQuery({ search: "x' or name contains '" })).toBe(
      "name contains 'x\\' or name contains \\'' and trashed = false",
    );
  });

  it('puts folders first, then names in Korean order with numbers compared as numbers', () => {
    const files = [
      { name: '나 파일', mimeType: 'text/plain' },
      { name: '폴더 10', mimeType: FOLDER_MIME_TYPE },
      { name: '가 파일', mimeType: 'text/plain' },
      { name: '폴더 9', mimeType: FOLDER_MIME_TYPE },
    ];
    expect(sortFolderFirst(files).map((f) => f.name)).toEqual(['폴더 9', '폴더 10', '가 파일', '나 파일']);
  });
});
