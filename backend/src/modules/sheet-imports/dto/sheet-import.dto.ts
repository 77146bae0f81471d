import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import { IsDriveFileId, IsMailAccountId } from '../../mail-accounts/dto/mail-account.dto.js';
import { SHEET_IMPORT_KINDS, type SheetImportKind } from '../sheet-import.job.js';
import { trim } from '../../../platform/http/transforms.js';
import { Optional } from '../../../platform/http/optional.js';

/** The path of GET posts/{fileId}/{sheetName}/{accountId} and GET sheets/… (spec §7). */
export class SheetImportParamsDto {
  @IsDriveFileId() fileId!: string;

  @ApiProperty({ description: 'The sheet (tab) to read, as the spreadsheet names it; at most 100 characters' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Please enter the sheet name.' })
  @MaxLength(100, { message: 'A sheet name has at most 100 characters.' })
  sheetName!: string;

  @IsMailAccountId() accountId!: number;
}

export class SheetImportQueryDto {
  @ApiProperty({
    required: false,
    description:
      'A UUID the client chooses to follow the import at GET sheet-imports/{importId}; a retried request with the same id does not import twice',
  })
  @Optional()
  @IsUUID('all', { message: 'importId must be a UUID' })
  importId?: string;
}

export class RejectedRowDto {
  @ApiProperty({ description: 'The row number as the sheet shows it (the header is row 1)' }) row!: number;
  @ApiProperty() reason!: string;
}

export class SheetImportReportDto {
  @ApiProperty({ description: 'Non-empty data rows in the sheet' }) total!: number;
  @ApiProperty() created!: number;
  @ApiProperty() updated!: number;
  @ApiProperty() unchanged!: number;
  @ApiProperty({ type: [RejectedRowDto], description: 'Rows not imported, with why' }) rejected!: RejectedRowDto[];
  @ApiProperty({ type: [String], description: 'Headers that matched no field; their columns were ignored' })
  unknownHeaders!: string[];
}

export class SheetImportResultDto {
  @ApiProperty() success!: boolean;
  @ApiProperty({ example: 'Posts loaded successfully from the sheet' }) message!: string;
  @ApiProperty() importId!: string;
  @ApiProperty({ type: SheetImportReportDto, nullable: true, description: 'Null when the import still runs (202)' })
  report!: SheetImportReportDto | null;
}

export class SheetImportProgressDto {
  @ApiProperty() done!: number;
  @ApiProperty() total!: number;
}

export class SheetImportErrorDto {
  @ApiProperty() statusCode!: number;
  @ApiProperty() message!: string;
}

export class SheetImportStatusDto {
  @ApiProperty() importId!: string;
  @ApiProperty({ enum: SHEET_IMPORT_KINDS }) kind!: SheetImportKind;
  @ApiProperty({ enum: ['waiting', 'active', 'completed', 'failed'] }) state!:
    'waiting' | 'active' | 'completed' | 'failed';
  @ApiProperty({
    type: SheetImportProgressDto,
    nullable: true,
    description: 'Rows written so far; null while the sheet is read',
  })
  progress!: SheetImportProgressDto | null;
  @ApiProperty({ type: SheetImportReportDto, nullable: true }) report!: SheetImportReportDto | null;
  @ApiProperty({ type: SheetImportErrorDto, nullable: true, description: 'Why a failed import imported nothing' })
  error!: SheetImportErrorDto | null;
}
