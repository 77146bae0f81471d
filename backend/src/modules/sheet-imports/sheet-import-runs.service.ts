import { Injectable, Logger } from '@nestjs/common';
import { DomainError, invalid, notFound } from '../../platform/domain/domain-error.js';
import { domainErrorStatus } from '../../platform/http/error-body.js';
import { MailAccountsService } from '../mail-accounts/mail-accounts.service.js';
import { GoogleCallError } from '../mail-accounts/providers/google.ports.js';
import { ModelsService } from '../models/models.service.js';
import { PostsService } from '../posts/posts.service.js';
import { readModelSheet } from './domain/model-sheet.js';
import { readPostSheet } from './domain/post-sheet.js';
import { SheetShapeError } from './domain/sheet-import-report.js';
import type { SheetImportJobData, SheetImportKind, SheetImportOutcome } from './sheet-import.job.js';

/** A sheet name as an A1 range: quoted, so names with spaces, digits or quotes work. */
function sheetRange(sheetName: string): string {
  return `'${sheetName.replaceAll("'", "''")}'`;
}

/** The worker's part of an import: reads a sheet from Google as its account, and writes its posts or models. */
@Injectable()
export class SheetImportRunsService {
  private readonly logger = new Logger(SheetImportRunsService.name);

  constructor(
    private readonly accounts: MailAccountsService,
    private readonly posts: PostsService,
    private readonly models: ModelsService,
  ) {}

  /** Runs an import; a refusal (no such sheet, a sheet of the wrong shape, an account refused) is its outcome. */
  async run(
    { kind, fileId, sheetName, accountId }: SheetImportJobData,
    onProgress: (done: number, total: number) => Promise<void>,
  ): Promise<SheetImportOutcome> {
    try {
      const values = await this.readValues(accountId, fileId, sheetName);
      const { read, counts } = await this.write(kind, values, onProgress);
      const report = { total: read.total, ...counts, rejected: read.rejected, unknownHeaders: read.unknownHeaders };
      this.logger.log(
        `Imported ${kind} sheet "${sheetName}" of file ${fileId}: ${report.created} created, ${report.updated} updated, ` +
          `${report.unchanged} unchanged, ${report.rejected.length} rejected`,
      );
      return { ok: true, report };
    } catch (error) {
      if (error instanceof SheetShapeError) return { ok: false, status: 400, message: error.message };
      // Our refusals and the mail accounts' (Google's failures in the staff's words), heard with their status.
      if (error instanceof DomainError) return { ok: false, status: domainErrorStatus(error), message: error.message };
      throw error;
    }
  }

  private async write(
    kind: SheetImportKind,
    values: unknown[][],
    onProgress: (done: number, total: number) => Promise<void>,
  ) {
    if (kind === 'posts') {
      const read = readPostSheet(values);
      return { read, counts: await this.posts.upsertPosts(read.records, onProgress) };
    }
    const read = readModelSheet(values);
    return { read, counts: await this.models.upsertModels(read.records, onProgress) };
  }

  /** The sheet's cells as staff see them (formatted), row by row. */
  private readValues(accountId: number, fileId: string, sheetName: string): Promise<unknown[][]> {
    return this.accounts.withGoogle(accountId, async ({ sheets }) => {
      try {
        return await sheets.values(fileId, sheetRange(sheetName));
      } catch (error) {
        if (!(error instanceof GoogleCallError)) throw error;
        const { failure } = error;
        if (failure.kind === 'not_found')
          throw notFound('The file was not found in Google Drive, or this account cannot open it.');
        if (failure.kind === 'bad_request') {
          if (/not supported for this document/i.test(failure.message ?? '')) {
            throw invalid('The selected file is not a Google Sheets spreadsheet. Please select a Google Sheets file.');
          }
          throw invalid(`There is no sheet named "${sheetName}" in the selected file. Please check the sheet name.`);
        }
        throw error;
      }
    });
  }
}
