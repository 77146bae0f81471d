import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { CONTACT_IMPORT_MODES, CONTACT_IMPORT_STATES, type ContactImportMode } from '../contact-import.entity.js';
import { Optional } from '../../../platform/http/optional.js';
import { trim } from '../../../platform/http/transforms.js';

export class ContactImportQueryDto {
  @ApiProperty({ description: "The uploaded file's name; it must end in .csv", maxLength: 500 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'The file name is required' })
  @MaxLength(500)
  fileName!: string;
}

export class CsvColumnDto {
  @ApiProperty({ description: 'As the file heads it' }) header!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The contact field it fills, or null when unknown' })
  field!: string | null;
}

export class RejectedLineDto {
  @ApiProperty({ description: 'The line of the file where the row starts' }) line!: number;
  @ApiProperty() reason!: string;
}

/** A row of the preview: its line and the contact fields the file gives. */
export class CsvSampleRowDto {
  @ApiProperty() line!: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, description: 'Field name to value' })
  contact!: Record<string, string>;
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
  @ApiProperty({ type: [RejectedLineDto], description: 'The first 200 rows that will not be imported, with why' })
  rejected!: RejectedLineDto[];
  @ApiProperty() rejectedCount!: number;
  @ApiProperty({ type: [String] }) unknownColumns!: string[];
  @ApiProperty({ type: [RejectedLineDto], description: 'Damage in the file itself, such as a quote never closed' })
  problems!: RejectedLineDto[];
}

export class AddressBookNameDto {
  @ApiProperty({ description: 'The address book the contacts join; created when new', maxLength: 200 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Address book name is required' })
  @MaxLength(200)
  addressBook!: string;
}

export class StartContactImportDto extends AddressBookNameDto {
  @ApiPropertyOptional({
    enum: CONTACT_IMPORT_MODES,
    default: 'add',
    description:
      "Rows whose phone digits match a contact of the book: add them anyway (add), give the contact the row's non-empty fields (update; a row matching several contacts updates each), or leave them out (skip). Unmatched rows are added.",
  })
  @Optional()
  @IsIn(CONTACT_IMPORT_MODES, { message: `Import mode must be one of ${CONTACT_IMPORT_MODES.join(', ')}` })
  mode?: ContactImportMode;
}

/** The preview's counts for the book chosen: what each mode would do. */
export class ContactImportMatchesDto {
  @ApiProperty({ type: Number, nullable: true, description: 'The book, or null when the name makes a new one' })
  addressBookId!: number | null;
  @ApiProperty({ description: 'Rows to import whose phone matches no contact of the book' }) newRows!: number;
  @ApiProperty({ description: 'Rows whose phone digits match a contact of the book' }) matchingRows!: number;
  @ApiProperty({ description: 'Contacts of the book those rows match' }) matchedContacts!: number;
  @ApiProperty({ description: 'Rows that will not be imported' }) rejectedRows!: number;
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
  @ApiProperty({ enum: CONTACT_IMPORT_MODES }) mode!: string;
  @ApiProperty({ description: 'Contacts added so far' }) imported!: number;
  @ApiProperty({ description: 'Rows whose phone matched a contact of the book (updated from, or skipped)' })
  matchedRows!: number;
  @ApiProperty({ description: 'Contacts changed by the import' }) updated!: number;
  @ApiProperty({ type: [RejectedLineDto], description: 'Every row left out, with why (once finished)' })
  rejected!: RejectedLineDto[];
  @ApiPropertyOptional({ type: String, nullable: true }) error!: string | null;
}

/** An updated contact whose fields staff changed after the import: a revert (or restore) left those fields alone. */
export class KeptContactDto {
  @ApiProperty() contactId!: number;
  @ApiProperty({ description: 'Its name, or its phone when it has none' }) name!: string;
  @ApiProperty({ type: [String], description: 'The fields kept as staff made them' }) fields!: string[];
}

/** What a revert or a restore did. */
export class ContactImportRevertReportDto {
  @ApiProperty({ enum: ['revert', 'restore'] }) action!: 'revert' | 'restore';
  @ApiProperty({ description: 'Added contacts removed (revert) or brought back (restore)' }) removed!: number;
  @ApiProperty({
    description: "Updated contacts given their values from before the import (revert), or the import's again (restore)",
  })
  restored!: number;
  @ApiProperty({ description: 'Updated contacts with fields staff changed since, left as staff made them' })
  keptCount!: number;
  @ApiProperty({ type: [KeptContactDto], description: 'The first 100 of them' }) kept!: KeptContactDto[];
}

/** An import of a book, for its list of recent imports. */
export class BookImportDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() fileName!: string;
  @ApiProperty({ enum: CONTACT_IMPORT_STATES }) state!: string;
  @ApiProperty({ enum: CONTACT_IMPORT_MODES }) mode!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Who imported it' }) userName!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finishedAt!: string | null;
  @ApiProperty({ description: 'Contacts it added' }) imported!: number;
  @ApiProperty({ description: 'Contacts it added that are in the book now (a revert removes these)' })
  addedInBook!: number;
  @ApiProperty() matchedRows!: number;
  @ApiProperty({ description: 'Contacts it updated (a revert restores these)' }) updated!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Set while reverted' }) revertedAt!:
    string | null;
  @ApiProperty({ type: String, nullable: true }) revertedBy!: string | null;
  @ApiProperty({
    type: ContactImportRevertReportDto,
    nullable: true,
    description: 'What the last revert or restore did',
  })
  lastReport!: ContactImportRevertReportDto | null;
}

export class BookImportListDto {
  @ApiProperty({ type: [BookImportDto], description: 'The latest first' }) imports!: BookImportDto[];
}
