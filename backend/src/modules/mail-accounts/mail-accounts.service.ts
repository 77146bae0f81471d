import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../platform/clock.js';
import {
  conflict,
  DomainError,
  forbidden,
  invalid,
  notFound,
  tooManyRequests,
  unavailable,
  upstream,
} from '../../platform/domain/domain-error.js';
import { SecretBox } from '../../platform/crypto/secret-box.js';
import { MailAccountEvents } from '../../platform/events/mail-account-events.js';
import { User } from '../users/user.entity.js';
import { driveFileId } from '../../platform/domain/drive-thumbnail.js';
import { defaultDailyLimit, QUOTA_WINDOW_MS, remainingOf } from './domain/daily-limit.js';
import { driveFilesQuery, FOLDER_MIME_TYPE, sortFolderFirst } from './domain/drive-query.js';
import { canReadMail } from './domain/google-scopes.js';
import type { DriveFileDto, MailAccountDto, SpreadsheetTabDto, UnsharedDriveFileDto } from './dto/mail-account.dto.js';
import { MailAccount } from './mail-account.entity.js';
import {
  type DrivePort,
  GoogleCallError,
  type GoogleFailure,
  GoogleGateway,
  type GoogleSession,
} from './providers/google.ports.js';

const DRIVE_LIST_LIMIT = 2_000;

/** The account a Google session acts as. */
export type GoogleAccount = Pick<MailAccountDto, 'id' | 'name' | 'email'>;

export function toMailAccountDto(account: MailAccount, sentLast24h: number): MailAccountDto {
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    picture: account.picture ?? null,
    needsReauth: account.needsReauth,
    canReadReplies: canReadMail(account.scopes),
    createdAt: account.createdAt,
    dailyLimit: account.dailyLimit,
    sentLast24h,
    remainingToday: remainingOf(account.dailyLimit, sentLast24h),
  };
}

/** Connected Gmail accounts and everything done with Google as one of them. */
@Injectable()
export class MailAccountsService {
  private readonly logger = new Logger(MailAccountsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly google: GoogleGateway,
    private readonly secrets: SecretBox,
    private readonly events: MailAccountEvents,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<MailAccountDto[]> {
    const accounts = await this.em.fork().find(MailAccount, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return this.withQuota(accounts);
  }

  /** Staff set an account's daily sending limit (when Google's for the account differs from its domain's). */
  async setDailyLimit(id: number, dailyLimit: number): Promise<MailAccountDto> {
    const em = this.em.fork();
    const account = await this.load(em, id);
    account.dailyLimit = dailyLimit;
    await em.flush();
    return (await this.withQuota([account]))[0];
  }

  /** The start of the rolling 24 hours Gmail counts an account's sends over. */
  quotaWindowStart(): Date {
    return new Date(this.clock.now().getTime() - QUOTA_WINDOW_MS);
  }

  private async withQuota(accounts: MailAccount[]): Promise<MailAccountDto[]> {
    const counts = await this.events.sendCounts(
      accounts.map((account) => account.id),
      this.quotaWindowStart(),
    );
    return accounts.map((account) => toMailAccountDto(account, counts.get(account.id) ?? 0));
  }

  /** Stores the account Google just authorised; the same e-mail again updates it rather than adding another. */
  async saveConnected(code: string, connectedById: number): Promise<MailAccountDto> {
    const { refreshToken, scopes, profile } = await this.google.exchangeCode(code);
    const em = this.em.fork();
    const existing = await em.findOne(MailAccount, { email: profile.email });
    const previousToken = existing ? this.secrets.open(existing.refreshTokenEncrypted) : null;
    const account =
      existing ??
      em.create(MailAccount, {
        email: profile.email,
        name: profile.name,
        googleUserId: profile.googleUserId,
        refreshTokenEncrypted: '',
        scopes,
        dailyLimit: defaultDailyLimit(profile.email),
      });
    account.name = profile.name;
    account.picture = profile.picture;
    account.googleUserId = profile.googleUserId;
    account.refreshTokenEncrypted = this.secrets.seal(refreshToken);
    account.scopes = scopes;
    account.needsReauth = false;
    account.connectedBy = em.getReference(User, connectedById);
    await em.flush();
    if (previousToken) this.google.forget(previousToken);
    return (await this.withQuota([account]))[0];
  }

  /** Revokes the account's token at Google, then forgets the account. */
  async remove(id: number): Promise<void> {
    const em = this.em.fork();
    const account = await this.load(em, id);
    const refreshToken = this.secrets.open(account.refreshTokenEncrypted);
    try {
      await this.google.revoke(refreshToken);
    } catch (error) {
      if (!(error instanceof GoogleCallError)) throw error;
      // A token Google no longer knows is as good as revoked; anything else must not leave a live token behind.
      if (error.failure.kind !== 'invalid_grant' && error.failure.kind !== 'bad_request') {
        throw this.googleRefusal(error.failure, account);
      }
    }
    em.remove(account);
    await em.flush();
    // Its sends stay, no longer naming it: the sent list by this account empties. Announced, not called: the log
    // of sends (posts) refers to accounts, so this module may not import it.
    await this.events.removed(id);
  }

  /** The addresses of the given accounts, by id; an account removed since is missing. */
  async emailsOf(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const accounts = await this.em
      .fork()
      .find(MailAccount, { id: { $in: [...new Set(ids)] } }, { fields: ['id', 'email'] });
    return new Map(accounts.map((account) => [account.id, account.email]));
  }

  async get(id: number): Promise<MailAccountDto> {
    return (await this.withQuota([await this.load(this.em.fork(), id)]))[0];
  }

  /** The picker's listing: a folder (My Drive by default) or a search by name; folders first, then by name. */
  async driveFiles(accountId: number, options: { folderId?: string; search?: string }): Promise<DriveFileDto[]> {
    const search = options.search?.trim() || undefined;
    const folderId = search ? undefined : options.folderId?.trim() || undefined;
    return this.withGoogle(accountId, async ({ drive }) => {
      // Drive lists an unknown folder as empty: the folder itself is asked for too, so that it answers 404.
      const [files] = await Promise.all([
        this.listDrive(drive, { folderId, search }),
        folderId && folderId !== 'root' ? this.assertFolder(drive, folderId) : undefined,
      ]);
      return sortFolderFirst(files);
    });
  }

  /** A spreadsheet's tabs (spreadsheets.get, titles and sizes only), in their order: what the import picks from. */
  async spreadsheetTabs(accountId: number, spreadsheetId: string): Promise<SpreadsheetTabDto[]> {
    return this.withGoogle(accountId, ({ sheets }) => sheets.tabs(spreadsheetId));
  }

  /**
   * The Drive files among `links` that a customer might not open (spec §8's "Access denied" download): shared
   * with people only, or whose sharing this account cannot read. Each file once, in the order of the links;
   * links that are not to a Drive file are not checked.
   */
  async unsharedDriveFiles(accountId: number, links: string[]): Promise<UnsharedDriveFileDto[]> {
    const files = new Map<string, string>();
    for (const link of links) {
      const fileId = driveFileId(link);
      if (fileId && !files.has(fileId)) files.set(fileId, link.trim());
    }
    if (files.size === 0) return [];
    return this.withGoogle(accountId, async ({ drive }) => {
      const checked = await Promise.all(
        [...files].map(async ([fileId, link]) => ({ fileId, link, sharing: await drive.linkSharing(fileId) })),
      );
      return checked.flatMap(({ fileId, link, sharing }) => (sharing === 'anyone' ? [] : [{ fileId, link, sharing }]));
    });
  }

  private async assertFolder(drive: DrivePort, folderId: string): Promise<void> {
    const { mimeType } = await drive.getFile(folderId);
    if (mimeType !== FOLDER_MIME_TYPE) throw invalid(`Not a Google Drive folder: ${folderId}`);
  }

  private async listDrive(drive: DrivePort, options: { folderId?: string; search?: string }): Promise<DriveFileDto[]> {
    const files: DriveFileDto[] = [];
    let pageToken: string | undefined;
    do {
      const page = await drive.listFiles(driveFilesQuery(options), pageToken);
      files.push(...page.files);
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken && files.length < DRIVE_LIST_LIMIT);
    return files;
  }

  /**
   * Runs `work` with Google as the account. A refused sign-in marks the account for re-authentication; every
   * Google failure `work` leaves uncaught becomes a refusal in the staff's words (a DomainError), caused by the
   * GoogleCallError (see googleFailureOf).
   */
  async withGoogle<T>(
    accountId: number,
    work: (google: GoogleSession, account: GoogleAccount) => Promise<T>,
  ): Promise<T> {
    const em = this.em.fork();
    const account = await this.load(em, accountId);
    const refusal = (error: GoogleCallError) => this.googleRefusal(error.failure, account).causedBy(error);
    if (account.needsReauth) throw refusal(new GoogleCallError({ kind: 'invalid_grant' }));
    try {
      return await work(this.google.session(this.secrets.open(account.refreshTokenEncrypted)), {
        id: account.id,
        name: account.name,
        email: account.email,
      });
    } catch (error) {
      if (!(error instanceof GoogleCallError)) throw error;
      const { failure } = error;
      if (failure.kind === 'invalid_grant') {
        await em.nativeUpdate(MailAccount, { id: account.id }, { needsReauth: true });
        this.logger.warn(
          `Google refused the stored sign-in of mail account ${account.id}; marked for re-authentication`,
        );
      } else if (failure.kind === 'unavailable') {
        this.logger.warn(
          `Google call for mail account ${account.id} failed: ${failure.status ?? ''} ${failure.message ?? ''}`,
        );
      } else if (failure.kind === 'misconfigured') {
        this.logger.error(
          `Google refused the OAuth client (GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET): ${failure.message ?? ''}`,
        );
      }
      throw refusal(error);
    }
  }

  /** The one wording of Google's failures for staff, as the refusal the HTTP layer and the workers read. */
  googleRefusal(failure: GoogleFailure, account: Pick<MailAccount, 'email'>): DomainError {
    switch (failure.kind) {
      case 'invalid_grant':
        return conflict(
          `Google no longer accepts the sign-in of ${account.email}. Please re-authenticate the account.`,
        );
      case 'rate_limited':
        return tooManyRequests(
          `Google is receiving too many requests for ${account.email}. Please try again in a minute.`,
        );
      case 'daily_limit':
        return tooManyRequests(
          `The daily Google limit of ${account.email} has been reached. Please try again tomorrow or use another account.`,
        );
      case 'not_found':
        return notFound(failure.message ?? 'Not found in Google Drive.');
      case 'bad_request':
        return invalid(failure.message ?? 'Google refused the request.');
      case 'forbidden':
        return forbidden(`Google refused access for ${account.email}${failure.message ? `: ${failure.message}` : '.'}`);
      case 'unavailable':
        return upstream('Google did not respond. Please try again.');
      case 'misconfigured':
        return unavailable('Google sign-in is not set up correctly on the server. Please contact the administrator.');
    }
  }

  private async load(em: EntityManager, id: number): Promise<MailAccount> {
    const account = await em.findOne(MailAccount, { id });
    if (!account) throw notFound('Mail account not found');
    return account;
  }
}
