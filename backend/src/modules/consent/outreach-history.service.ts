import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { invalid } from '../../platform/domain/domain-error.js';
import { paginate } from '../../platform/http/pagination.js';
import { deliveryStatusSql } from '../messaging/message-send.entity.js';
import { type ConsentRow, consentDto, OPT_OUT_COLUMNS, optOutDto, type OptOutRow } from './consent-rows.js';
import { optOutAddress } from './domain/opt-out-rules.js';
import type { OutreachContactDto, OutreachEntryDto, OutreachHistoryDto, OutreachQueryDto } from './dto/consent.dto.js';

type EntryRow = Omit<OutreachEntryDto, 'at'> & { at: Date };
type ContactRow = Omit<OutreachContactDto, 'consent'> & { consent: ConsentRow | null };

/**
 * One person's outreach, by phone number or e-mail address: every text, KakaoTalk message and e-mail sent to it with
 * what became of it and who sent it, its opt-outs, and the contacts it belongs to with their advertising consent.
 * A read across messaging, posts and the register, in SQL (the read side needs no domain objects).
 */
@Injectable()
export class OutreachHistoryService {
  constructor(private readonly em: EntityManager) {}

  async history(query: OutreachQueryDto): Promise<OutreachHistoryDto> {
    const address = optOutAddress(query.address);
    if ('problem' in address) throw invalid(address.problem);
    const em = this.em.fork();
    const byPhone = address.kind === 'phone';
    // Texts and KakaoTalk reach a number, e-mails an address; the other side of the union finds nothing.
    const entries = `
      select case when s."channel" = 'kakao' then 'kakao' else 'sms' end as "channel", d."id", s."id" as "sendId", null::int as "postId",
             s."created_at" as "at", d."type", d."text" as "body", ${deliveryStatusSql('d', 'c')} as "status", coalesce(d."error", c."error") as "detail",
             u."name" as "sentBy", s."advertising"
        from "message_delivery" d join "gateway_call" c on c."id" = d."call_id" join "message_send" s on s."id" = d."send_id"
        left join "users" u on u."id" = s."created_by_id"
       where ? and d."phone" = ?
      union all
      select 'email', e."id", null, e."post_id", e."created_at", null, e."subject", e."status"::text, e."error", u."name", false
        from "sent_email" e left join "users" u on u."id" = e."sent_by_id"
       where ? and lower(e."recipient") = ?`;
    const params = [byPhone, address.address, !byPhone, address.address];
    const [{ count }] = await em.execute<{ count: number }[]>(
      `select count(*)::int as "count" from (${entries}) x`,
      params,
    );
    const rows = await em.execute<EntryRow[]>(
      `select * from (${entries}) x order by x."at" desc, x."id" desc limit ? offset ?`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    );
    const optOuts = await em.execute<OptOutRow[]>(
      `select ${OPT_OUT_COLUMNS} where o."address" = ? order by o."id" desc`,
      [address.address],
    );
    const contacts = await em.execute<ContactRow[]>(
      `select c."id", c."contact_name" as "contactName", b."id" as "addressBookId", b."name" as "addressBookName",
              (select json_build_object('contactId', cc."contact_id", 'given', cc."given", 'consentedOn', cc."consented_on"::text, 'source', cc."source",
                                        'recordedBy', ru."name", 'recordedAt', cc."recorded_at")
                 from "contact_consent" cc left join "users" ru on ru."id" = cc."recorded_by_id"
                where cc."contact_id" = c."id" order by cc."id" desc limit 1) as "consent"
         from "contact" c join "address_book" b on b."id" = c."address_book_id"
        where c."deleted_at" is null and ${byPhone ? `c."phone_digits" = ?` : `lower(c."email") = ?`}
        order by c."id" limit 50`,
      [address.address],
    );
    return {
      kind: address.kind,
      address: address.address,
      optOuts: optOuts.map(optOutDto),
      contacts: contacts.map(({ consent, ...contact }) => ({
        ...contact,
        consent: consent ? consentDto(consent) : null,
      })),
      entries: rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() })),
      pagination: paginate(query.page, query.pageSize, count),
    };
  }
}
