import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsEmail, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { RecordVersion, SaveVersion } from '../../../platform/http/stale-save.js';
import { trim } from '../../../platform/http/transforms.js';
import { Optional } from '../../../platform/http/optional.js';
import { MAX_INT } from '../../../platform/http/validation.pipe.js';

/** A subject line as the editor and Specify take it: trimmed, required, at most 500 characters. */
const SubjectField = () =>
  applyDecorators(
    ApiProperty({ maxLength: 500 }),
    Transform(trim),
    IsString(),
    IsNotEmpty({ message: 'Please enter an email subject' }),
    MaxLength(500),
  );

/** A template text (placeholders allowed): required, at most 100,000 characters. */
const TemplateTextField = (emptyMessage: string, description: string) =>
  applyDecorators(
    ApiProperty({ maxLength: 100_000, description }),
    IsString(),
    IsNotEmpty({ message: emptyMessage }),
    MaxLength(100_000),
  );

const ACCOUNT_REQUIRED = 'Please choose the mail account to send from';
const TEMPLATE_REQUIRED = 'Please select an email template';

/** The mail account an e-mail goes from: single sends, test copies and campaigns alike. */
export const SenderAccountField = () =>
  applyDecorators(
    ApiProperty({ description: 'The mail account to send from' }),
    IsInt({ message: ACCOUNT_REQUIRED }),
    Min(1, { message: ACCOUNT_REQUIRED }),
    Max(MAX_INT, { message: ACCOUNT_REQUIRED }),
  );

/** The post an e-mail is about, by its postId. */
export const PostIdField = () =>
  applyDecorators(
    ApiProperty({ description: "The post's postId" }),
    IsString(),
    IsNotEmpty({ message: 'postId is required' }),
    MaxLength(100),
  );

/** A saved e-mail template, by id. */
export const TemplateIdField = () =>
  applyDecorators(
    ApiProperty({ description: 'The e-mail template' }),
    IsInt({ message: TEMPLATE_REQUIRED }),
    Min(1, { message: TEMPLATE_REQUIRED }),
    Max(MAX_INT, { message: TEMPLATE_REQUIRED }),
  );

export class EmailTemplateDto {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() subject!: string;
  @ApiProperty({ description: 'The text with {{placeholders}}, newlines as \\n' }) template!: string;
  @ApiProperty({ description: 'The template rendered with the fixed sample data, as a whole HTML document' })
  htmlTemplate!: string;
  @ApiProperty() isActive!: boolean;
  @ApiProperty({
    description:
      "Each selected model's comcard file (PDF or image) from Drive is attached, within EMAIL_ATTACHMENTS_MAX_BYTES",
  })
  attachComcards!: boolean;
  @ApiProperty({ description: 'Exactly one template is the default' }) isDefault!: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt!: string;
  @RecordVersion() version!: number;
}

/** The template editor's body (spec §7). htmlTemplate is accepted for the spec's clients and made by the server. */
export class SaveEmailTemplateDto {
  @ApiProperty({ maxLength: 200 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Please enter a template title' })
  @MaxLength(200)
  title!: string;

  @SubjectField()
  subject!: string;

  @TemplateTextField('Please enter the template content', 'Windows line endings are saved as newlines')
  template!: string;

  @ApiProperty({ required: false, default: true })
  @Optional()
  @IsBoolean()
  isActive?: boolean;

  @ApiProperty({
    required: false,
    default: false,
    description: "Attach each selected model's comcard file (PDF or image) from Drive",
  })
  @Optional()
  @IsBoolean()
  attachComcards?: boolean;

  @ApiProperty({ required: false, description: 'Ignored: the server renders it from template' })
  @Optional()
  @IsString()
  htmlTemplate?: string;
}

/** Save Changes: the editor's body, and the version the template was opened at. */
export class UpdateEmailTemplateDto extends SaveEmailTemplateDto {
  @SaveVersion() version?: number;
}

export class PreviewEmailDto {
  @ApiProperty({ maxLength: 100_000, description: 'The text with {{placeholders}}' })
  @IsString()
  @MaxLength(100_000)
  template!: string;

  @ApiProperty({ required: false, maxLength: 500 })
  @Optional()
  @IsString()
  @MaxLength(500)
  subject?: string;

  @ApiProperty({
    required: false,
    description: "A post's postId: render with it and the models selected for it; without, the fixed sample",
  })
  @Optional()
  @IsString()
  @IsNotEmpty()
  postId?: string;

  @ApiProperty({ required: false, description: 'The mail account it would be sent from ({{email}}, {{name}})' })
  @Optional()
  @IsInt()
  @Min(1)
  accountId?: number;
}

export class EmailPreviewDto {
  @ApiProperty({ description: 'Sanitised HTML of the e-mail body, as it is sent' }) html!: string;
  @ApiProperty({ description: 'The plain-text part' }) text!: string;
  @ApiProperty({ description: 'The subject with its placeholders filled' }) subject!: string;
}

class RecipientFieldsDto {
  @ApiProperty({ format: 'email', description: "The post's customer; trimmed" })
  @Transform(trim)
  @IsNotEmpty({ message: 'Please enter the recipient e-mail address' })
  @IsEmail({}, { message: 'The recipient must be a valid e-mail address' })
  @MaxLength(254)
  recipient!: string;

  @SenderAccountField()
  accountId!: number;

  @PostIdField()
  postId!: string;
}

/** Specify (spec §7): the subject and the template text as edited; rendered by the server with the selected models. */
export class SendEmailDto extends RecipientFieldsDto {
  @SubjectField()
  subject!: string;

  @TemplateTextField('Please select an email template', 'The template text (placeholders allowed; HTML is sanitised)')
  content!: string;

  @ApiProperty({
    required: false,
    default: false,
    description: "Attach each selected model's comcard file, as the chosen template does",
  })
  @Optional()
  @IsBoolean()
  attachComcards?: boolean;
}

/** Simple (spec §7): the default template with the post's data and its selected models. */
export class SendDefaultEmailDto extends RecipientFieldsDto {}

export class SendEmailResultDto {
  @ApiProperty() success!: boolean;
  @ApiProperty({ example: 'Email sent successfully!' }) message!: string;
  @ApiProperty({ description: 'The log entry of the send' }) sentEmailId!: number;
  @ApiProperty({ type: String, nullable: true, description: "Gmail's id of the message" }) messageId!: string | null;
  @ApiProperty({
    type: [String],
    description:
      'The models whose comcard files were linked instead of attached: over the size limit, not a PDF or image, or unreadable',
  })
  linkedInstead!: string[];
}

/**
 * A copy to the signed-in staff member before the customer gets it: Specify's subject and text when given, else
 * the default template (Simple).
 */
export class SendTestEmailDto {
  @SenderAccountField()
  accountId!: number;

  @PostIdField()
  postId!: string;

  @ApiProperty({
    required: false,
    maxLength: 500,
    description: "Specify's subject; without it and content, the default template's",
  })
  @Optional()
  @IsString()
  @MaxLength(500)
  subject?: string;

  @ApiProperty({
    required: false,
    maxLength: 100_000,
    description: "Specify's text; without it, the default template's",
  })
  @Optional()
  @IsString()
  @MaxLength(100_000)
  content?: string;
}

export class SendTestEmailResultDto {
  @ApiProperty() success!: boolean;
  @ApiProperty({ example: 'Test e-mail sent to staff@agency.kr.' }) message!: string;
  @ApiProperty({ description: "The signed-in staff member's address it went to" }) to!: string;
}

export class ComcardSharingQueryDto {
  @ApiProperty({ description: "The post's postId: its selected models' links are checked" })
  @IsString()
  @IsNotEmpty({ message: 'postId is required' })
  @MaxLength(255)
  postId!: string;

  @ApiProperty({ description: 'The mail account the e-mail goes from: Drive is asked as it' })
  @Type(() => Number)
  @IsInt({ message: 'accountId must be a mail account id' })
  @Min(1, { message: 'accountId must be a mail account id' })
  accountId!: number;
}

export class UnsharedComcardLinkDto {
  @ApiProperty({ description: "The model's name as staff know it (Korean, else English, else the comcard number)" })
  model!: string;
  @ApiProperty({ enum: ['htmlUrl', 'download', 'comcardPhotoURL', 'image'] }) field!:
    'htmlUrl' | 'download' | 'comcardPhotoURL' | 'image';
  @ApiProperty() link!: string;
  @ApiProperty({
    enum: ['restricted', 'unknown'],
    description: 'restricted: shared with people only; unknown: the account cannot read its sharing',
  })
  sharing!: 'restricted' | 'unknown';
}

export class ComcardSharingDto {
  @ApiProperty({
    type: [UnsharedComcardLinkDto],
    description:
      'The Drive links a customer might not open; empty when every one is shared with anyone who has the link',
  })
  unshared!: UnsharedComcardLinkDto[];
}
