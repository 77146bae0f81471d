import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../../platform/http/auth-decorators.js';
import { ApiErrorResponses } from '../../platform/http/api-error-responses.js';
import { ErrorResponseDto } from '../../platform/http/error-response.dto.js';
import {
  CreateMessageTemplateDto,
  MessageTemplateListDto,
  MessageTemplateSavedDto,
  UpdateMessageTemplateDto,
} from './dto/message-template.dto.js';
import { MESSAGE_TEMPLATE_MESSAGES, MessageTemplatesService } from './message-templates.service.js';

/** Message templates (spec §7), shared by all staff. */
@ApiTags('messaging')
@ApiBearerAuth()
@ApiErrorResponses(401, 403)
@Controller('message-templates')
export class MessageTemplatesController {
  constructor(private readonly templates: MessageTemplatesService) {}

  @Get()
  @ApiOkResponse({ type: MessageTemplateListDto })
  async list(): Promise<MessageTemplateListDto> {
    return { templates: await this.templates.list() };
  }

  @Post()
  @ApiCreatedResponse({ type: MessageTemplateSavedDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: '템플릿 제목을 입력해주세요. / 메시지 내용을 입력해주세요. / too many files',
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateMessageTemplateDto,
  ): Promise<MessageTemplateSavedDto> {
    return {
      template: await this.templates.create(principal.userId, body),
      message: MESSAGE_TEMPLATE_MESSAGES.created,
    };
  }

  @Put(':id')
  @ApiOkResponse({ type: MessageTemplateSavedDto })
  @ApiErrorResponses(400, 404)
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description:
      'Stale: someone changed the fields since the version given (details.conflictingFields, details.current)',
  })
  async update(@Param('id') id: string, @Body() body: UpdateMessageTemplateDto): Promise<MessageTemplateSavedDto> {
    return { template: await this.templates.update(id, body), message: MESSAGE_TEMPLATE_MESSAGES.updated };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiErrorResponses(404)
  remove(@Param('id') id: string): Promise<void> {
    return this.templates.remove(id);
  }
}
