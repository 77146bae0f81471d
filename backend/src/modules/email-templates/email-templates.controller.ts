import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../../platform/http/auth-decorators.js';
import { ApiErrorResponses } from '../../platform/http/api-error-responses.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';
import { ApiIdempotencyKey, IdempotencyKey } from '../../platform/http/idempotency-key.js';
import {
  ComcardSharingDto,
  ComcardSharingQueryDto,
  EmailPreviewDto,
  EmailTemplateDto,
  PreviewEmailDto,
  SaveEmailTemplateDto,
  SendDefaultEmailDto,
  SendEmailDto,
  SendEmailResultDto,
  SendTestEmailDto,
  SendTestEmailResultDto,
  UpdateEmailTemplateDto,
} from './dto/email-template.dto.js';
import { ComcardSharingService } from './comcard-sharing.service.js';
import { EmailSendingService } from './email-sending.service.js';
import { EmailTemplatesService } from './email-templates.service.js';

const IDEMPOTENCY_KEY = ApiIdempotencyKey('e-mail');

const SEND_FAILURES = ApiErrorResponses(400, {
  404: 'No such post or mail account',
  409: 'The account must be re-authenticated, the same send is in flight, or Gmail never confirmed an earlier try',
  422: 'The Idempotency-Key was used for a different e-mail',
  429: "The account's daily sending limit is reached",
  502: 'Gmail failed, or did not answer (the e-mail may have gone out)',
});

/** E-mail templates and sending (spec §7 E-mail templates). */
@ApiTags('email-templates')
@ApiBearerAuth()
@ApiErrorResponses(403)
@Controller('email-templates')
export class EmailTemplatesController {
  constructor(
    private readonly templates: EmailTemplatesService,
    private readonly sending: EmailSendingService,
    private readonly sharing: ComcardSharingService,
  ) {}

  @Get()
  @ApiOkResponse({ type: [EmailTemplateDto] })
  list(): Promise<EmailTemplateDto[]> {
    return this.templates.list();
  }

  @Post()
  @ApiCreatedResponse({ type: EmailTemplateDto, description: 'The first template becomes the default' })
  @ApiErrorResponses(400)
  create(@Body() body: SaveEmailTemplateDto): Promise<EmailTemplateDto> {
    return this.templates.create(body);
  }

  @Post('preview')
  @HttpCode(200)
  @ApiOkResponse({ type: EmailPreviewDto, description: 'The e-mail exactly as it would be sent' })
  @ApiErrorResponses(400, 404)
  preview(@CurrentPrincipal() principal: Principal, @Body() body: PreviewEmailDto): Promise<EmailPreviewDto> {
    return this.sending.preview(principal, body);
  }

  @Get('comcard-sharing')
  @ApiOkResponse({
    type: ComcardSharingDto,
    description: "The selected models' Drive links a customer could not open, checked before sending",
  })
  @ApiErrorResponses(400, 404)
  comcardSharing(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ComcardSharingQueryDto,
  ): Promise<ComcardSharingDto> {
    return this.sharing.check(principal, query.postId, query.accountId);
  }

  @Post('send')
  @HttpCode(200)
  @IDEMPOTENCY_KEY
  @ApiOkResponse({ type: SendEmailResultDto })
  @SEND_FAILURES
  send(
    @CurrentPrincipal() principal: Principal,
    @Body() body: SendEmailDto,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<SendEmailResultDto> {
    return this.sending.send(principal, body, idempotencyKey);
  }

  @Post('send-test')
  @HttpCode(200)
  @ApiOkResponse({
    type: SendTestEmailResultDto,
    description: "A copy to the signed-in staff member's own address; not logged as a send to the post",
  })
  @SEND_FAILURES
  sendTest(@CurrentPrincipal() principal: Principal, @Body() body: SendTestEmailDto): Promise<SendTestEmailResultDto> {
    return this.sending.sendTest(principal, body);
  }

  @Post('default')
  @HttpCode(200)
  @IDEMPOTENCY_KEY
  @ApiOkResponse({ type: SendEmailResultDto, description: 'Sent with the default template' })
  @SEND_FAILURES
  sendDefault(
    @CurrentPrincipal() principal: Principal,
    @Body() body: SendDefaultEmailDto,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<SendEmailResultDto> {
    return this.sending.sendDefault(principal, body, idempotencyKey);
  }

  @Post('set-default/:id')
  @HttpCode(200)
  @ApiOkResponse({ type: EmailTemplateDto })
  @ApiErrorResponses(404)
  setDefault(@Param('id', IdParamPipe) id: number): Promise<EmailTemplateDto> {
    return this.templates.setDefault(id);
  }

  @Put(':id')
  @ApiOkResponse({ type: EmailTemplateDto })
  @ApiErrorResponses(400, 404, {
    409: 'Stale: someone changed the fields since the version given (details.conflictingFields, details.current)',
  })
  update(@Param('id', IdParamPipe) id: number, @Body() body: UpdateEmailTemplateDto): Promise<EmailTemplateDto> {
    return this.templates.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleting the default hands it to the most recently edited other template' })
  @ApiErrorResponses(404)
  async remove(@Param('id', IdParamPipe) id: number): Promise<void> {
    await this.templates.remove(id);
  }
}
