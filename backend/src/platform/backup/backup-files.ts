// The backups of a folder: named by the moment they were taken (UTC), so that their names sort by age.

const NAME = /^jobcasting-\d{8}-\d{6}Z\.tar\.gz$/;

/** jobcasting-YYYYMMDD-HHMMSSZ.tar.gz */
export function backupFileName(takenAt: Date): string {
  const stamp = takenAt.toISOString().slice(0, 19).replaceAll('-', '').replaceAll(':', '').replace('T', '-');
  return `jobcasting-${stamp}Z.tar.gz`;
}

/** The backups to remove so that the newest `keep` remain; other files are never touched. */
export function backupsBeyond(names: readonly string[], keep: number): string[] {
  const backups = names.filter((name) => NAME.test(name)).sort();
  return backups.slice(0, Math.max(0, backups.length - keep));
}

/** Whether a path given for a backup names its file (else the folder it goes to). */
export const namesBackupFile = (path: string) => path.endsWith('.tar.gz');
