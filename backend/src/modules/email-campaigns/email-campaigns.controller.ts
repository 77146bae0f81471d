import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../../platform/http/auth-decorators.js';
import { ApiErrorResponses } from '../../platform/http/api-error-responses.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';
import { ApiIdempotencyKey, IdempotencyKey } from '../../platform/http/idempotency-key.js';
import {
  CampaignPreviewDto,
  CreateEmailCampaignDto,
  EmailCampaignDetailDto,
  EmailCampaignListDto,
  EmailCampaignQueryDto,
  EmailCampaignReviewDto,
  PreviewCampaignEmailDto,
  ReviewEmailCampaignDto,
} from './dto/email-campaign.dto.js';
import { EmailCampaignsService } from './email-campaigns.service.js';

/** E-mail campaigns: one e-mail to each selected post's customer, reviewed, then sent by the worker within Gmail's limits. */
@ApiTags('email-campaigns')
@ApiBearerAuth()
@ApiErrorResponses(401, 403)
@Controller('email-campaigns')
export class EmailCampaignsController {
  constructor(private readonly campaigns: EmailCampaignsService) {}

  @Post('review')
  @HttpCode(200)
  @ApiOkResponse({
    type: EmailCampaignReviewDto,
    description: 'The campaign as POST email-campaigns would make it now; nothing is recorded or sent',
  })
  @ApiErrorResponses(400, { 404: 'No such template or mail account' })
  review(
    @CurrentPrincipal() principal: Principal,
    @Body() body: ReviewEmailCampaignDto,
  ): Promise<EmailCampaignReviewDto> {
    return this.campaigns.review(principal, body);
  }

  @Post('review/preview')
  @HttpCode(200)
  @ApiOkResponse({ type: CampaignPreviewDto, description: "One recipient's e-mail exactly as it would be sent" })
  @ApiErrorResponses(404, { 400: 'The post would be left out (the reason)' })
  preview(
    @CurrentPrincipal() principal: Principal,
    @Body() body: PreviewCampaignEmailDto,
  ): Promise<CampaignPreviewDto> {
    return this.campaigns.preview(principal, body);
  }

  @Post()
  @ApiIdempotencyKey('campaign')
  @ApiCreatedResponse({
    type: EmailCampaignDetailDto,
    description: 'Made and queued, its recipients frozen; follow it with GET email-campaigns/{id}',
  })
  @ApiErrorResponses({
    400: 'Invalid posts, time or choice; every post left out (details.leftOut)',
    404: 'No such template or mail account',
    409: "overQuota 'refuse' and more recipients than the account has left today; the account must be re-authenticated",
    422: 'The Idempotency-Key was used for a different campaign',
    503: 'The queue could not be reached; nothing was sent',
  })
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateEmailCampaignDto,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<EmailCampaignDetailDto> {
    return this.campaigns.create(principal, body, idempotencyKey);
  }

  @Get()
  @ApiOkResponse({
    type: EmailCampaignListDto,
    description: 'Newest first, with the count of recipients in each state',
  })
  list(@Query() query: EmailCampaignQueryDto): Promise<EmailCampaignListDto> {
    return this.campaigns.list(query);
  }

  @Get(':id')
  @ApiOkResponse({ type: EmailCampaignDetailDto })
  @ApiErrorResponses(404)
  get(@Param('id', IdParamPipe) id: number): Promise<EmailCampaignDetailDto> {
    return this.campaigns.get(id);
  }

  @Post(':id/pause')
  @HttpCode(200)
  @ApiOkResponse({
    type: EmailCampaignDetailDto,
    description: 'No further e-mail goes until it is resumed (one being handed to Gmail finishes)',
  })
  @ApiErrorResponses(404, { 409: 'Paused already, finished or cancelled' })
  pause(@Param('id', IdParamPipe) id: number): Promise<EmailCampaignDetailDto> {
    return this.campaigns.command(id, 'pause');
  }

  @Post(':id/resume')
  @HttpCode(200)
  @ApiOkResponse({
    type: EmailCampaignDetailDto,
    description: 'Running again (or scheduled again, when paused before its time)',
  })
  @ApiErrorResponses(404, { 409: 'Not paused, finished or cancelled; or the account must be re-authenticated first' })
  resume(@Param('id', IdParamPipe) id: number): Promise<EmailCampaignDetailDto> {
    return this.campaigns.command(id, 'resume');
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOkResponse({
    type: EmailCampaignDetailDto,
    description: 'Its pending recipients are skipped; those sent stay sent',
  })
  @ApiErrorResponses(404, { 409: 'Finished or cancelled already' })
  cancel(@Param('id', IdParamPipe) id: number): Promise<EmailCampaignDetailDto> {
    return this.campaigns.command(id, 'cancel');
  }
}
