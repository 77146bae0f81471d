import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsString,
  Matches,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { COMCARD_NO_MAX_LENGTH } from '../domain/model-record.js';
import { POST_KEY_MAX_LENGTH } from '../../posts/domain/post-key.js';
import { POST_PAGE_SIZES } from '../../posts/dto/post-query.dto.js';
import { RecordVersion, SaveVersion } from '../../../platform/http/stale-save.js';
import { trim } from '../../../platform/http/transforms.js';
import { Optional } from '../../../platform/http/optional.js';

/** Blank means none. */
const blankAsNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);

export class ModelDto {
  @ApiProperty() id!: number;
  @ApiProperty() comcardNo!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Profile picture URL' }) image!: string | null;
  @ApiProperty({ type: String, nullable: true }) nameEng!: string | null;
  @ApiProperty({ type: String, nullable: true }) nameKor!: string | null;
  @ApiProperty({ type: String, nullable: true }) national!: string | null;
  @ApiProperty({ type: String, nullable: true }) stage!: string | null;
  @ApiProperty({ type: String, nullable: true }) additionalPic!: string | null;
  @ApiProperty({ type: String, nullable: true }) download!: string | null;
  @ApiProperty({ type: String, nullable: true }) comcardPhotoURL!: string | null;
  @ApiProperty({ type: String, nullable: true }) htmlUrl!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "Google's 200 px thumbnail when htmlUrl is a Drive link" })
  thumbnailUrl!: string | null;
  @RecordVersion() version!: number;
}

const WEB_ADDRESS = /^https?:\/\/\S+$/i;
/** A link of the form: blank is none; anything else must be an http(s) address. */
const UrlField = (label: string, description?: string) =>
  applyDecorators(
    ApiProperty({ type: String, required: false, nullable: true, description }),
    Transform(blankAsNull),
    ValidateIf((_: unknown, value: unknown) => value !== null && value !== undefined),
    IsString(),
    MaxLength(2048),
    Matches(WEB_ADDRESS, { message: `${label} must be a web address starting with http:// or https://` }),
  );
const TextField = () =>
  applyDecorators(
    ApiProperty({ type: String, required: false, nullable: true }),
    Transform(blankAsNull),
    Optional({ nullable: true }),
    IsString(),
    MaxLength(200),
  );

/** The model form (spec §2): Comcard Number, names, nationality, stage and the three links. */
export class SaveModelDto {
  @ApiProperty({ maxLength: COMCARD_NO_MAX_LENGTH })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Comcard number is required' })
  @MaxLength(COMCARD_NO_MAX_LENGTH)
  comcardNo!: string;

  @TextField() nameEng?: string | null;
  @TextField() nameKor?: string | null;
  @TextField() national?: string | null;
  @TextField() stage?: string | null;
  @UrlField('Image URL', 'Not on the form; kept when left out') image?: string | null;
  @UrlField('Additional Picture URL') additionalPic?: string | null;
  @UrlField('Download URL') download?: string | null;
  @UrlField('Comcard photo URL') comcardPhotoURL?: string | null;
  @UrlField('HTML URL') htmlUrl?: string | null;
}

/** Update Model: the form, and the version it was loaded at. */
export class UpdateModelDto extends SaveModelDto {
  @SaveVersion() version?: number;
}

export class SelectModelsDto {
  @ApiProperty({
    type: [Number],
    description: 'The models selected for the post, in order; replaces the selection',
    maxItems: 500,
  })
  @IsArray()
  @ArrayMaxSize(500)
  @IsInt({ each: true })
  @Min(1, { each: true })
  modelIds!: number[];
}

/** A query parameter given once arrives as a string, given again as an array: both read as a list. */
const asList = ({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value);

/** GET posts/selected-models: the posts of one page of the dashboard (at most its largest page, 150). */
export class SelectedModelsQueryDto {
  @ApiProperty({
    type: [String],
    description: `The posts' postIds, the parameter repeated per post (postIds=a&postIds=b); 1 to ${POST_PAGE_SIZES.max}`,
    minItems: 1,
    maxItems: POST_PAGE_SIZES.max,
  })
  @Transform(asList)
  @IsArray({ message: 'postIds must list the posts' })
  @ArrayMinSize(1, { message: 'postIds must name at least one post' })
  @ArrayMaxSize(POST_PAGE_SIZES.max, { message: `postIds may name at most ${POST_PAGE_SIZES.max} posts` })
  @IsString({ each: true })
  @IsNotEmpty({ each: true, message: 'A postId must not be blank' })
  @MaxLength(POST_KEY_MAX_LENGTH, { each: true, message: `A postId has at most ${POST_KEY_MAX_LENGTH} characters` })
  postIds!: string[];
}

/** The models a staff member selected for one post, in the order selected. */
export class PostSelectedModelsDto {
  @ApiProperty() postId!: string;
  @ApiProperty({ type: [ModelDto] }) models!: ModelDto[];
}
