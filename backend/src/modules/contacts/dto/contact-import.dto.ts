import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { CONTACT_IMPORT_STATES } from '../contact-import.entity.js';
import { trim } from '../../../platform/http/transforms.js';

export class ContactImportQueryDto {
  @ApiProperty({ description: 'The uploaded file\'s name; it must end in .csv', maxLength: 500 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'The file name is required' })
  @MaxLength(500)
  fileName!: string;
}

export class CsvColumnDto {
  @ApiProperty({ description: 'As the file heads it' }) header!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The contact field it fills, or null when unknown' }) field!: string | null;
}

export class RejectedLineDto {
  @ApiProperty({ description: 'The line of the file where the row starts' }) line!: number;
  @ApiProperty() reason!: string;
}

/** A row of the preview: its line and the contact fields the file gives. */
export class CsvSampleRowDto {
  @ApiProperty() line!: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, description: 'Field name to value' }) contact!: Record<string, string>;
}

/** What an uploaded file holds, before anything is imported. */
export class ContactImportPreviewDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() fileName!: string;
  @ApiProperty({ enum: ['utf-8', 'utf-8-bom', 'utf-16le', 'cp949'] }) encoding!: string;
  @ApiProperty({ description: 'Some bytes could not be read in that encoding' }) suspicious!: boolean;
  @ApiProperty({ type: [CsvColumnDto] }) columns!: CsvColumnDto[];
  @ApiProperty({ type: [CsvSampleRowDto], description: 'The first 20 rows to import' }) sample!: CsvSampleRowDto[];
  @ApiProperty({ description: 'Data rows in the file (blank lines not counted)' }) totalRows!: number;
  @ApiProperty({ description: 'Rows that will be imported' }) validRows!: number;
  @ApiProperty({ type: [RejectedLineDto], description: 'The first 200 rows that will not be imported, with why' }) rejected!: RejectedLineDto[];
  @ApiProperty() rejectedCount!: number;
  @ApiProperty({ type: [String] }) unknownColumns!: string[];
  @ApiProperty({ type: [RejectedLineDto], description: 'Damage in the file itself, such as a quote never closed' }) problems!: RejectedLineDto[];
}

export class StartContactImportDto {
  @ApiProperty({ description: 'The address book the contacts join; created when new', maxLength: 200 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Address book name is required' })
  @MaxLength(200)
  addressBook!: string;
}

export class ImportProgressDto {
  @ApiProperty() done!: number;
  @ApiProperty() total!: number;
}

/** Where an import stands, and its report once finished. */
export class ContactImportDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() fileName!: string;
  @ApiProperty({ enum: CONTACT_IMPORT_STATES }) state!: string;
  @ApiProperty({ type: Number, nullable: true }) addressBookId!: number | null;
  @ApiProperty({ type: ImportProgressDto }) progress!: ImportProgressDto;
  @ApiProperty({ description: 'Contacts imported so far' }) imported!: number;
  @ApiProperty({ type: [RejectedLineDto], description: 'Every row left out, with why (once finished)' }) rejected!: RejectedLineDto[];
  @ApiPropertyOptional({ type: String, nullable: true }) error!: string | null;
}
