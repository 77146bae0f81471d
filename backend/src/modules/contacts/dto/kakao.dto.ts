import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { MAX_CONTACTS_PER_CALL } from './contact.dto.js';
import { Optional } from '../../../platform/http/optional.js';

/** A contact as the KakaoTalk dialogs send it: the list form's id or the form's ID, and the typed new chat name. */
export class KakaoContactRefDto {
  @ApiPropertyOptional({ description: 'The contact id (list form)' }) @Optional() @IsInt() @Min(1) id?: number;
  @ApiPropertyOptional({ description: 'The contact id (form)' }) @Optional() @IsInt() @Min(1) ID?: number;
  @ApiPropertyOptional({ description: 'The new chat name (list form)' })
  @Optional()
  @IsString()
  @MaxLength(200)
  modifyChat?: string;
  @ApiPropertyOptional({ description: 'The new chat name (form)' })
  @Optional()
  @IsString()
  @MaxLength(200)
  Change_Name?: string;
}

const RefList = () => (target: object, key: string) => {
  ApiPropertyOptional({ type: [KakaoContactRefDto], maxItems: MAX_CONTACTS_PER_CALL })(target, key);
  Optional()(target, key);
  IsArray()(target, key);
  ArrayMaxSize(MAX_CONTACTS_PER_CALL)(target, key);
  ValidateNested({ each: true })(target, key);
  Type(() => KakaoContactRefDto)(target, key);
};

/** POST save-kakao-list (spec §7): exactly one of the four lists. */
export class SaveKakaoListDto {
  @RefList() filteredKakaoList?: KakaoContactRefDto[];

  @ApiPropertyOptional({ type: KakaoContactRefDto, description: 'One contact for a friend addition' })
  @Optional()
  @ValidateNested()
  @Type(() => KakaoContactRefDto)
  singleContact?: KakaoContactRefDto;

  @RefList() changedContacts?: KakaoContactRefDto[];
  @RefList() kakaoList?: KakaoContactRefDto[];
}

export class KakaoResultDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiPropertyOptional({ description: 'The friend-request batch recorded' }) batchId?: number;
  @ApiProperty({ description: 'Contacts changed' }) count!: number;
}

export class FriendRequestItemDto {
  @ApiProperty() id!: number;
  @ApiProperty() contactId!: number;
  @ApiProperty() contactName!: string;
  @ApiProperty() phoneNumber!: string;
  @ApiProperty({ enum: ['pending', 'done', 'failed'] }) status!: string;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
}

export class FriendRequestBatchDto {
  @ApiProperty() id!: number;
  @ApiProperty() addressBookId!: number;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty() pending!: number;
  @ApiProperty() done!: number;
  @ApiProperty() failed!: number;
  @ApiPropertyOptional({ type: [FriendRequestItemDto], description: 'Only when one batch is read' })
  items?: FriendRequestItemDto[];
}

export class FriendRequestBatchListDto {
  @ApiProperty({ type: [FriendRequestBatchDto] }) data!: FriendRequestBatchDto[];
}

export class CreateFriendRequestBatchDto {
  @ApiProperty({ type: [Number], maxItems: MAX_CONTACTS_PER_CALL })
  @IsArray()
  @ArrayMaxSize(MAX_CONTACTS_PER_CALL)
  @IsInt({ each: true })
  @Min(1, { each: true })
  contactIds!: number[];
}

export class UpdateFriendRequestItemDto {
  @ApiProperty({ enum: ['pending', 'done', 'failed'] }) @IsIn(['pending', 'done', 'failed']) status!:
    'pending' | 'done' | 'failed';
  @ApiPropertyOptional({ maxLength: 1000, description: 'Why it failed' })
  @Optional()
  @IsString()
  @MaxLength(1000)
  error?: string;
}

export class FriendRequestBatchQueryDto {
  @ApiPropertyOptional() @Optional() @Type(() => Number) @IsInt() @Min(1) addressBookId?: number;
}
