import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

/** The narrowest a column may be typed (spec §9: 20 by input, 50 by dragging). */
export const MIN_COLUMN_WIDTH = 20;

export class ColumnSettingDto {
  @ApiProperty({ maxLength: 50 }) @IsString() @IsNotEmpty() @MaxLength(50) id!: string;
  @ApiProperty({ maxLength: 100 }) @IsString() @MaxLength(100) name!: string;
  @ApiProperty({ minimum: MIN_COLUMN_WIDTH, maximum: 2000 })
  @IsInt()
  @Min(MIN_COLUMN_WIDTH, { message: `Column width must be at least ${MIN_COLUMN_WIDTH}` })
  @Max(2000)
  width!: number;
  @ApiProperty() @IsBoolean() visible!: boolean;
}

export class ColumnSettingsDto {
  @ApiProperty({
    type: [ColumnSettingDto],
    nullable: true,
    description: "The staff member's columns in order, or null for the default",
  })
  columns!: ColumnSettingDto[] | null;
}

export class SaveColumnSettingsDto {
  @ApiProperty({ type: [ColumnSettingDto], maxItems: 40 })
  @IsArray()
  @ArrayMaxSize(40)
  @ValidateNested({ each: true })
  @Type(() => ColumnSettingDto)
  columns!: ColumnSettingDto[];
}
