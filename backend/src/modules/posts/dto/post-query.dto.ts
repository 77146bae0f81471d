import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { SEARCH_SCOPES, type SearchScope } from '../domain/search.js';
import { Optional } from '../../../platform/http/optional.js';
import { MAX_INT } from '../../../platform/http/validation.pipe.js';

export const POST_PAGE_SIZES = { min: 1, max: 150, default: 50 } as const;
export const SORT_ORDERS = ['DESC', 'ASC'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

const pageSizeProperty = (description: string) =>
  ApiProperty({
    type: Number,
    required: false,
    minimum: POST_PAGE_SIZES.min,
    maximum: POST_PAGE_SIZES.max,
    description,
  });

/** Paging and order of every post list (spec §7 query names). */
export class PostPageQueryDto {
  @ApiProperty({ type: Number, required: false, default: 1, minimum: 1, maximum: 1_000_000 })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  page: number = 1;

  @pageSizeProperty(
    'Posts per page: 50, 100 or 150 in the UI (1 to 150 accepted); 50 when neither this nor limit is given',
  )
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(POST_PAGE_SIZES.min)
  @Max(POST_PAGE_SIZES.max)
  pageSize?: number;

  @pageSizeProperty('Alias of pageSize (pageSize wins when both are given)')
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(POST_PAGE_SIZES.min)
  @Max(POST_PAGE_SIZES.max)
  limit?: number;

  @ApiProperty({ enum: ['postDate'], required: false, default: 'postDate' })
  @Optional()
  @IsIn(['postDate'])
  sortBy?: 'postDate';

  @ApiProperty({
    enum: SORT_ORDERS,
    required: false,
    default: 'DESC',
    description: 'Undated posts come last either way',
  })
  @Optional()
  @Transform(upper)
  @IsIn(SORT_ORDERS)
  sortOrder?: SortOrder;
}

export class PostSearchQueryDto extends PostPageQueryDto {
  @ApiProperty({
    required: false,
    maxLength: 200,
    description: 'Keyword, matched anywhere (case-insensitive); blank lists every post',
  })
  @Optional()
  @IsString()
  @MaxLength(200)
  query?: string;

  @ApiProperty({
    enum: SEARCH_SCOPES,
    required: false,
    default: 'all',
    description: 'title: post and work titles; body: Korean and English bodies; all: both',
  })
  @Optional()
  @Transform(lower)
  @IsIn(SEARCH_SCOPES)
  category?: SearchScope;

  @ApiProperty({ required: false, maxLength: 50, description: 'Recruitment gender to narrow to (All or absent: none)' })
  @Optional()
  @IsString()
  @MaxLength(50)
  filter?: string;
}

export class PostFilterQueryDto extends PostPageQueryDto {
  @ApiProperty({
    required: false,
    maxLength: 50,
    description: '남자, 여자 or 남녀 (surrounding spaces ignored); All or absent: every post',
  })
  @Optional()
  @IsString()
  @MaxLength(50)
  recruitmentGender?: string;
}

export class PostDateFilterQueryDto extends PostPageQueryDto {
  @ApiProperty({
    required: false,
    format: 'date',
    description: 'First day (YYYY-MM-DD, Korean time), inclusive; required',
  })
  @Optional()
  @IsString()
  @MaxLength(20)
  startDate?: string;

  @ApiProperty({
    required: false,
    format: 'date',
    description: 'Last day (YYYY-MM-DD, Korean time), inclusive; required',
  })
  @Optional()
  @IsString()
  @MaxLength(20)
  endDate?: string;

  @ApiProperty({
    required: false,
    maxLength: 50,
    description: 'The gender filter active on the dashboard (All or absent: none)',
  })
  @Optional()
  @IsString()
  @MaxLength(50)
  activeFilter?: string;
}

export class SentEmailsQueryDto extends PostPageQueryDto {
  @ApiProperty({
    type: Number,
    required: false,
    default: 0,
    minimum: 0,
    description: 'Mail account id; 0 or absent: every account',
  })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_INT)
  senderId: number = 0;
}

/** The page size asked for, by either name. */
export function pageSizeOf(query: PostPageQueryDto): number {
  return query.pageSize ?? query.limit ?? POST_PAGE_SIZES.default;
}
