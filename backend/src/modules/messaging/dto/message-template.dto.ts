import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { MAX_FILES_PER_MESSAGE } from '../domain/attachments.js';
import { ATTACHMENT_MODE_WORDS } from '../domain/attachments.js';
import { RecordVersion, SaveVersion } from '../../../platform/http/stale-save.js';
import { MessageFileDto } from './message-file.dto.js';
import { Optional } from '../../../platform/http/optional.js';

const FILE_TYPE_WORDS = Object.values(ATTACHMENT_MODE_WORDS);

/** A message template (spec §3): fileType in Korean (묶음 bundle, 개별 individual), files as message-file ids. */
export class MessageTemplateDto {
  @ApiProperty() id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ enum: FILE_TYPE_WORDS }) fileType!: string;
  @ApiProperty({ type: [String], description: 'Message-file ids' }) files!: string[];
  @ApiProperty({ type: [MessageFileDto], description: 'The files, in the order of `files`' })
  attachments!: MessageFileDto[];
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt!: string;
  @RecordVersion() version!: number;
}

export class MessageTemplateListDto {
  @ApiProperty({ type: [MessageTemplateDto] }) templates!: MessageTemplateDto[];
}

/** A template's fields as the spec's POST and PUT send them. */
export class MessageTemplateFieldsDto {
  @ApiProperty() @IsString() @MaxLength(200) title!: string;
  @ApiProperty() @IsString() @MaxLength(20000) message!: string;
  @ApiPropertyOptional({ enum: [...FILE_TYPE_WORDS, 'bundle', 'individual'], default: ATTACHMENT_MODE_WORDS.bundle })
  @Optional()
  @IsIn([...FILE_TYPE_WORDS, 'bundle', 'individual'])
  fileType?: string;
  @ApiPropertyOptional({ type: [String] })
  @Optional()
  @Transform(({ value }) => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]))
  @IsArray()
  @ArrayMaxSize(MAX_FILES_PER_MESSAGE)
  @IsString({ each: true })
  files?: string[];
}

/** PUT message-templates/{id} (spec §7), with the version the template was loaded at. */
export class UpdateMessageTemplateDto extends MessageTemplateFieldsDto {
  @SaveVersion() version?: number;
}

/** POST message-templates (spec §7): the client names the template (from the current time); one is made if not. */
export class CreateMessageTemplateDto extends MessageTemplateFieldsDto {
  @ApiPropertyOptional({ example: '1764054000000' }) @Optional() @IsString() @Matches(/^[\w-]{1,40}$/) id?: string;
}

export class MessageTemplateSavedDto {
  @ApiProperty({ type: MessageTemplateDto }) template!: MessageTemplateDto;
  @ApiPropertyOptional() message?: string;
}
