import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  UnprocessableEntityException,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { DomainError, tooManyRequests } from '../../platform/domain/domain-error.js';
import type { Principal } from '../../platform/http/auth-decorators.js';
import { checkedIdempotencyKey, requestHash } from '../../platform/http/idempotency-key.js';
import { formatKoreanDateTime } from '@job-casting/rules';
import { MailAccountsService } from '../mail-accounts/mail-accounts.service.js';
import type { MailAccountDto } from '../mail-accounts/dto/mail-account.dto.js';
import {
  GoogleCallError,
  type GmailSent,
  type GoogleFailure,
  googleFailureOf,
  type GoogleSession,
} from '../mail-accounts/providers/google.ports.js';
import { ModelsService } from '../models/models.service.js';
import { type PostContact, PostsService } from '../posts/posts.service.js';
import { SentEmailsService } from '../posts/sent-emails.service.js';
import { UsersService } from '../users/users.service.js';
import { comcardFiles, NO_COMCARD_FILES } from './comcard-files.js';
import { buildMimeMessage } from './mime-message.js';
import {
  type EmailContext,
  type EmailModel,
  type RenderedEmail,
  renderEmail,
  renderSubject,
  sampleContext,
} from './domain/render-email.js';
import type {
  EmailPreviewDto,
  PreviewEmailDto,
  SendDefaultEmailDto,
  SendEmailDto,
  SendEmailResultDto,
  SendTestEmailDto,
  SendTestEmailResultDto,
} from './dto/email-template.dto.js';
import { EmailTemplatesService } from './email-templates.service.js';
import { ConsentService } from '../consent/consent.service.js';

export const EMAIL_SENT = 'Email sent successfully!';
/** Simple mails the default template, which presents the post's selected models: without any it says nothing. */
export const NO_MODELS_SELECTED =
  'No models selected. Choose the models for this post with Select Models before sending.';
/** Waits before retrying a send Gmail failed with a 5xx: it answered, so nothing went out. */
const RETRY_DELAYS_MS = [500, 1500];

/** Gmail never answered a send: it may have gone out. */
class GmailSilentError extends DomainError {
  constructor(message: string) {
    super('upstream', message);
  }
}

/** The account's daily sending limit is spent: by our count of the last 24 hours, or as Gmail answered. */
const dailyLimitReached = (accountEmail: string, cause?: unknown) =>
  tooManyRequests(
    `The daily sending limit of ${accountEmail} has been reached. Please try again tomorrow or send from another account.`,
  ).causedBy(cause);

/** What became of an e-mail handed to Gmail (EmailSendingService.transmit), as the sent-e-mail log records it. */
export type TransmitOutcome =
  /** `linkedInstead`: the models whose comcard files stayed links (comcard-files.ts). */
  | { kind: 'sent'; messageId: string | null; linkedInstead: string[] }
  /** It did not go out: `error` in the staff's words, `failure` what Google answered (null when it was not Google). */
  | { kind: 'failed'; error: DomainError; failure: GoogleFailure | null }
  /** Gmail never answered: it may have gone out, and is never sent again under its key. */
  | { kind: 'unknown'; error: DomainError };

export interface TransmitOptions {
  /** The models whose comcard files are attached (a template that attaches them), else none. */
  attachComcardsOf?: readonly EmailModel[];
  /** A follow-up: the Gmail thread it goes in, and the message of the account's it answers there. */
  inThread?: { threadId: string; gmailMessageId: string };
}

/**
 * The headers that make a message answer one of the mailbox's: In-Reply-To its Message-ID, and References the
 * thread so far. Gmail sets a sent message's Message-ID itself, so it is read back from the mailbox (the read scope);
 * a message deleted since leaves the thread id alone to join the thread.
 */
async function answeredMessage(
  { mailbox }: GoogleSession,
  gmailMessageId: string,
): Promise<{ inReplyTo?: string; references?: string[] }> {
  const message = await mailbox.message(gmailMessageId, ['Message-ID', 'References']);
  const header = (name: string) =>
    Object.entries(message?.headers ?? {})
      .find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1]
      ?.trim();
  const messageId = header('Message-ID');
  if (!messageId) return {};
  const earlier = header('References')?.split(/\s+/).filter(Boolean) ?? [];
  return { inReplyTo: messageId, references: [...earlier, messageId] };
}

function emailContext(post: PostContact, models: readonly EmailModel[], senderEmail: string): EmailContext {
  return {
    post: {
      postId: post.postId,
      manager: post.manager,
      phoneCall: post.phoneCall,
      customerEmail: post.customerEmail ?? post.email,
    },
    models,
    senderEmail,
  };
}

/**
 * Renders and sends e-mails to posts' customers through Gmail as a connected account, and the previews that show
 * staff exactly what will be sent (the same renderer, the same post, the same selected models).
 */
@Injectable()
export class EmailSendingService {
  private readonly logger = new Logger(EmailSendingService.name);

  constructor(
    private readonly templates: EmailTemplatesService,
    private readonly posts: PostsService,
    private readonly sentEmails: SentEmailsService,
    private readonly models: ModelsService,
    private readonly mailAccounts: MailAccountsService,
    private readonly users: UsersService,
    private readonly consent: ConsentService,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PUBLIC_URL' | 'EMAIL_ATTACHMENTS_MAX_BYTES'>,
  ) {}

  /** The editor's preview (the fixed sample) or Specify's (the post, its selected models, the sending account). */
  async preview(principal: Principal, input: PreviewEmailDto): Promise<EmailPreviewDto> {
    let context: EmailContext;
    if (input.postId === undefined) {
      context = sampleContext(this.config.PUBLIC_URL);
    } else {
      const post = await this.posts.forEmail(input.postId);
      const senderEmail = input.accountId
        ? (await this.mailAccounts.get(input.accountId)).email
        : ((await this.users.findById(principal.userId))?.email ?? '');
      context = await this.contextFor(principal, post, senderEmail);
    }
    return { ...renderEmail(input.template, context), subject: renderSubject(input.subject ?? '', context) };
  }

  /** Specify: the subject and text as edited, rendered with the post and the models selected for it. */
  async send(principal: Principal, input: SendEmailDto, idempotencyKey?: string): Promise<SendEmailResultDto> {
    // The register is asked before anything is recorded: an opted-out address gets no e-mail, whatever the screen sent.
    await this.consent.assertEmailAllowed(input.recipient);
    const attachComcards = input.attachComcards ?? false;
    const request = [
      'specify',
      input.postId,
      input.accountId,
      input.recipient,
      input.subject,
      input.content,
      attachComcards,
    ];
    return this.deliver(
      principal,
      input,
      { subject: input.subject, template: input.content, attachComcards },
      request,
      idempotencyKey,
    );
  }

  /** Simple: the default template. */
  async sendDefault(
    principal: Principal,
    input: SendDefaultEmailDto,
    idempotencyKey?: string,
  ): Promise<SendEmailResultDto> {
    await this.consent.assertEmailAllowed(input.recipient);
    const template = await this.templates.findDefault();
    if (!template)
      throw new ConflictException('There is no default email template. Please create one in Email Templates first.');
    return this.deliver(
      principal,
      input,
      template,
      ['default', input.postId, input.accountId, input.recipient],
      idempotencyKey,
      { needsModels: true },
    );
  }

  /**
   * One copy of the e-mail, rendered as the customer's would be, to the signed-in staff member's own address, with
   * "[TEST]" before its subject. It is not a send to the post: nothing is logged or marked as e-mailed.
   */
  async sendTest(principal: Principal, input: SendTestEmailDto): Promise<SendTestEmailResultDto> {
    const staff = await this.users.findById(principal.userId);
    if (!staff?.email) throw new BadRequestException('Your account has no e-mail address to send a test to.');
    const specified = input.content !== undefined;
    const template = specified
      ? { subject: input.subject ?? '', template: input.content! }
      : await this.templates.findDefault();
    if (!template)
      throw new ConflictException('There is no default email template. Please create one in Email Templates first.');
    const [post, account] = await Promise.all([
      this.posts.forEmail(input.postId),
      this.mailAccounts.get(input.accountId),
    ]);
    const context = await this.contextFor(principal, post, account.email);
    if (!specified && context.models.length === 0) throw new BadRequestException(NO_MODELS_SELECTED);
    const subject = renderSubject(template.subject, context);
    if (subject === '') throw new BadRequestException('Please enter an email subject');
    const body = renderEmail(template.template, context);
    const raw = (
      await buildMimeMessage({
        from: { name: account.name, address: account.email },
        to: staff.email,
        subject: `[TEST] ${subject}`,
        body,
      })
    ).toString('base64url');
    await this.mailAccounts.withGoogle(account.id, (google) => this.sendWithRetry(google, raw, account.email));
    return { success: true, message: `Test e-mail sent to ${staff.email}.`, to: staff.email };
  }

  private async deliver(
    principal: Principal,
    input: SendDefaultEmailDto,
    template: { subject: string; template: string; attachComcards?: boolean },
    request: readonly unknown[],
    idempotencyKey: string = randomUUID(),
    { needsModels = false } = {},
  ): Promise<SendEmailResultDto> {
    const attachComcards = template.attachComcards ?? false;
    checkedIdempotencyKey(idempotencyKey);
    const [post, account] = await Promise.all([
      this.posts.forEmail(input.postId),
      this.mailAccounts.get(input.accountId),
    ]);
    const context = await this.contextFor(principal, post, account.email);
    if (needsModels && context.models.length === 0) throw new BadRequestException(NO_MODELS_SELECTED);
    const subject = renderSubject(template.subject, context);
    if (subject === '') throw new BadRequestException('Please enter an email subject');
    const body = renderEmail(template.template, context);

    const start = await this.sentEmails.start({
      postId: post.id,
      accountId: account.id,
      recipient: input.recipient,
      subject,
      sentById: principal.userId,
      idempotencyKey,
      requestHash: requestHash(request),
    });
    switch (start.kind) {
      case 'sent':
        return {
          success: true,
          message: EMAIL_SENT,
          sentEmailId: start.sendId,
          messageId: start.gmailMessageId,
          linkedInstead: [],
        };
      case 'in-flight':
        throw new ConflictException('This e-mail is being sent already. Please wait a moment.');
      case 'unknown':
        throw new ConflictException(
          `Gmail did not confirm an earlier try of this e-mail, so it may have been sent. Please check the Sent folder of ${account.email}; to send it again, start a new e-mail.`,
        );
      case 'mismatch':
        throw new UnprocessableEntityException('This Idempotency-Key was used for a different e-mail.');
    }
    // Checked once the attempt holds its place, so that two sends at once cannot both take the last one.
    if (!(await this.withinDailyLimit(account, start.sendId))) {
      const refusal = dailyLimitReached(account.email);
      await this.sentEmails.failed(start.sendId, refusal.message);
      throw refusal;
    }
    const outcome = await this.transmit(start.sendId, account, input.recipient, subject, body, {
      attachComcardsOf: attachComcards ? context.models : [],
    });
    if (outcome.kind !== 'sent') throw outcome.error;
    return {
      success: true,
      message: EMAIL_SENT,
      sentEmailId: start.sendId,
      messageId: outcome.messageId,
      linkedInstead: outcome.linkedInstead,
    };
  }

  /** Whether the account may send one more e-mail besides the attempt `sendId` (rolling 24 hours). */
  async withinDailyLimit(account: Pick<MailAccountDto, 'id' | 'dailyLimit'>, sendId: number): Promise<boolean> {
    const use = await this.sentEmails.quotaUse(account.id, this.mailAccounts.quotaWindowStart(), sendId);
    return use.count < account.dailyLimit;
  }

  /**
   * Hands an attempt the sent-e-mail log has started (SentEmailsService.start answered 'start') to Gmail as the
   * account, and records what became of it: sent, failed (with the staff-facing reason and Google's failure, when
   * Google refused it) or unknown (Gmail never answered, so it may have gone out). Single sends and campaigns alike.
   */
  async transmit(
    sendId: number,
    account: Pick<MailAccountDto, 'id' | 'name' | 'email'>,
    recipient: string,
    subject: string,
    body: RenderedEmail,
    { attachComcardsOf = [], inThread }: TransmitOptions = {},
  ): Promise<TransmitOutcome> {
    let sent: GmailSent;
    let files = NO_COMCARD_FILES;
    try {
      sent = await this.mailAccounts.withGoogle(account.id, async (google) => {
        files =
          attachComcardsOf.length > 0
            ? await comcardFiles(google.drive, attachComcardsOf, this.config.EMAIL_ATTACHMENTS_MAX_BYTES)
            : NO_COMCARD_FILES;
        const answering = inThread ? await answeredMessage(google, inThread.gmailMessageId) : {};
        const email = {
          from: { name: account.name, address: account.email },
          to: recipient,
          subject,
          body,
          attachments: files.attachments,
          ...answering,
        };
        return this.sendWithRetry(
          google,
          (await buildMimeMessage(email)).toString('base64url'),
          account.email,
          inThread?.threadId,
        );
      });
    } catch (error) {
      if (!(error instanceof DomainError)) {
        await this.sentEmails.failed(sendId, 'Unexpected error');
        throw error;
      }
      if (error instanceof GmailSilentError) {
        await this.sentEmails.unknown(sendId, error.message);
        return { kind: 'unknown', error };
      }
      await this.sentEmails.failed(sendId, error.message);
      return { kind: 'failed', error, failure: googleFailureOf(error) };
    }
    // Outside the try: once Gmail has accepted it, nothing may record the send as failed.
    await this.sentEmails.succeeded(sendId, sent.id, sent.threadId);
    return { kind: 'sent', messageId: sent.id, linkedInstead: files.linked };
  }

  /**
   * What one post's customer gets from a template, sent as `senderEmail`, presenting `models` (a staff member's
   * selection for the post): the subject, and the body when asked for. The same renderer as every send and preview.
   */
  render(
    template: { subject: string; template: string },
    post: PostContact,
    models: readonly EmailModel[],
    senderEmail: string,
  ): { subject: string; body: RenderedEmail };
  render(
    template: { subject: string },
    post: PostContact,
    models: readonly EmailModel[],
    senderEmail: string,
  ): { subject: string };
  render(
    template: { subject: string; template?: string },
    post: PostContact,
    models: readonly EmailModel[],
    senderEmail: string,
  ): { subject: string; body?: RenderedEmail } {
    const context = emailContext(post, models, senderEmail);
    const subject = renderSubject(template.subject, context);
    return template.template === undefined ? { subject } : { subject, body: renderEmail(template.template, context) };
  }

  /** The address an e-mail about the post goes to: its customer's, as Simple and Specify fill the recipient in. */
  customerAddress(post: PostContact): string | null {
    return (post.customerEmail ?? post.email)?.trim() || null;
  }

  private async contextFor(principal: Principal, post: PostContact, senderEmail: string): Promise<EmailContext> {
    return emailContext(post, await this.models.selectionOf(principal.userId, post.id), senderEmail);
  }

  /**
   * One Gmail send. A 5xx is retried with backoff (Gmail answered, so nothing went out); a call that got no answer
   * is not, since the message may have left. A rate limit says when to try again, not that the day's limit is spent.
   */
  private async sendWithRetry(
    { gmail }: GoogleSession,
    raw: string,
    accountEmail: string,
    threadId?: string,
  ): Promise<GmailSent> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await gmail.send(raw, threadId);
      } catch (error) {
        if (!(error instanceof GoogleCallError)) throw error;
        const { failure } = error;
        if (failure.kind === 'daily_limit') throw dailyLimitReached(accountEmail, error);
        if (failure.kind === 'rate_limited') {
          const when = failure.retryAt ? `after ${formatKoreanDateTime(failure.retryAt)} (Korean time)` : 'in a minute';
          throw tooManyRequests(
            `Gmail is holding back the e-mails of ${accountEmail} for now. Please try again ${when} or send from another account.`,
          ).causedBy(error);
        }
        if (failure.kind === 'unavailable' && failure.status === undefined) {
          throw new GmailSilentError(
            `Gmail did not answer, so the e-mail may or may not have been sent. Please check the Sent folder of ${accountEmail} before sending again.`,
          );
        }
        if (failure.kind !== 'unavailable' || attempt >= RETRY_DELAYS_MS.length) throw error;
        this.logger.warn(`Gmail answered ${failure.status} to a send from ${accountEmail}; retrying`);
        await sleep(RETRY_DELAYS_MS[attempt]);
      }
    }
  }
}
