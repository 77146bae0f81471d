import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { PaginationDto } from '../../../platform/http/pagination.js';
import { ROLES, type Role } from '../domain/roles.js';
import { trim } from '../../../platform/http/transforms.js';
import { Optional } from '../../../platform/http/optional.js';

export class UserDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() username!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: ROLES }) role!: Role;
  @ApiProperty({ description: 'true for admin and superadmin' }) isAdmin!: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt!: string;
}

export class UserListDto {
  @ApiProperty({ type: [UserDto] }) data!: UserDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

class UserFieldsDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(100)
  name!: string;

  @ApiProperty({ maxLength: 50 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Username is required' })
  @MaxLength(50)
  username!: string;

  @ApiProperty({ format: 'email' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Email is required' })
  @IsEmail({}, { message: 'Email must be a valid e-mail address' })
  @MaxLength(254)
  email!: string;
}

export class CreateUserDto extends UserFieldsDto {
  @ApiProperty({ minLength: 8, maxLength: 200 })
  @IsString()
  @MinLength(8, { message: 'Password must be at least 8 characters' })
  @MaxLength(200)
  password!: string;

  @ApiProperty({ enum: ROLES, required: false, default: 'admin' })
  @Optional()
  @IsIn(ROLES)
  role?: Role;
}

export class UpdateUserDto extends UserFieldsDto {
  @ApiProperty({
    required: false,
    description: 'Blank or missing keeps the current password; a new one ends every other session of the account',
  })
  @Optional()
  // Blank keeps the current password; anything else given, a number or null included, must be a good one.
  @ValidateIf((_, value) => value !== '')
  @IsString({ message: 'Password must be text' })
  @MinLength(8, { message: 'Password must be at least 8 characters' })
  @MaxLength(200)
  password?: string;

  @ApiProperty({
    required: false,
    maxLength: 200,
    description: 'Your current password: required when you change your own password',
  })
  @Optional()
  @IsString()
  @MaxLength(200)
  currentPassword?: string;

  @ApiProperty({ enum: ROLES, required: false })
  @Optional()
  @IsIn(ROLES)
  role?: Role;
}
