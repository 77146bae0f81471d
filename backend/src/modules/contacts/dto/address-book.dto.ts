import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsString, MaxLength, ValidateNested } from 'class-validator';
import { ContactDto, ContactFieldsDto } from './contact.dto.js';
import { trim } from '../../../platform/http/transforms.js';
import { Optional } from '../../../platform/http/optional.js';

export class AddressBookDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() contactCount!: number;
}

/** GET address-book/ (spec §7). */
export class AddressBookListDto {
  @ApiProperty({ type: [AddressBookDto] }) addressBooks!: AddressBookDto[];
}

/** GET address-book/address-book-name/{name} (spec §7): every live contact of the book. */
export class AddressBookContactsDto {
  @ApiProperty({ type: [ContactDto] }) addressBookByContactList!: ContactDto[];
}

export class CreateAddressBookDto {
  @ApiProperty({ maxLength: 200 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Address book name is required' })
  @MaxLength(200)
  name!: string;
}

export class GroupDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() contactCount!: number;
}

export class SystemGroupDto {
  @ApiProperty({ enum: ['entire', 'selected', 'kakao-friend', 'edit-nickname', 'duplicates'] }) view!: string;
  @ApiProperty({ description: 'As the groups panel shows it' }) name!: string;
  @ApiProperty() contactCount!: number;
}

export class GroupListDto {
  @ApiProperty({ type: [SystemGroupDto] }) systemGroups!: SystemGroupDto[];
  @ApiProperty({ type: [GroupDto] }) groups!: GroupDto[];
}

export class CreateGroupDto {
  @ApiProperty({ maxLength: 200 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Please enter a group name' })
  @MaxLength(200)
  name!: string;
}

/** A contact of POST contact-list/bulk: the list form, its group by name. */
export class BulkContactDto extends ContactFieldsDto {
  @ApiProperty({ required: false, maxLength: 200, description: "The group's name; created in the book when new" })
  @Transform(trim)
  @Optional()
  @IsString()
  @MaxLength(200)
  Group?: string;
}

/** POST contact-list/bulk (spec §7): contacts added to the named book, created when new. */
export class BulkContactsDto {
  @ApiProperty({ type: [BulkContactDto], maxItems: 5000 })
  @IsArray()
  @ArrayMaxSize(5000)
  @ValidateNested({ each: true })
  @Type(() => BulkContactDto)
  contacts!: BulkContactDto[];

  @ApiProperty({ description: 'The address book (the file name)', maxLength: 200 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Address book name is required' })
  @MaxLength(200)
  addressBook!: string;
}

export class BulkContactsResultDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty() addressBookId!: number;
  @ApiProperty() imported!: number;
}
