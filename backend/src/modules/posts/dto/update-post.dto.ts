import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsString, MaxLength, ValidateIf } from 'class-validator';
import { Optional } from '../../../platform/http/optional.js';

export const MEMO_MAX_LENGTH = 2000;

/** PUT posts/{postId}: either or both; a missing field is left as it is. */
export class UpdatePostDto {
  @ApiProperty({ required: false })
  @Optional()
  @IsBoolean()
  isFavorite?: boolean;

  @ApiProperty({
    type: String,
    required: false,
    nullable: true,
    maxLength: MEMO_MAX_LENGTH,
    description: 'Blank or null clears the memo',
  })
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @IsString()
  @MaxLength(MEMO_MAX_LENGTH, { message: `Memo must be at most ${MEMO_MAX_LENGTH} characters` })
  memo?: string | null;
}

/** POST posts/addMemo/{postId}. */
export class AddMemoDto {
  @ApiProperty({ maxLength: MEMO_MAX_LENGTH, description: 'Blank clears the memo' })
  @IsString()
  @MaxLength(MEMO_MAX_LENGTH, { message: `Memo must be at most ${MEMO_MAX_LENGTH} characters` })
  memo!: string;
}
