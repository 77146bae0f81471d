import { ApiProperty } from '@nestjs/swagger';

export class QueueBoardLinkDto {
  @ApiProperty({ description: 'A one-time link, valid for one minute, that opens the queue board' })
  url!: string;
}
