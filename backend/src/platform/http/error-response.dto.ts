import { ApiProperty } from '@nestjs/swagger';

export class ValidationIssueDto {
  @ApiProperty() path!: string;
  @ApiProperty() message!: string;
}

export class ErrorDetailsDto {
  @ApiProperty({ type: [ValidationIssueDto], required: false }) validation?: ValidationIssueDto[];
  @ApiProperty({ type: [String], required: false }) conflictingFields?: string[];
  @ApiProperty({ required: false }) retryAfterSeconds?: number;
  @ApiProperty({ required: false }) errorType?: string;
  @ApiProperty({ required: false }) databaseDetail?: string;
  @ApiProperty({ required: false }) query?: string;
  @ApiProperty({ required: false }) originalError?: string;
}

/** The one error shape (DESIGN.md §2), documented for the contract. */
export class ErrorResponseDto {
  @ApiProperty() statusCode!: number;
  @ApiProperty() error!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ type: ErrorDetailsDto, required: false }) details?: ErrorDetailsDto;
}
