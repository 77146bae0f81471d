import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { UserDto } from '../../users/dto/user.dto.js';
import { Optional } from '../../../platform/http/optional.js';

export class LoginDto {
  @ApiProperty({ format: 'email' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsNotEmpty({ message: 'Email is required' })
  @IsEmail({}, { message: 'Email must be a valid e-mail address' })
  @MaxLength(254)
  email!: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(200)
  password!: string;
}

export class RefreshTokenDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'Refresh token is required' })
  @MaxLength(200)
  refreshToken!: string;
}

export class LogoutDto {
  @ApiProperty({ required: false })
  @Optional()
  @IsString()
  @MaxLength(200)
  refreshToken?: string;
}

export class AuthSessionDto {
  @ApiProperty({ type: UserDto }) user!: UserDto;
  @ApiProperty({ description: 'Access token (JWT), sent as a bearer token' }) token!: string;
  @ApiProperty({ description: 'Opaque refresh token; each use returns a new one' }) refreshToken!: string;
  @ApiProperty({ description: 'Seconds until the access token expires' }) expiresIn!: number;
}

export class SuccessDto {
  @ApiProperty() success!: boolean;
}
