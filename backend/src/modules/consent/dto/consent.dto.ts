import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto, PaginationDto } from '../../../platform/http/pagination.js';
import { Optional } from '../../../platform/http/optional.js';
import { trim } from '../../../platform/http/transforms.js';
import { OPT_OUT_CHANNELS, OPT_OUT_SOURCES, STAFF_OPT_OUT_SOURCES } from '../domain/opt-out-rules.js';

/** The most characters of a pasted list (about 20,000 numbers). */
export const MAX_PASTED_CHARS = 500_000;

export class OptOutDto {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: ['phone', 'email'] }) kind!: string;
  @ApiProperty({ description: 'Phone digits, or the e-mail address in lower case' }) address!: string;
  @ApiProperty({ enum: OPT_OUT_CHANNELS }) channel!: string;
  @ApiProperty({
    enum: OPT_OUT_SOURCES,
    description:
      "080 line, staff entry, the person's own request, CSV import, or an e-mail to the address that bounced",
  })
  source!: string;
  @ApiProperty() note!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Who recorded it (null once their account is deleted)' })
  recordedBy!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) recordedAt!: string;
  @ApiProperty({ description: 'Whether it stops sends now (not withdrawn)' }) active!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) withdrawnAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) withdrawnBy!: string | null;
  @ApiProperty({ type: String, nullable: true }) withdrawnNote!: string | null;
}

export class OptOutListDto {
  @ApiProperty({ type: [OptOutDto] }) data!: OptOutDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class OptOutQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    description: 'A phone number (any written form) or an e-mail address: its opt-outs only',
    maxLength: 320,
  })
  @Optional()
  @IsString()
  @MaxLength(320)
  address?: string;
  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: 'Only those in force (true) or only those withdrawn (false); both when absent',
  })
  @Optional()
  @IsIn(['true', 'false'])
  active?: 'true' | 'false';
}

export class CreateOptOutDto {
  @ApiProperty({ description: 'A phone number as typed, or an e-mail address', maxLength: 320 })
  @IsString()
  @MaxLength(320)
  address!: string;
  @ApiProperty({ enum: OPT_OUT_CHANNELS }) @IsIn(OPT_OUT_CHANNELS) channel!: string;
  @ApiProperty({ enum: STAFF_OPT_OUT_SOURCES }) @IsIn(STAFF_OPT_OUT_SOURCES) source!: string;
  @ApiPropertyOptional({ maxLength: 500 }) @Optional() @IsString() @MaxLength(500) note?: string;
}

export class BulkOptOutDto {
  @ApiProperty({
    description: 'One phone number or e-mail address a line (what follows a comma or tab on a line is ignored)',
    maxLength: MAX_PASTED_CHARS,
  })
  @IsString()
  @MaxLength(MAX_PASTED_CHARS)
  text!: string;
  @ApiProperty({ enum: OPT_OUT_CHANNELS }) @IsIn(OPT_OUT_CHANNELS) channel!: string;
  @ApiProperty({ enum: STAFF_OPT_OUT_SOURCES }) @IsIn(STAFF_OPT_OUT_SOURCES) source!: string;
  @ApiPropertyOptional({ maxLength: 500 }) @Optional() @IsString() @MaxLength(500) note?: string;
}

export class OptOutImportQueryDto {
  @ApiProperty({ enum: OPT_OUT_CHANNELS, description: "What the file's opt-outs stop" })
  @IsIn(OPT_OUT_CHANNELS)
  channel!: string;
  @ApiPropertyOptional({
    enum: STAFF_OPT_OUT_SOURCES,
    default: 'csv',
    description: "csv, or 080 for the 080 service's export",
  })
  @Optional()
  @IsIn(STAFF_OPT_OUT_SOURCES)
  source?: string;
  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: 'true: read the file and answer what it would record, recording nothing (the preview)',
  })
  @Optional()
  @IsIn(['true', 'false'])
  dryRun?: 'true' | 'false';
}

export class OptOutRejectedLineDto {
  @ApiProperty({ description: 'The line of the list or file' }) line!: number;
  @ApiProperty() reason!: string;
}

/** What a list or file recorded. */
export class OptOutBatchResultDto {
  @ApiProperty({ description: 'New opt-outs recorded (for a preview: that would be recorded)' }) recorded!: number;
  @ApiProperty({
    description:
      'Lines naming an address already opted out of that channel (or twice in the list): nothing new is recorded',
  })
  alreadyOptedOut!: number;
  @ApiProperty({ type: [OptOutRejectedLineDto], description: 'Every line left out, with why' })
  rejected!: OptOutRejectedLineDto[];
  @ApiPropertyOptional({
    enum: ['utf-8', 'utf-8-bom', 'utf-16le', 'cp949'],
    description: 'How the file was read (imports only)',
  })
  encoding?: string;
  @ApiPropertyOptional({ description: 'Some bytes could not be read in that encoding (imports only)' })
  suspicious?: boolean;
}

export class WithdrawOptOutDto {
  @ApiPropertyOptional({ description: 'Why (the person asked to receive messages again…)', maxLength: 500 })
  @Optional()
  @IsString()
  @MaxLength(500)
  note?: string;
}

export class SetConsentDto {
  @ApiProperty({ description: 'Whether the contact agreed to receive advertising' }) @IsBoolean() given!: boolean;
  @ApiPropertyOptional({
    type: String,
    format: 'date',
    description: 'The Korean day it was given or refused; today when absent',
  })
  @Optional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'consentedOn must be a day (YYYY-MM-DD)' })
  consentedOn?: string;
  @ApiProperty({ description: 'How: a form, a call, a message, in writing…', maxLength: 200 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Please say how consent was given' })
  @MaxLength(200)
  source!: string;
}

export class ContactConsentDto {
  @ApiProperty() contactId!: number;
  @ApiProperty() given!: boolean;
  @ApiProperty({ type: String, format: 'date' }) consentedOn!: string;
  @ApiProperty() source!: string;
  @ApiProperty({ type: String, nullable: true }) recordedBy!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) recordedAt!: string;
}

export class ExpiringConsentDto extends ContactConsentDto {
  @ApiProperty() contactName!: string;
  @ApiProperty() phoneNumber!: string;
  @ApiProperty() addressBookId!: number;
}

export class ExpiringConsentListDto {
  @ApiProperty({ type: [ExpiringConsentDto] }) data!: ExpiringConsentDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
  @ApiProperty({
    type: String,
    format: 'date',
    description: 'Consent given on or before this Korean day is older than two years',
  })
  cutoff!: string;
}

export class OutreachQueryDto extends PageQueryDto {
  @ApiProperty({ description: 'A phone number (any written form) or an e-mail address', maxLength: 320 })
  @IsString()
  @MaxLength(320)
  address!: string;
}

/** One text, KakaoTalk message or e-mail sent to the person. */
export class OutreachEntryDto {
  @ApiProperty({ enum: ['sms', 'kakao', 'email'] }) channel!: string;
  @ApiProperty({ description: 'The delivery id (texts, KakaoTalk) or the sent e-mail id' }) id!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'The send of a text or KakaoTalk message' }) sendId!:
    number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The post an e-mail was about' }) postId!: number | null;
  @ApiProperty({ type: String, format: 'date-time' }) at!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['SMS', 'LMS', 'MMS'],
    description: 'A text message type; null for e-mail',
  })
  type!: string | null;
  @ApiProperty({ description: 'The final text, or the e-mail subject' }) body!: string;
  @ApiProperty({ description: "The delivery's status (as on the send's deliveries), or the e-mail's" }) status!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Why it failed or is unknown, in plain words' }) detail!:
    string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The staff member who sent it (null once their account is deleted)',
  })
  sentBy!: string | null;
  @ApiProperty() advertising!: boolean;
}

export class OutreachContactDto {
  @ApiProperty() id!: number;
  @ApiProperty() contactName!: string;
  @ApiProperty() addressBookId!: number;
  @ApiProperty() addressBookName!: string;
  @ApiProperty({
    type: ContactConsentDto,
    nullable: true,
    description: 'The advertising consent in force (the latest record)',
  })
  consent!: ContactConsentDto | null;
}

export class OutreachHistoryDto {
  @ApiProperty({ enum: ['phone', 'email'] }) kind!: string;
  @ApiProperty({ description: 'Phone digits, or the e-mail address in lower case' }) address!: string;
  @ApiProperty({ type: [OptOutDto], description: 'Every opt-out of the address, in force or withdrawn, newest first' })
  optOuts!: OptOutDto[];
  @ApiProperty({ type: [OutreachContactDto], description: 'The live contacts with this number or address' })
  contacts!: OutreachContactDto[];
  @ApiProperty({ type: [OutreachEntryDto], description: 'What was sent to it, newest first' })
  entries!: OutreachEntryDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}
