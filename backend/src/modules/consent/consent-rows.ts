// The register's rows as the API shows them, for the register and the outreach history alike.
import type { ContactConsentDto, OptOutDto } from './dto/consent.dto.js';

/** An opt-out with the names of who recorded and who withdrew it; selected `from` here (alias o). */
export const OPT_OUT_COLUMNS = `o."id", o."kind", o."address", o."channel", o."source", o."note", r."name" as "recordedBy", o."recorded_at" as "recordedAt",
  o."withdrawn_at" as "withdrawnAt", w."name" as "withdrawnBy", o."withdrawn_note" as "withdrawnNote"
  from "opt_out" o left join "users" r on r."id" = o."recorded_by_id" left join "users" w on w."id" = o."withdrawn_by_id"`;

export type OptOutRow = Omit<OptOutDto, 'recordedAt' | 'withdrawnAt' | 'active'> & {
  recordedAt: Date;
  withdrawnAt: Date | null;
};

export type ConsentRow = Omit<ContactConsentDto, 'recordedAt'> & { recordedAt: Date };

export function optOutDto(row: OptOutRow): OptOutDto {
  return {
    ...row,
    recordedAt: new Date(row.recordedAt).toISOString(),
    active: row.withdrawnAt === null,
    withdrawnAt: row.withdrawnAt ? new Date(row.withdrawnAt).toISOString() : null,
  };
}

export function consentDto(row: ConsentRow): ContactConsentDto {
  return {
    contactId: row.contactId,
    given: row.given,
    consentedOn: row.consentedOn,
    source: row.source,
    recordedBy: row.recordedBy,
    recordedAt: new Date(row.recordedAt).toISOString(),
  };
}
