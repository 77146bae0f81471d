import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDateString,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { PageQueryDto, PaginationDto } from '../../../platform/http/pagination.js';
import { MAX_FILES_PER_MESSAGE } from '../domain/attachments.js';

/** The most recipients one send takes. */
export const MAX_RECIPIENTS_PER_SEND = 10_000;

export class SendRecipientDto {
  @ApiProperty({ example: '010-1234-5678' }) @IsString() @MaxLength(40) phone!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) name?: string;
  @ApiProperty({ description: 'The text this recipient gets, placeholders already applied' }) @IsString() @MaxLength(20000) text!: string;
  @ApiPropertyOptional({ type: [String], description: 'Message-file ids' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_FILES_PER_MESSAGE)
  @IsString({ each: true })
  files?: string[];
  @ApiPropertyOptional({ enum: ['묶음', '개별', 'bundle', 'individual'] }) @IsOptional() @IsIn(['묶음', '개별', 'bundle', 'individual']) fileType?: string;
}

/** POST message-sends: one send of personalised texts (and pictures), now or at a set time. */
export class CreateMessageSendDto {
  @ApiPropertyOptional({ enum: ['sms', 'kakao'], default: 'sms' }) @IsOptional() @IsIn(['sms', 'kakao']) channel?: 'sms' | 'kakao';
  @ApiPropertyOptional({ description: 'The sender number (one of the staff member\'s); the default number when absent' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  sender?: string;
  @ApiPropertyOptional({ description: 'An advertisement: marked (광고), named, with the opt-out number; not at night' }) @IsOptional() @IsBoolean() advertising?: boolean;
  @ApiPropertyOptional({ type: String, format: 'date-time', description: 'Send at this time (SMS only); now when absent' })
  @IsOptional()
  @IsDateString()
  scheduledAt?: string;
  @ApiPropertyOptional({ description: 'KakaoTalk subject, and the title of long messages' }) @IsOptional() @IsString() @MaxLength(100) subject?: string;
  @ApiProperty({ type: [SendRecipientDto], minItems: 1, maxItems: MAX_RECIPIENTS_PER_SEND })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_RECIPIENTS_PER_SEND)
  @ValidateNested({ each: true })
  @Type(() => SendRecipientDto)
  recipients!: SendRecipientDto[];
}

/** POST aligo/send-mass-sms (spec §7): one text to 2 to 500 numbers. */
export class SendMassSmsDto {
  @ApiProperty({ description: 'The sender number' }) @IsString() @MaxLength(40) sender!: string;
  @ApiProperty({ type: [String] }) @IsArray() @ArrayMaxSize(MAX_RECIPIENTS_PER_SEND) @IsString({ each: true }) recipients!: string[];
  @ApiProperty() @IsString() @MaxLength(20000) message!: string;
  @ApiPropertyOptional({ description: 'The chosen phone number entry, as the client holds it (only the sender is used)', type: Object })
  @IsOptional()
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
  @ApiProperty() sent!: number;
  @ApiProperty() failed!: number;
  @ApiProperty() unknown!: number;
  @ApiProperty() cancelled!: number;
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
  @ApiProperty({ type: DeliveryCountsDto }) counts!: DeliveryCountsDto;
  @ApiProperty({ description: 'The first text, for the list' }) preview!: string;
  @ApiProperty({ type: String, nullable: true }) createdBy!: string | null;
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
  @ApiPropertyOptional({ type: String, format: 'date', description: 'Sends created on or after this day (Korean time)' }) @IsOptional() @IsDateString() from?: string;
  @ApiPropertyOptional({ type: String, format: 'date', description: 'Sends created on or before this day (Korean time)' }) @IsOptional() @IsDateString() to?: string;
}

export class DeliveryDto {
  @ApiProperty() id!: number;
  @ApiProperty() phone!: string;
  @ApiProperty() name!: string;
  @ApiProperty() text!: string;
  @ApiProperty({ enum: ['SMS', 'LMS', 'MMS'] }) type!: string;
  @ApiProperty() files!: number;
  @ApiProperty({ enum: ['queued', 'sending', 'sent', 'failed', 'unknown', 'cancelled'] }) status!: string;
  @ApiProperty({ type: String, nullable: true, description: "The gateway's message id" }) mid!: string | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt!: string;
}

export class DeliveryListDto {
  @ApiProperty({ type: [DeliveryDto] }) data!: DeliveryDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class DeliveryQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['queued', 'sending', 'sent', 'failed', 'unknown', 'cancelled'] })
  @IsOptional()
  @IsIn(['queued', 'sending', 'sent', 'failed', 'unknown', 'cancelled'])
  status?: string;
}

export class GatewayRemainingDto {
  @ApiProperty() SMS_CNT!: number;
  @ApiProperty() LMS_CNT!: number;
  @ApiProperty() MMS_CNT!: number;
}
