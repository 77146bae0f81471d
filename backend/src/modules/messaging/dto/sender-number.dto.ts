import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Equals, IsBoolean, IsString, MaxLength } from 'class-validator';
import { trim } from '../../../platform/http/transforms.js';
import { Optional } from '../../../platform/http/optional.js';

/** A phone number entry (spec §3): the key only ever shown masked. */
export class SenderNumberDto {
  @ApiProperty() id!: number;
  @ApiProperty({ description: 'Digits only' }) phone!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'The gateway key, masked: only its last characters are shown', example: '********a1b2' })
  apiKey!: string;
  @ApiProperty({ description: 'The default sender number' }) isSelected!: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
}

/** POST user-phone-numbers (spec §7): phone and key required; the phone may be typed with hyphens. */
export class CreateSenderNumberDto {
  @ApiProperty({ example: '010-1234-5678' }) @Transform(trim) @IsString() @MaxLength(40) phone!: string;
  @ApiPropertyOptional() @Optional() @Transform(trim) @IsString() @MaxLength(100) name?: string;
  @ApiPropertyOptional({
    description: 'The gateway key for this number; without one, the configured default key is used',
  })
  @Optional()
  @Transform(trim)
  @IsString()
  @MaxLength(200)
  apiKey?: string;
}

/** PUT user-phone-numbers/{id} (spec §7): makes the number the default. */
export class UpdateSenderNumberDto {
  @ApiProperty({ enum: [true] }) @IsBoolean() @Equals(true) isDefault!: boolean;
}
