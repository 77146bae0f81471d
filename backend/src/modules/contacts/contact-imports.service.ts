import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { Queue } from 'bullmq';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { QueueName } from '../../platform/queue/queue-names.js';
import { AddressBook } from './address-book.entity.js';
import { AddressBooksService } from './address-books.service.js';
import { ContactImport } from './contact-import.entity.js';
import { CONTACT_IMPORT_JOB, type ContactImportJobData } from './contact-import.job.js';
import { CONTACT_COPY_SQL, contactCopyChunks } from './contact-rows.js';
import { type ContactCsv, readContactCsv } from './domain/contact-csv.js';
import type { ContactImportDto, ContactImportPreviewDto } from './dto/contact-import.dto.js';

export const CONTACT_IMPORT_MESSAGES = {
  csvOnly: 'Only .csv files can be uploaded. Please save the sheet as CSV and try again.',
  empty: 'The file is empty.',
  notFound: 'No such import.',
  started: 'This file is already being imported.',
  failed: 'The import stopped unexpectedly. Contacts imported before the failure were kept; please upload the file again to import the rest.',
} as const;

/** Rows written per transaction: a batch commits with the import's progress, so a crash resumes after it. */
export const CONTACT_IMPORT_BATCH_ROWS = 5000;
const SAMPLE_ROWS = 20;
const REJECTED_IN_PREVIEW = 200;

/** The columns an upload writes, for Kysely. */
interface UploadTable {
  contact_import: { id: string; user_id: number; file_name: string; content: Buffer; total_rows: number; rejected: string };
}

/**
 * CSV imports of address books: an upload is read and previewed at once and kept in the database; starting it
 * queues a job on the worker, which writes the rows in batches, each with its progress in one transaction.
 */
@Injectable()
export class ContactImportsService {
  private readonly logger = new Logger(ContactImportsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly books: AddressBooksService,
    @InjectQueue(QueueName.ContactImport) private readonly queue: Queue<ContactImportJobData>,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'DATABASE_URL'>,
  ) {}

  async upload(userId: number, fileName: string, content: Buffer): Promise<ContactImportPreviewDto> {
    if (!/\.csv$/i.test(fileName)) throw new BadRequestException(CONTACT_IMPORT_MESSAGES.csvOnly);
    if (content.length === 0) throw new BadRequestException(CONTACT_IMPORT_MESSAGES.empty);
    const read = readContactCsv(content);
    if (read.refused) throw new BadRequestException(read.refused);
    // Through Kysely, which hands the file to the driver as a binary parameter; the ORM would write it into the
    // SQL text as a hex literal twice its size.
    const id = randomUUID();
    await this.em
      .fork()
      .getKysely<UploadTable>()
      .insertInto('contact_import')
      .values({ id, user_id: userId, file_name: fileName, content, total_rows: read.rows.length, rejected: JSON.stringify([]) })
      .execute();
    return {
      id,
      fileName,
      encoding: read.encoding,
      suspicious: read.suspicious,
      columns: read.columns,
      sample: read.rows.slice(0, SAMPLE_ROWS).map(({ line, contact }) => ({ line, contact: contact as Record<string, string> })),
      totalRows: read.totalRows,
      validRows: read.rows.length,
      rejected: read.rejected.slice(0, REJECTED_IN_PREVIEW),
      rejectedCount: read.rejected.length,
      unknownColumns: read.unknownColumns,
      problems: read.problems.map(({ line, message }) => ({ line, reason: message })),
    };
  }

  /** Queues the import into the named book (created when new); an import starts once. */
  async start(id: string, userId: number, addressBook: string): Promise<ContactImportDto> {
    await this.em.fork().transactional(async (em) => {
      const upload = await em.findOne(ContactImport, { id, user: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!upload) throw new NotFoundException(CONTACT_IMPORT_MESSAGES.notFound);
      // A start whose job never reached the queue (Redis down at that moment) may be made again.
      if (upload.state === 'queued') return;
      if (upload.state !== 'uploaded') throw new ConflictException(CONTACT_IMPORT_MESSAGES.started);
      upload.addressBook = em.getReference(AddressBook, await this.books.bookIdByName(em, addressBook));
      upload.state = 'queued';
    });
    // The import's id as the job's: a second add of the same import is ignored by BullMQ.
    await this.queue.add(CONTACT_IMPORT_JOB, { importId: id }, { jobId: id, attempts: 3, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: true, removeOnFail: { age: 7 * 24 * 3600 } });
    return this.status(id, userId);
  }

  async status(id: string, userId: number): Promise<ContactImportDto> {
    const upload = await this.em.fork().findOne(ContactImport, { id, user: userId });
    if (!upload) throw new NotFoundException(CONTACT_IMPORT_MESSAGES.notFound);
    return {
      id: upload.id,
      fileName: upload.fileName,
      state: upload.state,
      addressBookId: upload.addressBook?.id ?? null,
      progress: { done: upload.rowsDone, total: upload.totalRows },
      imported: upload.imported,
      rejected: upload.rejected,
      error: upload.error ?? null,
    };
  }

  /**
   * The worker's part: writes the rows not written yet, a batch per transaction that also moves rowsDone, so a
   * run cut off anywhere resumes after the last batch it committed and never writes a row twice. The rows go in
   * by COPY, on a connection of the import's own (the ORM has no COPY), as fast as PostgreSQL takes rows.
   */
  async run(id: string, onProgress: (done: number, total: number) => Promise<void> = async () => {}, batchRows = CONTACT_IMPORT_BATCH_ROWS): Promise<void> {
    const em = this.em.fork();
    const upload = await em.findOne(ContactImport, { id }, { populate: ['content'] });
    if (!upload || upload.state === 'completed' || upload.state === 'failed' || upload.state === 'uploaded') return;
    if (!upload.content || !upload.addressBook) throw new Error(`Contact import ${id} has no file or no address book`);
    const addressBookId = upload.addressBook.id;
    await em.nativeUpdate(ContactImport, { id }, { state: 'running' });
    const read: ContactCsv = readContactCsv(upload.content);
    const rows = read.rows;
    // Groups first, each once (creating one twice is a no-op), so that every batch only writes contacts.
    const groups = await em.transactional((tx) => this.books.groupIdsByName(tx, addressBookId, rows.map(({ contact }) => contact.group ?? '')));
    const client = new pg.Client({ connectionString: this.config.DATABASE_URL });
    await client.connect();
    try {
      for (let start = upload.rowsDone; start < rows.length; start += batchRows) {
        const batch = rows.slice(start, start + batchRows);
        await client.query('begin');
        try {
          // Only the run that holds the row moves it forward: a second run of the same import waits, then skips.
          const current = await client.query<{ rows_done: number }>(`select "rows_done" from "contact_import" where "id" = $1 for update`, [id]);
          if (current.rows[0]?.rows_done !== start) {
            await client.query('rollback');
            continue;
          }
          const contacts = batch.map(({ contact }) => ({ text: contact, groupId: groups.get(contact.group?.trim() ?? '') ?? null }));
          await pipeline(Readable.from(contactCopyChunks(addressBookId, contacts)), client.query(copyFrom(CONTACT_COPY_SQL)));
          await client.query(`update "contact_import" set "rows_done" = $1, "imported" = "imported" + $2 where "id" = $3`, [start + batch.length, batch.length, id]);
          await client.query('commit');
        } catch (error) {
          await client.query('rollback').catch(() => {});
          throw error;
        }
        await onProgress(Math.min(start + batch.length, rows.length), rows.length);
      }
    } finally {
      await client.end();
    }
    // Only the run that wrote the last batch (or found it written) completes the import.
    await em.nativeUpdate(ContactImport, { id, rowsDone: rows.length, state: 'running' }, { state: 'completed', rejected: read.rejected, content: null, finishedAt: new Date() });
    this.logger.log(`Imported ${rows.length} contacts from ${upload.fileName}; ${read.rejected.length} rows rejected`);
  }

  /** After the last attempt: what was written stays, the import says it stopped. */
  async fail(id: string, reason: string): Promise<void> {
    this.logger.error(`Contact import ${id} failed: ${reason}`);
    await this.em.fork().nativeUpdate(ContactImport, { id }, { state: 'failed', error: CONTACT_IMPORT_MESSAGES.failed, finishedAt: new Date() });
  }
}
