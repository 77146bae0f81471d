import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { Optional } from './optional.js';

export class PaginationDto {
  @ApiProperty() currentPage!: number;
  @ApiProperty() totalPages!: number;
  @ApiProperty() totalItems!: number;
  @ApiProperty() itemsPerPage!: number;
  @ApiProperty() hasNextPage!: boolean;
  @ApiProperty() hasPreviousPage!: boolean;
}

export class PageQueryDto {
  @ApiProperty({ type: Number, required: false, default: 1, minimum: 1 })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  page: number = 1;

  @ApiProperty({ type: Number, required: false, default: 50, minimum: 1, maximum: 150 })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(150)
  pageSize: number = 50;
}

/** The spec's pagination block (§3) for a page of a list of `totalItems`. */
export function paginate(page: number, pageSize: number, totalItems: number): PaginationDto {
  const totalPages = Math.max(1, Math.ceil(totalItems / pageSize));
  return {
    currentPage: page,
    totalPages,
    totalItems,
    itemsPerPage: pageSize,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
  };
}
