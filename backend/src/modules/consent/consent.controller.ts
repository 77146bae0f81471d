import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../../platform/http/auth-decorators.js';
import { ApiErrorResponses } from '../../platform/http/api-error-responses.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';
import { PageQueryDto } from '../../platform/http/pagination.js';
import { ConsentService } from './consent.service.js';
import { OutreachHistoryService } from './outreach-history.service.js';
import type { OptOutChannel, OptOutSource } from './domain/opt-out-rules.js';
import {
  BulkOptOutDto,
  ContactConsentDto,
  CreateOptOutDto,
  ExpiringConsentListDto,
  OptOutBatchResultDto,
  OptOutDto,
  OptOutImportQueryDto,
  OptOutListDto,
  OptOutQueryDto,
  OutreachHistoryDto,
  OutreachQueryDto,
  SetConsentDto,
  WithdrawOptOutDto,
} from './dto/consent.dto.js';

/** The opt-out (수신거부) and advertising consent register every staff member shares. */
@ApiTags('consent')
@ApiBearerAuth()
@ApiErrorResponses(401, 403)
@Controller()
export class ConsentController {
  constructor(
    private readonly consent: ConsentService,
    private readonly outreach: OutreachHistoryService,
  ) {}

  @Get('outreach-history')
  @ApiOkResponse({
    type: OutreachHistoryDto,
    description:
      "A person's outreach by phone number or e-mail address: what was sent, its opt-outs, its contacts and their consent",
  })
  @ApiErrorResponses({ 400: 'Not a phone number or an e-mail address' })
  history(@Query() query: OutreachQueryDto): Promise<OutreachHistoryDto> {
    return this.outreach.history(query);
  }

  @Get('opt-outs')
  @ApiOkResponse({
    type: OptOutListDto,
    description: 'Newest first, withdrawn ones included unless `active` says otherwise',
  })
  @ApiErrorResponses(400)
  list(@Query() query: OptOutQueryDto): Promise<OptOutListDto> {
    return this.consent.list(query);
  }

  @Post('opt-outs')
  @ApiCreatedResponse({
    type: OptOutDto,
    description: 'The opt-out in force (the earlier one when the address had already opted out of that channel)',
  })
  @ApiErrorResponses({ 400: 'Not a phone number or e-mail address, or an e-mail address opting out of texts' })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateOptOutDto): Promise<OptOutDto> {
    return this.consent.record(principal.userId, body);
  }

  @Post('opt-outs/bulk')
  @HttpCode(200)
  @ApiOkResponse({
    type: OptOutBatchResultDto,
    description: 'The lines recorded; the others are reported by their number',
  })
  @ApiErrorResponses(400)
  bulk(@CurrentPrincipal() principal: Principal, @Body() body: BulkOptOutDto): Promise<OptOutBatchResultDto> {
    return this.consent.bulk(principal.userId, body);
  }

  @Post('opt-out-imports')
  @HttpCode(200)
  @ApiConsumes('text/csv')
  @ApiBody({
    description: 'The file as saved (UTF-8, UTF-8 with BOM, UTF-16LE or CP949)',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiOkResponse({
    type: OptOutBatchResultDto,
    description: 'Imported at once (or, with dryRun, previewed): the rows recorded, and every rejected line with why',
  })
  @ApiErrorResponses({ 400: 'An empty file' })
  import(
    @CurrentPrincipal() principal: Principal,
    @Query() query: OptOutImportQueryDto,
    @Body() content: unknown,
  ): Promise<OptOutBatchResultDto> {
    const bytes = Buffer.isBuffer(content) ? content : Buffer.alloc(0);
    return this.consent.importCsv(
      principal.userId,
      bytes,
      query.channel as OptOutChannel,
      (query.source ?? 'csv') as OptOutSource,
      query.dryRun === 'true',
    );
  }

  @Post('opt-outs/:id/withdraw')
  @HttpCode(200)
  @ApiOkResponse({ type: OptOutDto, description: 'Withdrawn: it stops no send from now on, and stays in the register' })
  @ApiErrorResponses(404, { 409: 'Already withdrawn' })
  withdraw(
    @CurrentPrincipal() principal: Principal,
    @Param('id', IdParamPipe) id: number,
    @Body() body: WithdrawOptOutDto,
  ): Promise<OptOutDto> {
    return this.consent.withdraw(principal.userId, id, body.note);
  }

  @Get('contacts/:id/consent')
  @ApiOkResponse({
    type: [ContactConsentDto],
    description: "The contact's consent records, newest (the one in force) first; empty when none was recorded",
  })
  @ApiErrorResponses(404)
  consentHistory(@Param('id', IdParamPipe) id: number): Promise<ContactConsentDto[]> {
    return this.consent.consentHistory(id);
  }

  @Put('contacts/:id/consent')
  @ApiOkResponse({ type: ContactConsentDto, description: 'Recorded; the earlier records stay as its history' })
  @ApiErrorResponses(400, 404)
  setConsent(
    @CurrentPrincipal() principal: Principal,
    @Param('id', IdParamPipe) id: number,
    @Body() body: SetConsentDto,
  ): Promise<ContactConsentDto> {
    return this.consent.setConsent(principal.userId, id, body);
  }

  @Get('contacts/consent-expiring')
  @ApiOkResponse({
    type: ExpiringConsentListDto,
    description: 'Contacts whose advertising consent is older than two years, oldest first',
  })
  expiring(@Query() query: PageQueryDto): Promise<ExpiringConsentListDto> {
    return this.consent.consentExpiring(query.page, query.pageSize);
  }
}
