import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, type Principal, Roles } from '../../platform/http/auth-decorators.js';
import { QueueBoardLinkDto } from './dto/queue-board-link.dto.js';
import { QueueBoardService } from './queue-board.service.js';

@ApiTags('operations')
@ApiBearerAuth()
@Controller('queue-board')
export class QueueBoardController {
  constructor(private readonly board: QueueBoardService) {}

  @Post('links')
  @Roles('superadmin')
  @HttpCode(200)
  @ApiOkResponse({ type: QueueBoardLinkDto })
  async createLink(@CurrentPrincipal() principal: Principal): Promise<QueueBoardLinkDto> {
    return { url: await this.board.createLink(principal) };
  }
}
