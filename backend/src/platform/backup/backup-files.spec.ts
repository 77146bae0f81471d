import { backupFileName, backupsBeyond, namesBackupFile } from './backup-files.js';

describe('backup files', () => {
  it('are named by the UTC moment they were taken, so that names sort by age', () => {
    expect(backupFileName(new Date('2026-11-27T18:05:09.123Z'))).toBe('jobcasting-20261127-180509Z.tar.gz');
    expect(backupFileName(new Date('2026-11-27T18:05:09+09:00'))).toBe('jobcasting-20261127-090509Z.tar.gz');
    const names = ['2026-12-01T00:00:00Z', '2026-11-30T23:59:59Z', '2027-01-01T00:00:00Z'].map((at) =>
      backupFileName(new Date(at)),
    );
    expect([...names].sort()).toEqual([names[1], names[0], names[2]]);
  });

  it('keep the newest ones and touch nothing else in the folder', () => {
    const names = [
      'jobcasting-20261127-180000Z.tar.gz',
      'notes.txt',
      'jobcasting-20261125-180000Z.tar.gz',
      '.jobcasting-20261128-180000Z.tar.gz.partial',
      'jobcasting-20261126-180000Z.tar.gz',
      'jobcasting-manual.tar.gz',
    ];
    expect(backupsBeyond(names, 2)).toEqual(['jobcasting-20261125-180000Z.tar.gz']);
    expect(backupsBeyond(names, 1)).toEqual([
      'jobcasting-20261125-180000Z.tar.gz',
      'jobcasting-20261126-180000Z.tar.gz',
    ]);
    expect(backupsBeyond(names, 5)).toEqual([]);
  });

  it('go to a folder unless the path given names a .tar.gz file', () => {
    expect(namesBackupFile('/backups/before-upgrade.tar.gz')).toBe(true);
    expect(namesBackupFile('/backups')).toBe(false);
    expect(namesBackupFile('.data/backups/')).toBe(false);
  });
});
