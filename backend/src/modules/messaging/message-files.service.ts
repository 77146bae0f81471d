import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { invalid, notFound } from '../../platform/domain/domain-error.js';
import type { BackupFileSet } from '../../platform/backup/take-backup.js';
import type { AppConfig } from '../../platform/config/config.js';
import { ATTACHMENT_MESSAGES, MAX_FILE_BYTES, pictureTypeOf } from './domain/attachments.js';
import type { MessageFileDto } from './dto/message-file.dto.js';
import { MessageFile } from './message-file.entity.js';
import { fileStorageFor } from './providers/configured-file-storage.js';
import { FILE_STORAGE, type FileStorage, StoredFileMissing } from './providers/file-storage.js';
import type { GatewayPicture } from './providers/sms-gateway.js';

export interface UploadedPicture {
  name: string;
  folder: string;
  bytes: Buffer;
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/gif': '.gif' };

export function toMessageFileDto(file: MessageFile): MessageFileDto {
  return { id: file.id, name: file.name, folder: file.folder, mimeType: file.mimeType, size: file.size };
}

/** The message pictures as a backup holds them: the files the message_file rows name, under their storage keys. */
export function messagePicturesForBackup(config: AppConfig): BackupFileSet {
  const storage = fileStorageFor(config);
  return {
    name: 'message-files',
    table: 'message_file',
    listSql: `select "storage_key" as "key", "mime_type" as "mimeType" from "message_file" order by "storage_key"`,
    get: async (key) => {
      try {
        return await storage.get(key);
      } catch (error) {
        if (error instanceof StoredFileMissing) return null;
        throw error;
      }
    },
    put: (key, bytes, mimeType) => storage.put(key, bytes, mimeType),
  };
}

/** The pictures of templates and sends: checked by their bytes, kept in the file storage, described in the database. */
@Injectable()
export class MessageFilesService {
  constructor(
    private readonly em: EntityManager,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** Stores every picture or none: each is checked before the first is written. */
  async upload(userId: number, pictures: readonly UploadedPicture[]): Promise<MessageFileDto[]> {
    const checked = pictures.map((picture) => {
      const mimeType = pictureTypeOf(picture.bytes);
      if (!mimeType) throw invalid(ATTACHMENT_MESSAGES.notPicture(picture.name));
      if (picture.bytes.length > MAX_FILE_BYTES) throw invalid(ATTACHMENT_MESSAGES.tooLarge(picture.name));
      const id = randomUUID();
      return { ...picture, id, mimeType, storageKey: `${id.slice(0, 2)}/${id}${EXTENSIONS[mimeType]}` };
    });
    for (const picture of checked) await this.storage.put(picture.storageKey, picture.bytes, picture.mimeType);
    const em = this.em.fork();
    const files = checked.map((picture) =>
      em.create(MessageFile, {
        id: picture.id,
        name: picture.name.slice(0, 255),
        folder: picture.folder.slice(0, 255),
        mimeType: picture.mimeType,
        size: picture.bytes.length,
        storageKey: picture.storageKey,
        uploadedBy: userId,
      }),
    );
    await em.flush();
    return files.map(toMessageFileDto);
  }

  /** The files named, in the order named; 400 when one does not exist. */
  async describe(ids: readonly string[]): Promise<MessageFile[]> {
    if (ids.length === 0) return [];
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    if (!ids.every((id) => uuid.test(id))) throw invalid(ATTACHMENT_MESSAGES.unknownFile);
    const files = await this.em.fork().find(MessageFile, { id: { $in: [...new Set(ids)] } });
    const byId = new Map(files.map((file) => [file.id, file]));
    return ids.map((id) => {
      const file = byId.get(id);
      if (!file) throw invalid(ATTACHMENT_MESSAGES.unknownFile);
      return file;
    });
  }

  async read(id: string): Promise<{ file: MessageFile; bytes: Buffer }> {
    const file = await this.em.fork().findOne(MessageFile, { id });
    if (!file) throw notFound('No such file.');
    return { file, bytes: await this.storage.get(file.storageKey) };
  }

  /** The pictures as the gateway takes them. */
  async pictures(ids: readonly string[]): Promise<GatewayPicture[]> {
    const files = await this.describe(ids);
    return Promise.all(
      files.map(async (file) => ({
        name: file.name,
        mimeType: file.mimeType,
        bytes: await this.storage.get(file.storageKey),
      })),
    );
  }
}
