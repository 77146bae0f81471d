import { ApiProperty } from '@nestjs/swagger';

/** An uploaded picture. */
export class MessageFileDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'The folder it was picked from (bundle mode), or empty' }) folder!: string;
  @ApiProperty({ enum: ['image/jpeg', 'image/png', 'image/gif'] }) mimeType!: string;
  @ApiProperty() size!: number;
}

export class MessageFileListDto {
  @ApiProperty({ type: [MessageFileDto] }) files!: MessageFileDto[];
}
