import { invalid } from '../../../platform/domain/domain-error.js';
import { LEFT_OUT_REASONS, type LeftOutReason } from '../domain/send-recipients.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDateString,
  IsIn,
  IsInt,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { PageQueryDto, PaginationDto } from '../../../platform/http/pagination.js';
import { MAX_FILES_PER_MESSAGE } from '../domain/attachments.js';
import { SEND_OUTCOMES } from '../domain/send-outcome.js';
import { DELIVERY_STATUSES } from '../message-send.entity.js';
import { Optional } from '../../../platform/http/optional.js';
import { MAX_INT } from '../../../platform/http/validation.pipe.js';

/** The most recipients one send takes. */
export const MAX_RECIPIENTS_PER_SEND = 10_000;

const FILE_TYPES = ['묶음', '개별', 'bundle', 'individual'];

/**
 * One recipient of a send. A send carries up to 10,000 of them, so they are checked by checkRecipients (a loop)
 * rather than by a validator object per recipient, which cost more than the rest of the request.
 */
export class SendRecipientDto {
  @ApiProperty({ example: '010-1234-5678', maxLength: 40 }) phone!: string;
  @ApiPropertyOptional({ maxLength: 200 }) name?: string;
  @ApiProperty({ description: 'The text this recipient gets, placeholders already applied', maxLength: 20000 })
  text!: string;
  @ApiPropertyOptional({ type: [String], description: 'Message-file ids', maxItems: MAX_FILES_PER_MESSAGE })
  files?: string[];
  @ApiPropertyOptional({ enum: FILE_TYPES }) fileType?: string;
}

/** The recipients as SendRecipientDto, or a refusal (400) listing each field that is not as documented. */
export function checkRecipients(recipients: readonly unknown[]): SendRecipientDto[] {
  const problems: { path: string; message: string }[] = [];
  const text = (value: unknown, max: number) => typeof value === 'string' && value.length <= max;
  recipients.forEach((recipient, index) => {
    const path = (field: string) => `recipients.${index}.${field}`;
    if (!recipient || typeof recipient !== 'object')
      return void problems.push({ path: `recipients.${index}`, message: 'must be an object' });
    const { phone, name, text: body, files, fileType } = recipient as Record<string, unknown>;
    if (!text(phone, 40))
      problems.push({ path: path('phone'), message: 'phone must be a string of at most 40 characters' });
    if (name !== undefined && !text(name, 200))
      problems.push({ path: path('name'), message: 'name must be a string of at most 200 characters' });
    if (!text(body, 20000))
      problems.push({ path: path('text'), message: 'text must be a string of at most 20000 characters' });
    if (
      files !== undefined &&
      !(Array.isArray(files) && files.length <= MAX_FILES_PER_MESSAGE && files.every((file) => text(file, 100)))
    ) {
      problems.push({
        path: path('files'),
        message: `files must be a list of at most ${MAX_FILES_PER_MESSAGE} file ids`,
      });
    }
    if (fileType !== undefined && !FILE_TYPES.includes(fileType as string))
      problems.push({ path: path('fileType'), message: `fileType must be one of ${FILE_TYPES.join(', ')}` });
  });
  if (problems.length > 0)
    throw invalid(
      problems
        .slice(0, 3)
        .map((p) => `${p.path}: ${p.message}`)
        .join('; '),
      { validation: problems.slice(0, 100) },
    );
  return recipients as SendRecipientDto[];
}

/** POST message-sends: one send of personalised texts (and pictures), now or at a set time. */
export class CreateMessageSendDto {
  @ApiPropertyOptional({ enum: ['sms', 'kakao'], default: 'sms' }) @Optional() @IsIn(['sms', 'kakao']) channel?:
    'sms' | 'kakao';
  @ApiPropertyOptional({ description: "The sender number (one of the staff member's); the default number when absent" })
  @Optional()
  @IsString()
  @MaxLength(40)
  sender?: string;
  @ApiPropertyOptional({ description: 'An advertisement: marked (광고), named, with the opt-out number; not at night' })
  @Optional()
  @IsBoolean()
  advertising?: boolean;
  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    description: 'Send at this time (SMS only); now when absent',
  })
  @Optional()
  @IsDateString()
  // With its offset: a time without one would be read in the server's zone, not the staff member's.
  @Matches(/(Z|[+-]\d{2}:?\d{2})$/, { message: 'scheduledAt must be a date-time with its offset (Z or +09:00)' })
  scheduledAt?: string;
  @ApiProperty({
    type: [SendRecipientDto],
    minItems: 1,
    maxItems: MAX_RECIPIENTS_PER_SEND,
    description: 'Checked by checkRecipients',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_RECIPIENTS_PER_SEND)
  recipients!: SendRecipientDto[];
  @ApiPropertyOptional({
    description:
      'The send whose failed messages this one sends again (GET message-sends/{id}/resend makes the body); linked both ways',
  })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(MAX_INT)
  resendOf?: number;
}

export class ResendQueryDto {
  @ApiPropertyOptional({
    enum: ['sms', 'kakao'],
    description: "The channel of the resend: the original's when absent; KakaoTalk messages can be resent as SMS",
  })
  @Optional()
  @IsIn(['sms', 'kakao'])
  channel?: 'sms' | 'kakao';
}

/** POST aligo/send-mass-sms (spec §7): one text to 2 to 500 numbers. */
export class SendMassSmsDto {
  @ApiProperty({ description: 'The sender number' }) @IsString() @MaxLength(40) sender!: string;
  @ApiProperty({ type: [String] })
  @IsArray()
  @ArrayMaxSize(MAX_RECIPIENTS_PER_SEND)
  @IsString({ each: true })
  recipients!: string[];
  @ApiProperty() @IsString() @MaxLength(20000) message!: string;
  @ApiPropertyOptional({
    description: 'The chosen phone number entry, as the client holds it (only the sender is used)',
    type: Object,
  })
  @Optional()
  senderInfo?: unknown;
}

export class SendMassCountsDto {
  @ApiProperty() success_cnt!: number;
  @ApiProperty() error_cnt!: number;
}

export class SendMassSmsResultDto {
  @ApiProperty() success!: boolean;
  @ApiProperty({ type: SendMassCountsDto }) data!: SendMassCountsDto;
  @ApiProperty() message!: string;
  @ApiPropertyOptional({ type: String, nullable: true }) error!: string | null;
  @ApiProperty({ description: 'The send recorded, for View Results' }) sendId!: number;
}

export class DeliveryCountsDto {
  @ApiProperty() queued!: number;
  @ApiProperty() sending!: number;
  @ApiProperty({ description: 'Taken by the gateway, its delivery report not in yet' }) sent!: number;
  @ApiProperty({ description: "Arrived, as the gateway's records say" }) delivered!: number;
  @ApiProperty() failed!: number;
  @ApiProperty() unknown!: number;
  @ApiProperty() cancelled!: number;
}

export class SendOutcomeCountsDto {
  @ApiProperty() delivered!: number;
  @ApiProperty() failed!: number;
  @ApiProperty({ description: 'Not final yet: waiting to go out, going out, or waiting for the delivery report' })
  pending!: number;
  @ApiProperty({ description: 'No final state from the gateway within 72 hours, or its answer was lost' })
  unknown!: number;
  @ApiProperty() cancelled!: number;
}

export { LEFT_OUT_REASONS, type LeftOutReason };

export class ExcludedRecipientDto {
  @ApiProperty({ description: 'The digits of the number left out; a number that is not a mobile one as it was typed' })
  phone!: string;
  @ApiProperty() name!: string;
  @ApiProperty({
    enum: LEFT_OUT_REASONS,
    description:
      'opted-out: an opt-out in force for this channel or all; no-consent: an advertisement to a number without a given consent; ' +
      'not-mobile: not a Korean mobile number, which no text reaches; duplicate: the same message to the same number again',
  })
  reason!: LeftOutReason;
}

export class MessageSendDto {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: ['sms', 'kakao'] }) channel!: string;
  @ApiProperty({ enum: ['scheduled', 'queued', 'sending', 'completed', 'cancelled', 'failed'] }) state!: string;
  @ApiProperty() senderPhone!: string;
  @ApiProperty() senderName!: string;
  @ApiProperty() advertising!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) scheduledAt!: string | null;
  @ApiProperty() total!: number;
  @ApiProperty({
    type: [ExcludedRecipientDto],
    description: 'The recipients the opt-out and consent register left out of this send; the others were sent to',
  })
  excluded!: ExcludedRecipientDto[];
  @ApiProperty({ type: DeliveryCountsDto }) counts!: DeliveryCountsDto;
  @ApiProperty({
    enum: SEND_OUTCOMES,
    description:
      'What became of the messages: pending (some not final yet), delivered (all), partly-failed (some arrived, others failed or are unknown), failed (none arrived, some failed), unknown (none known either way), cancelled',
  })
  outcome!: string;
  @ApiProperty({ type: SendOutcomeCountsDto }) outcomeCounts!: SendOutcomeCountsDto;
  @ApiProperty({ type: Number, nullable: true, description: 'The send whose failed messages this one sent again' })
  resendOf!: number | null;
  @ApiProperty({ type: [Number], description: 'The sends that sent failed messages of this one again, oldest first' })
  resentAs!: number[];
  @ApiProperty({ description: 'The first text, for the list' }) preview!: string;
  @ApiProperty({ type: String, nullable: true }) createdBy!: string | null;
  @ApiProperty({
    description: 'Whether the caller may cancel it now: it has not started, and they made it or are a superadmin',
  })
  canCancel!: boolean;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) startedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finishedAt!: string | null;
}

export class MessageSendListDto {
  @ApiProperty({ type: [MessageSendDto] }) data!: MessageSendDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class MessageSendQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    type: String,
    format: 'date',
    description: 'Sends created on or after this day (Korean time)',
  })
  @Optional()
  @IsDateString()
  from?: string;
  @ApiPropertyOptional({
    type: String,
    format: 'date',
    description: 'Sends created on or before this day (Korean time)',
  })
  @Optional()
  @IsDateString()
  to?: string;
}

export class DeliveryDto {
  @ApiProperty() id!: number;
  @ApiProperty() phone!: string;
  @ApiProperty() name!: string;
  @ApiProperty() text!: string;
  @ApiProperty({ enum: ['SMS', 'LMS', 'MMS'] }) type!: string;
  @ApiProperty() files!: number;
  @ApiProperty({ enum: DELIVERY_STATUSES, description: 'sent: taken by the gateway, its delivery report not in yet' })
  status!: string;
  @ApiProperty({ type: String, nullable: true, description: "The gateway's message id" }) mid!: string | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt!: string;
}

export class DeliveryListDto {
  @ApiProperty({ type: [DeliveryDto] }) data!: DeliveryDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class DeliveryQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES })
  @Optional()
  @IsIn(DELIVERY_STATUSES)
  status?: string;
}

export const DELIVERY_EVENT_KINDS = ['accepted', 'delivered', 'failed', 'unknown', 'cancelled'] as const;

export class DeliveryEventDto {
  @ApiProperty({
    enum: DELIVERY_EVENT_KINDS,
    description:
      'accepted: the gateway took it; delivered, failed or unknown: its final state; cancelled: its send was stopped first',
  })
  status!: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    description: 'When it happened, as the gateway reports it (else when it was learnt)',
  })
  at!: string;
  @ApiProperty({
    description:
      'Where it was learnt: gateway (the answer to the send), sms_list, kakao-history, clock (72 hours without a report) or app',
  })
  source!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'In plain words: the reason of a failure, how it arrived, the gateway message id',
  })
  detail!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The gateway's own words for the state (e.g. 전송실패)" })
  gatewayState!: string | null;
}

export class DeliveryEventsDto {
  @ApiProperty({ type: DeliveryDto }) delivery!: DeliveryDto;
  @ApiProperty({ type: [DeliveryEventDto], description: "The message's path, oldest first" })
  events!: DeliveryEventDto[];
}

export class GatewayRemainingDto {
  @ApiProperty() SMS_CNT!: number;
  @ApiProperty() LMS_CNT!: number;
  @ApiProperty() MMS_CNT!: number;
}

/** A count, or a price, for each type of message. */
export class TypeCountsDto {
  @ApiProperty() SMS!: number;
  @ApiProperty() LMS!: number;
  @ApiProperty() MMS!: number;
  @ApiProperty({ description: 'KakaoTalk friend talk, which falls back to a text message' }) KAKAO!: number;
}

export class PreviewTextDto {
  @ApiProperty({
    description:
      "The text as the handset shows it: for an advertisement with (광고), the sender's name and the opt-out line",
  })
  text!: string;
  @ApiProperty({ description: 'Its size as a carrier counts it (EUC-KR: Hangul two bytes, ASCII one)' }) bytes!: number;
}

export class PreviewMessageDto {
  @ApiProperty({ description: 'The digits of the number' }) phone!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ['SMS', 'LMS', 'MMS', 'KAKAO'] }) type!: string;
  @ApiPropertyOptional({
    enum: ['SMS', 'LMS', 'MMS'],
    description: 'KakaoTalk only: the text message it falls back to when KakaoTalk cannot deliver it',
  })
  failover?: string;
  @ApiProperty({ description: 'Its text: an index into texts (a text many get is answered once)' }) textIndex!: number;
  @ApiProperty({ description: 'How many pictures go with it' }) pictures!: number;
}

/** POST message-sends/preview: the send as it would go out, nothing recorded. */
export class SendPreviewDto {
  @ApiProperty({ enum: ['sms', 'kakao'] }) channel!: string;
  @ApiProperty() advertising!: boolean;
  @ApiProperty() senderPhone!: string;
  @ApiProperty() senderName!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) scheduledAt!: string | null;
  @ApiProperty({ description: 'How many numbers get a message' }) people!: number;
  @ApiProperty({
    description:
      "How many messages go out (a picture message of more than three pictures is several), the send's total",
  })
  total!: number;
  @ApiProperty({ type: [PreviewTextDto], description: 'The distinct final texts, which messages name by index' })
  texts!: PreviewTextDto[];
  @ApiProperty({ type: [PreviewMessageDto], description: 'Every message in the order it is sent' })
  messages!: PreviewMessageDto[];
  @ApiProperty({ type: [ExcludedRecipientDto], description: 'The recipients left out, each with why' })
  excluded!: ExcludedRecipientDto[];
  @ApiProperty({ type: TypeCountsDto, description: 'Messages of each type' }) counts!: TypeCountsDto;
  @ApiProperty({ type: TypeCountsDto, description: 'The unit prices in won the cost is estimated with' })
  unitPrices!: TypeCountsDto;
  @ApiProperty({ description: 'The estimated cost in won' }) estimatedCost!: number;
  @ApiProperty({
    type: GatewayRemainingDto,
    nullable: true,
    description: "The gateway account's remaining counts; null when the gateway did not say",
  })
  remaining!: GatewayRemainingDto | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the remaining counts could not be read' })
  remainingProblem!: string | null;
  @ApiProperty({ description: 'The remaining counts cannot pay for this send' }) remainingShort!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Why POST message-sends would refuse this send (the night rule, every recipient left out, too little left at the gateway); null when it would take it',
  })
  refusal!: string | null;
}
