import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { conflict, invalid, notFound } from '../../platform/domain/domain-error.js';
import { Clock } from '../../platform/clock.js';
import { csvRecords } from '../../platform/domain/csv-parse.js';
import { decodeCsvBytes } from '../../platform/domain/text-encoding.js';
import { paginate } from '../../platform/http/pagination.js';
import { koreanDay } from '@job-casting/rules';
import {
  channelProblem,
  channelsStopping,
  consentCutoffDay,
  normalEmail,
  type OptOutAddress,
  optOutAddress,
  type OptOutChannel,
  type OptOutSource,
} from './domain/opt-out-rules.js';
import type {
  BulkOptOutDto,
  ContactConsentDto,
  CreateOptOutDto,
  ExpiringConsentListDto,
  OptOutBatchResultDto,
  OptOutDto,
  OptOutListDto,
  OptOutQueryDto,
  SetConsentDto,
} from './dto/consent.dto.js';
import { type ConsentRow, consentDto, OPT_OUT_COLUMNS, optOutDto, type OptOutRow } from './consent-rows.js';

export const CONSENT_MESSAGES = {
  notFound: 'No such opt-out.',
  withdrawn: 'This opt-out has already been withdrawn.',
  noContact: 'No such contact.',
  badDay: 'consentedOn must be a real day (YYYY-MM-DD).',
  futureDay: 'Consent cannot be dated after today.',
  emptyFile: 'The file is empty.',
  emailOptedOut: (address: string) =>
    `${address} has opted out of e-mails (수신거부): this e-mail cannot be sent to it.`,
} as const;

/** Why a send leaves a recipient out. */
export type ExclusionReason = 'opted-out' | 'no-consent';

/**
 * The register every staff member shares: opt-outs (수신거부) of phone numbers and e-mail addresses, and each
 * contact's advertising consent. Nothing in it is deleted: a withdrawn opt-out keeps its row with who withdrew it,
 * and a change of consent adds a record. Sends ask it whom to leave out.
 */
@Injectable()
export class ConsentService {
  constructor(
    private readonly em: EntityManager,
    readonly clock: Clock,
  ) {}

  async list(query: OptOutQueryDto): Promise<OptOutListDto> {
    const where: string[] = ['true'];
    const params: unknown[] = [];
    if (query.address !== undefined && query.address.trim() !== '') {
      where.push(`o."address" = ?`);
      params.push(this.addressOf(query.address).address);
    }
    if (query.active) where.push(query.active === 'true' ? `o."withdrawn_at" is null` : `o."withdrawn_at" is not null`);
    const em = this.em.fork();
    const [{ count }] = await em.execute<{ count: string }[]>(
      `select count(*) from "opt_out" o where ${where.join(' and ')}`,
      params,
    );
    const rows = await em.execute<OptOutRow[]>(
      `select ${OPT_OUT_COLUMNS} where ${where.join(' and ')} order by o."id" desc limit ? offset ?`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    );
    return { data: rows.map(optOutDto), pagination: paginate(query.page, query.pageSize, Number(count)) };
  }

  /** One opt-out; an address already opted out of that channel answers with its opt-out in force. */
  async record(userId: number, input: CreateOptOutDto): Promise<OptOutDto> {
    const address = this.addressOf(input.address);
    const problem = channelProblem(address.kind, input.channel as OptOutChannel);
    if (problem) throw invalid(problem);
    await this.insert(
      userId,
      [address],
      input.channel as OptOutChannel,
      input.source as OptOutSource,
      input.note ?? '',
    );
    const [row] = await this.em
      .fork()
      .execute<OptOutRow[]>(
        `select ${OPT_OUT_COLUMNS} where o."address" = ? and o."channel" = ? and o."withdrawn_at" is null order by o."id" limit 1`,
        [address.address, input.channel],
      );
    return optOutDto(row);
  }

  /** A pasted list: one address a line; the lines that name none are reported by their number. */
  bulk(userId: number, input: BulkOptOutDto): Promise<OptOutBatchResultDto> {
    const lines = input.text
      .split(/\r\n|\r|\n/)
      .map((text, index) => ({ line: index + 1, cells: [text.split(/[,\t]/)[0]] }));
    return this.recordLines(
      userId,
      lines,
      input.channel as OptOutChannel,
      input.source as OptOutSource,
      input.note ?? '',
      false,
    );
  }

  /**
   * A CSV file (the 080 service's export, or any list): read as contact imports are (UTF-8 with or without BOM,
   * UTF-16LE or CP949; quoting broken on a line rejects that line only). Each row's address is its first cell that
   * is a phone number or an e-mail address; a first row without one is the header.
   */
  async importCsv(
    userId: number,
    content: Buffer,
    channel: OptOutChannel,
    source: OptOutSource,
    dryRun = false,
  ): Promise<OptOutBatchResultDto> {
    if (content.length === 0) throw invalid(CONSENT_MESSAGES.emptyFile);
    const { text, encoding, suspicious } = decodeCsvBytes(content);
    const rejected: { line: number; reason: string }[] = [];
    const lines: { line: number; cells: string[] }[] = [];
    for (const record of csvRecords(text)) {
      if ('broken' in record) rejected.push({ line: record.line, reason: record.broken });
      else lines.push(record);
    }
    const result = await this.recordLines(userId, lines, channel, source, '', true, dryRun);
    return {
      ...result,
      rejected: [...rejected, ...result.rejected].sort((a, b) => a.line - b.line),
      encoding,
      suspicious,
    };
  }

  private async recordLines(
    userId: number,
    lines: readonly { line: number; cells: string[] }[],
    channel: OptOutChannel,
    source: OptOutSource,
    note: string,
    headerAllowed: boolean,
    dryRun = false,
  ): Promise<OptOutBatchResultDto> {
    const rejected: { line: number; reason: string }[] = [];
    const addresses = new Map<string, OptOutAddress>();
    let repeated = 0;
    lines.forEach(({ line, cells }, index) => {
      if (cells.every((cell) => cell.trim() === '')) return;
      const read = cells.map(optOutAddress);
      const found = read.find((address): address is OptOutAddress => 'kind' in address);
      if (!found) {
        if (headerAllowed && index === 0) return;
        const first = read.find(
          (address): address is { problem: string } =>
            'problem' in address && cells[read.indexOf(address)].trim() !== '',
        );
        return void rejected.push({ line, reason: first?.problem ?? 'No phone number or e-mail address' });
      }
      const problem = channelProblem(found.kind, channel);
      if (problem) return void rejected.push({ line, reason: problem });
      if (addresses.has(found.address)) repeated++;
      else addresses.set(found.address, found);
    });
    const recorded = dryRun
      ? await this.notYetOptedOut([...addresses.values()], channel)
      : await this.insert(userId, [...addresses.values()], channel, source, note);
    return { recorded, alreadyOptedOut: addresses.size - recorded + repeated, rejected };
  }

  /**
   * An e-mail to `email` bounced: the address gets no more e-mail (an opt-out of e-mails, source bounce, recorded by
   * no one) unless one is in force already. Answers whether it recorded one.
   */
  async recordBounce(email: string, note: string): Promise<boolean> {
    const address = normalEmail(email);
    if (!address) return false;
    return (await this.insert(null, [{ kind: 'email', address }], 'email', 'bounce', note.slice(0, 500))) > 0;
  }

  /** Records the opt-outs that are not in force yet; answers how many it recorded. */
  private async insert(
    userId: number | null,
    addresses: readonly OptOutAddress[],
    channel: OptOutChannel,
    source: OptOutSource,
    note: string,
  ): Promise<number> {
    if (addresses.length === 0) return 0;
    const rows = await this.em.fork().transactional(async (em) => {
      // One register: two staff recording the same address at once record it once.
      await em.execute(`select pg_advisory_xact_lock(hashtext('opt_out'))`);
      return em.execute<{ id: number }[]>(
        `insert into "opt_out" ("kind", "address", "channel", "source", "note", "recorded_by_id", "recorded_at")
         select e."kind", e."address", ?, ?, ?, ?, ? from jsonb_to_recordset(?::jsonb) as e("kind" text, "address" text)
          where not exists (select 1 from "opt_out" o where o."address" = e."address" and o."channel" = ? and o."withdrawn_at" is null)
         returning "id"`,
        [channel, source, note, userId, this.clock.now(), JSON.stringify(addresses), channel],
      );
    });
    return rows.length;
  }

  /** How many of the addresses have no opt-out of that channel in force: what recording them would add. */
  private async notYetOptedOut(addresses: readonly OptOutAddress[], channel: OptOutChannel): Promise<number> {
    if (addresses.length === 0) return 0;
    const [{ count }] = await this.em.fork().execute<{ count: number }[]>(
      `select count(*)::int as "count" from jsonb_to_recordset(?::jsonb) as e("kind" text, "address" text)
        where not exists (select 1 from "opt_out" o where o."address" = e."address" and o."channel" = ? and o."withdrawn_at" is null)`,
      [JSON.stringify(addresses), channel],
    );
    return count;
  }

  /** Withdraws an opt-out (the person wants messages again): it stops no send from now on, and its row stays. */
  async withdraw(userId: number, id: number, note: string | undefined): Promise<OptOutDto> {
    const em = this.em.fork();
    const updated = await em.execute<{ id: number }[]>(
      `update "opt_out" set "withdrawn_at" = ?, "withdrawn_by_id" = ?, "withdrawn_note" = ? where "id" = ? and "withdrawn_at" is null returning "id"`,
      [this.clock.now(), userId, note ?? '', id],
    );
    const [row] = await em.execute<OptOutRow[]>(`select ${OPT_OUT_COLUMNS} where o."id" = ?`, [id]);
    if (!row) throw notFound(CONSENT_MESSAGES.notFound);
    if (updated.length === 0) throw conflict(CONSENT_MESSAGES.withdrawn);
    return optOutDto(row);
  }

  /** Records a contact's advertising consent (given or refused); the earlier records stay as its history. */
  async setConsent(userId: number, contactId: number, input: SetConsentDto): Promise<ContactConsentDto> {
    const today = koreanDay(this.clock.now());
    const day = input.consentedOn ?? today;
    if (Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day)
      throw invalid(CONSENT_MESSAGES.badDay);
    if (day > today) throw invalid(CONSENT_MESSAGES.futureDay);
    const em = this.em.fork();
    const [contact] = await em.execute<{ id: number }[]>(
      `select "id" from "contact" where "id" = ? and "deleted_at" is null`,
      [contactId],
    );
    if (!contact) throw notFound(CONSENT_MESSAGES.noContact);
    const [row] = await em.execute<ConsentRow[]>(
      `with added as (insert into "contact_consent" ("contact_id", "given", "consented_on", "source", "recorded_by_id", "recorded_at") values (?, ?, ?, ?, ?, ?) returning *)
       select a."contact_id" as "contactId", a."given", a."consented_on"::text as "consentedOn", a."source", u."name" as "recordedBy", a."recorded_at" as "recordedAt"
         from added a left join "users" u on u."id" = a."recorded_by_id"`,
      [contactId, input.given, day, input.source, userId, this.clock.now()],
    );
    return consentDto(row);
  }

  /** A contact's advertising consent records, newest first: the first is the one in force. */
  async consentHistory(contactId: number): Promise<ContactConsentDto[]> {
    const em = this.em.fork();
    const [contact] = await em.execute<{ id: number }[]>(
      `select "id" from "contact" where "id" = ? and "deleted_at" is null`,
      [contactId],
    );
    if (!contact) throw notFound(CONSENT_MESSAGES.noContact);
    const rows = await em.execute<ConsentRow[]>(
      `select cc."contact_id" as "contactId", cc."given", cc."consented_on"::text as "consentedOn", cc."source", u."name" as "recordedBy", cc."recorded_at" as "recordedAt"
         from "contact_consent" cc left join "users" u on u."id" = cc."recorded_by_id" where cc."contact_id" = ? order by cc."id" desc`,
      [contactId],
    );
    return rows.map(consentDto);
  }

  /** Live contacts whose advertising consent, as last recorded, was given more than two years ago (Korean days). */
  async consentExpiring(page: number, pageSize: number): Promise<ExpiringConsentListDto> {
    const cutoff = consentCutoffDay(koreanDay(this.clock.now()));
    const from = `from "contact" c
      join lateral (select * from "contact_consent" cc where cc."contact_id" = c."id" order by cc."id" desc limit 1) l on true
      left join "users" u on u."id" = l."recorded_by_id"
     where c."deleted_at" is null and l."given" and l."consented_on" <= ?::date`;
    const em = this.em.fork();
    const [{ count }] = await em.execute<{ count: string }[]>(`select count(*) ${from}`, [cutoff]);
    const rows = await em.execute<(ConsentRow & { contactName: string; phoneNumber: string; addressBookId: number })[]>(
      `select c."id" as "contactId", l."given", l."consented_on"::text as "consentedOn", l."source", u."name" as "recordedBy", l."recorded_at" as "recordedAt",
              c."contact_name" as "contactName", c."phone_number" as "phoneNumber", c."address_book_id" as "addressBookId"
         ${from} order by l."consented_on", c."id" limit ? offset ?`,
      [cutoff, pageSize, (page - 1) * pageSize],
    );
    return {
      data: rows.map((row) => ({ ...row, ...consentDto(row) })),
      pagination: paginate(page, pageSize, Number(count)),
      cutoff,
    };
  }

  /**
   * The recipients (phone digits) a text or KakaoTalk send must leave out, with why: an opt-out in force of that
   * channel or of all, and for an advertisement, no consent: the latest consent recorded for the live contacts
   * with that number is not a given one (or there is none).
   */
  async sendExclusions(
    channel: 'sms' | 'kakao',
    advertising: boolean,
    phones: readonly string[],
  ): Promise<Map<string, ExclusionReason>> {
    const excluded = new Map<string, ExclusionReason>();
    if (phones.length === 0) return excluded;
    const em = this.em.fork();
    const list = JSON.stringify([...new Set(phones)]);
    const optedOut = await em.execute<{ address: string }[]>(
      `select distinct o."address" from "opt_out" o
        where o."withdrawn_at" is null and o."kind" = 'phone' and o."channel" in (select jsonb_array_elements_text(?::jsonb))
          and o."address" in (select jsonb_array_elements_text(?::jsonb))`,
      [JSON.stringify(channelsStopping(channel)), list],
    );
    for (const { address } of optedOut) excluded.set(address, 'opted-out');
    if (advertising) {
      const consentless = await em.execute<{ phone: string }[]>(
        `with phones as (select distinct p."phone" from jsonb_array_elements_text(?::jsonb) as p("phone")),
              -- Each contact's consent is its latest record; of several contacts with one number, the newest consent counts.
              latest as (
                select distinct on (c."id") c."phone_digits" as "phone", cc."given", cc."consented_on", cc."id"
                  from phones join "contact" c on c."phone_digits" = phones."phone" and c."deleted_at" is null
                  join "contact_consent" cc on cc."contact_id" = c."id"
                 order by c."id", cc."id" desc),
              newest as (select distinct on (l."phone") l."phone", l."given" from latest l order by l."phone", l."consented_on" desc, l."id" desc)
         select phones."phone" from phones where not exists (select 1 from newest n where n."phone" = phones."phone" and n."given")`,
        [list],
      );
      for (const { phone } of consentless) if (!excluded.has(phone)) excluded.set(phone, 'no-consent');
    }
    return excluded;
  }

  /** Refuses an e-mail to an address opted out of e-mails (or of all). */
  async assertEmailAllowed(recipient: string): Promise<void> {
    if ((await this.emailOptOuts([recipient])).size > 0) {
      // Named as the recipient field's problem, so that the send dialog shows it beside the address.
      const message = CONSENT_MESSAGES.emailOptedOut(recipient.trim());
      throw invalid(message, { validation: [{ path: 'recipient', message }] });
    }
  }

  /** Of these addresses (as written), those opted out of e-mails (or of all): one read for a whole campaign. */
  async emailOptOuts(recipients: readonly string[]): Promise<Set<string>> {
    const byAddress = new Map<string, string[]>();
    for (const recipient of recipients) {
      const address = normalEmail(recipient);
      if (address) byAddress.set(address, [...(byAddress.get(address) ?? []), recipient]);
    }
    const optedOut = new Set<string>();
    if (byAddress.size === 0) return optedOut;
    const rows = await this.em
      .fork()
      .execute<{ address: string }[]>(
        `select distinct "address" from "opt_out" where "withdrawn_at" is null and "channel" in ('email', 'all') and "address" in (select jsonb_array_elements_text(?::jsonb))`,
        [JSON.stringify([...byAddress.keys()])],
      );
    for (const { address } of rows) for (const recipient of byAddress.get(address) ?? []) optedOut.add(recipient);
    return optedOut;
  }

  private addressOf(typed: string): OptOutAddress {
    const address = optOutAddress(typed);
    if ('problem' in address) throw invalid(address.problem);
    return address;
  }
}
