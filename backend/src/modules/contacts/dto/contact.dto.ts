import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsString,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { isChecklistValue, isContactEmail, isStatusCode } from '@job-casting/rules';
import { CONTACT_TEXT_FIELDS, type ContactTextField } from '../domain/contact-fields.js';
import { RecordVersion, SaveVersion } from '../../../platform/http/stale-save.js';
import { trim } from '../../../platform/http/transforms.js';
import { Optional } from '../../../platform/http/optional.js';

/** How many contacts one call may name: a whole book's page of checks. */
export const MAX_CONTACTS_PER_CALL = 100_000;

/** A contact as the address book lists it (spec §3, list form). */
export class ContactDto {
  @ApiProperty() id!: number;
  @ApiProperty({ description: 'Checked in the table' }) check!: boolean;
  @ApiProperty() contactName!: string;
  @ApiProperty({ description: 'As typed' }) phoneNumber!: string;
  @ApiProperty() email!: string;
  @ApiProperty() definition1!: string;
  @ApiProperty() definition2!: string;
  @ApiProperty() definition3!: string;
  @ApiProperty() memo!: string;
  @ApiProperty() startStatus!: string;
  @ApiProperty({
    description: "End status (Whether_Or): '1' friend requested, '3' new chat name, '5' existing chat name kept",
  })
  completionStatus!: string;
  @ApiProperty({ description: 'agreement, inconsistency or blank' }) checklistConfirm!: string;
  @ApiProperty({ description: 'Conversation: the chat window name' }) chatWindowName!: string;
  @ApiProperty({ description: 'Change_Name: the modified chat name' }) modifyChat!: string;
  @ApiProperty({ description: 'Dialogue_Name: the KakaoTalk chat name' }) kakaoTalk!: string;
  @ApiProperty({ type: String, nullable: true, description: "The group's name" }) Group!: string | null;
  @ApiProperty({ type: Number, nullable: true }) groupId!: number | null;
  @ApiProperty() addressBookId!: number;
  @RecordVersion() version!: number;
}

const TextField = (field: ContactTextField) =>
  applyDecorators(
    ApiPropertyOptional({ maxLength: CONTACT_TEXT_FIELDS[field].maxLength }),
    ...(field === 'memo' ? [] : [Transform(trim)]),
    Optional(),
    IsString(),
    MaxLength(CONTACT_TEXT_FIELDS[field].maxLength),
  );

/** The contact form's fields; on update a field left out keeps its value. */
export class ContactFieldsDto {
  @TextField('contactName') contactName?: string;
  @TextField('phoneNumber') phoneNumber?: string;
  @TextField('email') email?: string;
  @TextField('definition1') definition1?: string;
  @TextField('definition2') definition2?: string;
  @TextField('definition3') definition3?: string;
  @TextField('memo') memo?: string;
  @TextField('startStatus') startStatus?: string;
  @TextField('completionStatus') completionStatus?: string;
  @TextField('checklistConfirm') checklistConfirm?: string;
  @TextField('chatWindowName') chatWindowName?: string;
  @TextField('modifyChat') modifyChat?: string;
  @TextField('kakaoTalk') kakaoTalk?: string;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'A group of the same address book, or null for none',
  })
  @Optional({ nullable: true })
  @IsInt()
  @Min(1)
  groupId?: number | null;

  @ApiPropertyOptional() @Optional() @IsBoolean() check?: boolean;
}

/** A rule of the rules package as a validator: the value (after trimming) must pass `test`. */
const Passes = (name: string, test: (value: string) => boolean, message: string) =>
  ValidateBy({
    name,
    validator: {
      validate: (value: unknown) => typeof value === 'string' && test(value),
      defaultMessage: () => message,
    },
  });

/**
 * The contact fields staff edit (Add Contact, Edit Contact, the table's cells): the fields with a fixed set of values
 * take only those, and an e-mail must be an address or a list of them (blank clears either). A sheet or CSV import keeps what it
 * carries (ContactFieldsDto): nothing a file holds is lost, and the table shows an unknown value as it is.
 */
export class EditedContactFieldsDto extends ContactFieldsDto {
  @Passes('isContactEmail', isContactEmail, 'Email must be an email address (or blank)')
  declare email?: string;

  @Passes('isStatusCode', isStatusCode, "Start Status must be one of '1', '3', '5' (or blank)")
  declare startStatus?: string;

  @Passes('isStatusCode', isStatusCode, "Completion Status must be one of '1', '3', '5' (or blank)")
  declare completionStatus?: string;

  @Passes('isChecklistValue', isChecklistValue, 'Checklist Confirmation must be agreement or inconsistency (or blank)')
  declare checklistConfirm?: string;
}

/** Add Contact (spec §5: Name required). */
export class CreateContactDto extends EditedContactFieldsDto {
  @ApiProperty({ maxLength: CONTACT_TEXT_FIELDS.contactName.maxLength })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(CONTACT_TEXT_FIELDS.contactName.maxLength)
  declare contactName: string;
}

/** Edit Contact (PUT contacts/{id}): the fields changed, and the version they were changed on. */
export class UpdateContactDto extends EditedContactFieldsDto {
  @SaveVersion() version?: number;
}

export class ContactChangeDto extends UpdateContactDto {
  @ApiProperty() @IsInt() @Min(1) id!: number;
}

/** Autosave: the changed rows, each with only the fields that changed (and the version they were changed on). */
export class SaveContactsDto {
  @ApiProperty({ type: [ContactChangeDto], maxItems: 5000 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(5000)
  @ValidateNested({ each: true })
  @Type(() => ContactChangeDto)
  contacts!: ContactChangeDto[];
}

export class ContactIdsDto {
  @ApiProperty({ type: [Number], maxItems: MAX_CONTACTS_PER_CALL })
  @IsArray()
  @ArrayMaxSize(MAX_CONTACTS_PER_CALL)
  @IsInt({ each: true })
  @Min(1, { each: true })
  contactIds!: number[];
}

export class CheckContactsDto {
  @ApiProperty({ description: 'The address book whose contacts to check or uncheck' })
  @IsInt()
  @Min(1)
  addressBookId!: number;
  @ApiPropertyOptional({ type: [Number], description: 'Only these contacts; every contact of the book when left out' })
  @Optional()
  @IsArray()
  @ArrayMaxSize(MAX_CONTACTS_PER_CALL)
  @IsInt({ each: true })
  contactIds?: number[];
  @ApiProperty() @IsBoolean() checked!: boolean;
}

export class PasteContactsDto extends ContactIdsDto {
  @ApiProperty({ description: 'The group the copies go to' }) @IsInt() @Min(1) groupId!: number;
  @ApiProperty({ description: 'A cut: the originals are removed once copied' }) @IsBoolean() removeOriginals!: boolean;
}

export class MoveContactsDto extends ContactIdsDto {
  @ApiProperty({ type: Number, nullable: true, description: 'The group to move to, or null for none' })
  @ValidateIf((_: unknown, value: unknown) => value !== null)
  @IsInt()
  @Min(1)
  groupId!: number | null;
}

export class ContactListDto {
  @ApiProperty({ type: [ContactDto] }) data!: ContactDto[];
  @ApiProperty() total!: number;
}

export class CountDto {
  @ApiProperty({ description: 'How many contacts the call changed' }) count!: number;
}

export const CONTACT_VIEWS = ['entire', 'selected', 'kakao-friend', 'edit-nickname', 'duplicates'] as const;
export type ContactView = (typeof CONTACT_VIEWS)[number];

export class ContactListQueryDto {
  @ApiPropertyOptional({
    enum: CONTACT_VIEWS,
    description: 'A system group; entire when neither view nor groupId is given',
  })
  @Optional()
  @IsIn(CONTACT_VIEWS)
  view?: ContactView;

  @ApiPropertyOptional({ description: 'A group of the book' })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  groupId?: number;
}

export class MergeContactsDto extends ContactIdsDto {
  @ApiProperty({ description: 'The default: the contact the others merge into' }) @IsInt() @Min(1) survivorId!: number;
  @ApiProperty() @IsBoolean() mergeEmails!: boolean;
  @ApiProperty() @IsBoolean() mergeMemos!: boolean;
}

export class DuplicateQueryDto {
  @ApiProperty({ description: 'A phone number in any written form' })
  @IsString()
  @Transform(trim)
  @IsNotEmpty({ message: 'Please enter a phone number to search.' })
  @MaxLength(100)
  phone!: string;
}

export class DuplicateGroupDto {
  @ApiProperty() phoneDigits!: string;
  @ApiProperty({ description: 'As the first of them typed it' }) phoneNumber!: string;
  @ApiProperty() count!: number;
  @ApiProperty({ type: [Number] }) contactIds!: number[];
}

export class DuplicateScanDto {
  @ApiProperty({ type: [DuplicateGroupDto], description: 'Largest first' }) groups!: DuplicateGroupDto[];
  @ApiProperty({ description: 'Contacts in the book' }) contacts!: number;
  @ApiProperty({ description: 'Contacts that share their phone with another' }) duplicated!: number;
}
