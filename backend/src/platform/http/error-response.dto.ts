import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ValidationIssueDto {
  @ApiProperty() path!: string;
  @ApiProperty() message!: string;
}

export class StaleRecordDto {
  @ApiProperty() id!: number;
  @ApiProperty({
    type: [String],
    description: 'The fields someone else changed since the version the save was made on',
  })
  conflictingFields!: string[];
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The record as it is now, with its version' })
  current!: Record<string, unknown>;
}

export class ErrorDetailsDto {
  @ApiProperty({ type: [ValidationIssueDto], required: false }) validation?: ValidationIssueDto[];
  @ApiProperty({ type: [String], required: false }) conflictingFields?: string[];
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'A save refused as stale (409): the record as it is now, with its version',
  })
  current?: Record<string, unknown>;
  @ApiProperty({
    type: [StaleRecordDto],
    required: false,
    description: 'A save of many records refused as stale (409): each stale record',
  })
  staleRecords?: StaleRecordDto[];
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
