import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Optional } from '../../../platform/http/optional.js';
import { MAX_INT } from '../../../platform/http/validation.pipe.js';
import { MAX_DAILY_LIMIT } from '../domain/daily-limit.js';

/** A connected mail account (spec §3, mail account); never its token. */
export class MailAccountDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ type: String, nullable: true }) picture!: string | null;
  @ApiProperty({ description: 'Google refused the stored sign-in; the account must be re-authenticated.' })
  needsReauth!: boolean;
  @ApiProperty({
    description:
      'The account granted reading its mailbox (gmail.readonly), so replies and bounces of its e-mails are seen; false for accounts connected before: re-authenticate them once.',
  })
  canReadReplies!: boolean;
  @ApiProperty() createdAt!: Date;
  @ApiProperty({
    description: "Gmail's daily sending limit of the account (500 for gmail.com, 2,000 for Workspace by default)",
  })
  dailyLimit!: number;
  @ApiProperty({ description: 'E-mails sent from the account (sent, being sent, or unconfirmed) in the last 24 hours' })
  sentLast24h!: number;
  @ApiProperty({ description: 'What is left of the daily limit now (the last 24 hours, rolling)' })
  remainingToday!: number;
}

export class SetDailyLimitDto {
  @ApiProperty({ minimum: 1, maximum: MAX_DAILY_LIMIT, description: "The account's daily sending limit" })
  @IsInt({ message: `The daily limit must be a whole number from 1 to ${MAX_DAILY_LIMIT}` })
  @Min(1, { message: `The daily limit must be a whole number from 1 to ${MAX_DAILY_LIMIT}` })
  @Max(MAX_DAILY_LIMIT, { message: `The daily limit must be a whole number from 1 to ${MAX_DAILY_LIMIT}` })
  dailyLimit!: number;
}

export class AuthUrlDto {
  @ApiProperty({ description: "Google's consent page; the browser goes there (a pop-up may be used)." })
  authUrl!: string;
  @ApiProperty({
    description:
      'The origin Google sends the browser back to (PUBLIC_URL): the app must be used from it for the sign-in to come back signed in',
  })
  appOrigin!: string;
}

/** A Drive entry of the file picker (spec §3, drive file). */
export class DriveFileDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'application/vnd.google-apps.folder for folders' }) mimeType!: string;
  @ApiProperty({ type: String, nullable: true }) modifiedTime!: string | null;
  @ApiProperty({ type: String, nullable: true }) thumbnailLink!: string | null;
}

/** A connected mail account's id in a path: a positive integer. */
export const IsMailAccountId = () =>
  applyDecorators(
    ApiProperty({ description: 'The connected mail account whose Google Drive holds the file' }),
    Type(() => Number),
    IsInt({ message: 'accountId must be a positive integer' }),
    Min(1, { message: 'accountId must be a positive integer' }),
    Max(MAX_INT, { message: 'accountId must be a positive integer' }),
  );

/** A Google Drive file id (from the Drive picker), as a path takes it. */
export const IsDriveFileId = () =>
  applyDecorators(
    ApiProperty({ description: 'The Google Sheets file id (from the Drive picker)' }),
    Matches(/^[A-Za-z0-9_-]{1,200}$/, {
      message: 'The file id is not a Google Drive file id. Please select the file again.',
    }),
  );

/** The path of GET google-auth/spreadsheets/{accountId}/{spreadsheetId}/tabs. */
export class SpreadsheetTabsParamsDto {
  @IsMailAccountId() accountId!: number;
  @IsDriveFileId() spreadsheetId!: string;
}

export class SpreadsheetTabDto {
  @ApiProperty({ description: 'The tab (sheet) title, as the import takes it' }) title!: string;
  @ApiProperty() rowCount!: number;
}

export class UnsharedDriveFileDto {
  @ApiProperty() fileId!: string;
  @ApiProperty({ description: 'The link as the model card carries it' }) link!: string;
  @ApiProperty({
    enum: ['restricted', 'unknown'],
    description: 'restricted: shared with people only; unknown: this account cannot read its sharing',
  })
  sharing!: 'restricted' | 'unknown';
}

export class DriveFilesQueryDto {
  @ApiProperty({ required: false, description: 'The folder to list; My Drive when absent.' })
  @Optional()
  @IsString()
  @MaxLength(200)
  folderId?: string;

  @ApiProperty({
    required: false,
    description: 'Finds files by name anywhere in the Drive instead of listing a folder.',
  })
  @Optional()
  @Type(() => String)
  @IsString()
  @MaxLength(200)
  search?: string;
}

export class ConsentWindowQueryDto {
  @ApiProperty({
    required: false,
    enum: ['page', 'popup'],
    description:
      "Where Google's consent opens: popup brings the outcome back to the window that opened it (window=popup on the accounts page)",
  })
  @Optional()
  @IsIn(['page', 'popup'])
  window?: 'page' | 'popup';
}

export class OAuthCallbackQueryDto {
  @Optional() @IsString() @MaxLength(4096) code?: string;
  @Optional() @IsString() @MaxLength(4096) state?: string;
  @Optional() @IsString() @MaxLength(200) error?: string;
}
