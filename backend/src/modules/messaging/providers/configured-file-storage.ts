import type { AppConfig } from '../../../platform/config/config.js';
import { type FileStorage, LocalFileStorage } from './file-storage.js';
import { S3FileStorage } from './s3-file.storage.js';

/** The storage MESSAGE_FILE_STORAGE names: for the app's processes and for backups alike. */
export function fileStorageFor(config: AppConfig): FileStorage {
  return config.MESSAGE_FILE_STORAGE === 's3' ? new S3FileStorage(config) : new LocalFileStorage(config.DATA_DIR);
}
