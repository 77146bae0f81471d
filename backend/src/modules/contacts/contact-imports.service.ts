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
import { phoneDigits } from '@job-casting/rules';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { textArray } from '../../platform/database/sql-arrays.js';
import { QueueName } from '../../platform/queue/queue-names.js';
import { AddressBook } from './address-book.entity.js';
import { AddressBooksService } from './address-books.service.js';
import { ContactImport, type ContactImportMode } from './contact-import.entity.js';
import { CONTACT_IMPORT_JOB, CONTACT_IMPORT_JOB_OPTIONS, type ContactImportJobData } from './contact-import.job.js';
import { prepareMatching, PREVIEW_MATCHES_SQL, ROWS_COPY_SQL, writeMatchedBatch } from './contact-import-batches.js';
import { CONTACT_COPY_SQL, contactCopyLine } from './contact-rows.js';
import { type ContactCsvLine, type ContactCsvRow, openContactCsv, readContactCsv } from './domain/contact-csv.js';
import type { ContactImportDto, ContactImportMatchesDto, ContactImportPreviewDto } from './dto/contact-import.dto.js';

export const CONTACT_IMPORT_MESSAGES = {
  csvOnly: 'Only .csv files can be uploaded. Please save the sheet as CSV and try again.',
  empty: 'The file is empty.',
  notFound:
    'No such import. A file that is not imported within a day of its upload is removed: please upload it again.',
  started: 'This file is already being imported.',
  failed:
    'The import stopped unexpectedly. Contacts imported before the failure were kept; please upload the file again to import the rest.',
} as const;

/** How long an upload that was never started is kept (its file is in the database). */
export const UPLOAD_KEPT_MS = 24 * 3_600_000;

/** Rows written per transaction: a batch commits with the import's progress, so a crash resumes after it. */
export const CONTACT_IMPORT_BATCH_ROWS = 5000;
/** Rows per piece of a batch's COPY: PostgreSQL stores one piece while the next is read from the file. */
const COPY_CHUNK_ROWS = 500;
const SAMPLE_ROWS = 20;
const REJECTED_IN_PREVIEW = 200;

/** The columns an upload writes, for Kysely. */
interface UploadTable {
  contact_import: {
    id: string;
    user_id: number;
    file_name: string;
    content: Buffer;
    total_rows: number;
    rejected: string;
  };
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
      .values({
        id,
        user_id: userId,
        file_name: fileName,
        content,
        total_rows: read.rows.length,
        rejected: JSON.stringify([]),
      })
      .execute();
    return {
      id,
      fileName,
      encoding: read.encoding,
      suspicious: read.suspicious,
      columns: read.columns,
      sample: read.rows
        .slice(0, SAMPLE_ROWS)
        .map(({ line, contact }) => ({ line, contact: contact as Record<string, string> })),
      totalRows: read.totalRows,
      validRows: read.rows.length,
      rejected: read.rejected.slice(0, REJECTED_IN_PREVIEW),
      rejectedCount: read.rejected.length,
      unknownColumns: read.unknownColumns,
      problems: read.problems.map(({ line, message }) => ({ line, reason: message })),
    };
  }

  /** Queues the import into the named book (created when new) in the mode chosen; an import starts once. */
  async start(
    id: string,
    userId: number,
    addressBook: string,
    mode: ContactImportMode = 'add',
  ): Promise<ContactImportDto> {
    await this.em.fork().transactional(async (em) => {
      const upload = await em.findOne(ContactImport, { id, user: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!upload) throw new NotFoundException(CONTACT_IMPORT_MESSAGES.notFound);
      // A start whose job never reached the queue (Redis down at that moment) may be made again.
      if (upload.state === 'queued') return;
      if (upload.state !== 'uploaded') throw new ConflictException(CONTACT_IMPORT_MESSAGES.started);
      upload.addressBook = em.getReference(AddressBook, await this.books.bookIdByName(em, addressBook));
      upload.state = 'queued';
      upload.mode = mode;
    });
    await this.enqueue(id);
    return this.status(id, userId);
  }

  /**
   * Imports started whose job is gone (Redis lost it, or a restore cleared it with the data it replaced) get it
   * again and resume after their last committed batch. Run every minute on the worker; the number resumed.
   */
  async resumeStranded(): Promise<number> {
    const started = await this.em
      .fork()
      .find(ContactImport, { state: { $in: ['queued', 'running'] } }, { fields: ['id'] });
    let resumed = 0;
    for (const { id } of started) {
      if (await this.queue.getJob(id)) continue;
      await this.enqueue(id);
      resumed++;
    }
    return resumed;
  }

  private async enqueue(id: string): Promise<void> {
    await this.queue.add(CONTACT_IMPORT_JOB, { importId: id }, { jobId: id, ...CONTACT_IMPORT_JOB_OPTIONS });
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
      mode: upload.mode,
      imported: upload.imported,
      matchedRows: upload.matchedRows,
      updated: upload.updated,
      rejected: upload.rejected,
      error: upload.error ?? null,
    };
  }

  /**
   * The preview's counts for a book: of the rows to import, how many are new to it and how many match its contacts
   * by phone digits (a book not made yet has none). The file is read again, its digits matched in one query.
   */
  async matches(id: string, userId: number, addressBook: string): Promise<ContactImportMatchesDto> {
    const em = this.em.fork();
    const upload = await em.findOne(ContactImport, { id, user: userId }, { populate: ['content'] });
    if (!upload) throw new NotFoundException(CONTACT_IMPORT_MESSAGES.notFound);
    if (!upload.content || upload.state !== 'uploaded') throw new ConflictException(CONTACT_IMPORT_MESSAGES.started);
    const read = readContactCsv(upload.content);
    const digits = read.rows.map(({ contact }) => phoneDigits(contact.phoneNumber ?? ''));
    const [book] = await em.execute<{ id: number }[]>(`select "id" from "address_book" where "name" = ?`, [
      addressBook,
    ]);
    const [counts] = book
      ? await em.execute<{ matchingRows: number; matchedContacts: number }[]>(PREVIEW_MATCHES_SQL, [
          textArray(digits),
          book.id,
          book.id,
          textArray(digits),
        ])
      : [{ matchingRows: 0, matchedContacts: 0 }];
    return {
      addressBookId: book?.id ?? null,
      newRows: read.rows.length - counts.matchingRows,
      matchingRows: counts.matchingRows,
      matchedContacts: counts.matchedContacts,
      rejectedRows: read.rejected.length,
    };
  }

  /**
   * The worker's part: writes the rows not written yet, a batch per transaction that also moves rowsDone, so a
   * run cut off anywhere resumes after the last batch it committed and never writes a row twice. The rows go in
   * by COPY, on a connection of the import's own (the ORM has no COPY), read from the file as PostgreSQL takes
   * them: the parsing is done while the database stores the rows before.
   */
  async run(
    id: string,
    onProgress: (done: number, total: number) => Promise<void> = async () => {},
    batchRows = CONTACT_IMPORT_BATCH_ROWS,
  ): Promise<void> {
    const em = this.em.fork();
    const upload = await em.findOne(ContactImport, { id });
    if (!upload || upload.state === 'completed' || upload.state === 'failed' || upload.state === 'uploaded') return;
    if (!upload.addressBook) throw new Error(`Contact import ${id} has no address book`);
    const addressBookId = upload.addressBook.id;
    const { mode, totalRows: total } = upload;
    await em.nativeUpdate(ContactImport, { id }, { state: 'running' });
    const rejected: { line: number; reason: string }[] = [];
    const client = new pg.Client({ connectionString: this.config.DATABASE_URL });
    await client.connect();
    try {
      const file = await client.query<{ content: Buffer | null }>(
        `select "content" from "contact_import" where "id" = $1`,
        [id],
      );
      const content = file.rows[0]?.content;
      if (!content) throw new Error(`Contact import ${id} has no file`);
      const contacts = keptContacts(openContactCsv(content).lines, rejected);
      const groups = new Map<string, number>();
      if (mode !== 'add') await prepareMatching(client);
      skip(contacts, upload.rowsDone);
      for (let start = upload.rowsDone; start < total; start += batchRows) {
        const size = Math.min(batchRows, total - start);
        await client.query('begin');
        try {
          // Only the run that holds the row moves it forward: a second run of the same import waits, then skips.
          const current = await client.query<{ rows_done: number }>(
            `select "rows_done" from "contact_import" where "id" = $1 for update`,
            [id],
          );
          if (current.rows[0]?.rows_done !== start) {
            await client.query('rollback');
            skip(contacts, size);
            continue;
          }
          const written = { rows: 0 };
          const chunks = Readable.from(this.copyChunks(id, addressBookId, contacts, size, groups, written));
          await pipeline(chunks, client.query(copyFrom(mode === 'add' ? CONTACT_COPY_SQL : ROWS_COPY_SQL)));
          if (written.rows !== size)
            throw new Error(`Contact import ${id}: the file has ${start + written.rows} rows to import, not ${total}`);
          const batch = mode === 'add' ? { added: size, matchedRows: 0 } : await writeMatchedBatch(client, id, mode);
          await client.query(
            `update "contact_import" set "rows_done" = $1, "imported" = "imported" + $2, "matched_rows" = "matched_rows" + $3,
               "updated" = (select count(*) from "contact_import_update" where "import_id" = $4) where "id" = $4`,
            [start + size, batch.added, batch.matchedRows, id],
          );
          await client.query('commit');
        } catch (error) {
          await client.query('rollback').catch(() => {});
          throw error;
        }
        await onProgress(start + size, total);
      }
      // The rows after the last imported one can only be rejected ones: read them for the report.
      skip(contacts, Infinity);
    } finally {
      await client.end();
    }
    // Only the run that wrote the last batch (or found it written) completes the import.
    const completed = await em.nativeUpdate(
      ContactImport,
      { id, rowsDone: total, state: 'running' },
      { state: 'completed', rejected, content: null, finishedAt: new Date() },
    );
    if (completed === 0) return;
    this.logger.log(`Imported ${upload.fileName} (${mode}): ${total} rows; ${rejected.length} rows rejected`);
    // Until autovacuum comes round, the table's statistics describe it as it was before the import: the queries
    // on the book are planned on fresh ones. The import is done by then; a failure here only costs the statistics.
    await em
      .execute('analyze "contact"')
      .catch((error: unknown) => this.logger.warn(`Contact statistics not taken after import ${id}: ${String(error)}`));
  }

  /**
   * The COPY text of the next `rows` contacts, a chunk at a time; each group is looked up (created when new, and
   * committed at once, so the batch's rows may refer to it) the first time a row names it.
   */
  private async *copyChunks(
    importId: string,
    addressBookId: number,
    contacts: Iterator<ContactCsvRow>,
    rows: number,
    groups: Map<string, number>,
    written: { rows: number },
  ): AsyncGenerator<string> {
    let chunk = '';
    for (
      let next = written.rows < rows ? contacts.next() : null;
      next && !next.done;
      next = written.rows < rows ? contacts.next() : null
    ) {
      const contact = next.value;
      const group = contact.group ?? '';
      let groupId = group ? groups.get(group) : null;
      if (groupId === undefined) {
        const created = await this.em
          .fork()
          .transactional((tx) => this.books.groupIdsByName(tx, addressBookId, [group]));
        groupId = created.get(group)!;
        groups.set(group, groupId);
      }
      chunk += contactCopyLine(addressBookId, { text: contact, groupId }, importId);
      if (++written.rows % COPY_CHUNK_ROWS === 0) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }

  /** After the last attempt: what was written stays, the import says it stopped. */
  /** Removes uploads never started within UPLOAD_KEPT_MS, with their files; the number removed. */
  async purgeStaleUploads(): Promise<number> {
    return this.em
      .fork()
      .nativeDelete(ContactImport, { state: 'uploaded', createdAt: { $lt: new Date(Date.now() - UPLOAD_KEPT_MS) } });
  }

  async fail(id: string, reason: string): Promise<void> {
    this.logger.error(`Contact import ${id} failed: ${reason}`);
    await this.em
      .fork()
      .nativeUpdate(
        ContactImport,
        { id },
        { state: 'failed', error: CONTACT_IMPORT_MESSAGES.failed, finishedAt: new Date() },
      );
  }
}

/** The contacts of a file's rows; the rows that cannot be imported go to `rejected`. */
function* keptContacts(
  lines: Iterator<ContactCsvLine>,
  rejected: { line: number; reason: string }[],
): Generator<ContactCsvRow> {
  for (let next = lines.next(); !next.done; next = lines.next()) {
    const read = next.value;
    if ('contact' in read) yield read.contact;
    else rejected.push({ line: read.line, reason: read.rejected });
  }
}

/** Reads past the next `count` items. */
function skip(items: Iterator<unknown>, count: number): void {
  for (let n = 0; n < count && !items.next().done; n++);
}
