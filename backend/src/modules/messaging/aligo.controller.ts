import { BadRequestException, Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { mobileDigits } from '@job-casting/rules';
import { ApiBearerAuth, ApiOkResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../../platform/http/auth-decorators.js';
import { ApiErrorResponses } from '../../platform/http/api-error-responses.js';
import { ErrorResponseDto } from '../../platform/http/error-response.dto.js';
import { ApiIdempotencyKey, IdempotencyKey } from '../../platform/http/idempotency-key.js';
import { GatewayRemainingDto, SendMassSmsDto, SendMassSmsResultDto } from './dto/message-send.dto.js';
import { BULK_MESSAGES, bulkAnswer } from './domain/bulk-answer.js';
import { MessageSendsService } from './message-sends.service.js';

/** The spec's bulk rule (spec §5): one text to 2 to 500 numbers. */
export const BULK_MIN = 2;
export const BULK_MAX = 500;
/** How long the call waits for the worker before answering with the counts so far: within the client's 20 s. */
const BULK_WAIT_MS = 15_000;

/** The spec's gateway calls (spec §7): the bulk send, and the account's remaining counts. */
@ApiTags('messaging')
@ApiBearerAuth()
@ApiErrorResponses(401, 403)
@Controller('aligo')
export class AligoController {
  constructor(private readonly sends: MessageSendsService) {}

  @Post('send-mass-sms')
  @HttpCode(200)
  @ApiOkResponse({
    type: SendMassSmsResultDto,
    description: 'Sent through the worker like every send; answered once every recipient has an outcome',
  })
  @ApiErrorResponses({ 400: BULK_MESSAGES.tooFew })
  @ApiUnprocessableEntityResponse({
    type: ErrorResponseDto,
    description: 'The Idempotency-Key was used for a different send',
  })
  @ApiIdempotencyKey('bulk send')
  async sendMass(
    @CurrentPrincipal() principal: Principal,
    @Body() body: SendMassSmsDto,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<SendMassSmsResultDto> {
    // Numbers, not entries: one number written twice is one recipient.
    const numbers = new Set(body.recipients.map((phone) => mobileDigits(phone) ?? phone)).size;
    if (numbers < BULK_MIN) throw new BadRequestException(BULK_MESSAGES.tooFew);
    if (numbers > BULK_MAX) throw new BadRequestException(BULK_MESSAGES.tooMany);
    const created = await this.sends.create(
      principal,
      { sender: body.sender, recipients: body.recipients.map((phone) => ({ phone, text: body.message })) },
      idempotencyKey,
    );
    const send = await this.sends.settled(created.id, principal, BULK_WAIT_MS);
    // The reason of the first failure, so that a send nobody got says why (bad credentials, a sender not registered).
    const firstFailure =
      send.counts.failed > 0
        ? ((await this.sends.deliveries(send.id, { status: 'failed', page: 1, pageSize: 1 })).data[0]?.error ?? null)
        : null;
    return bulkAnswer(send, firstFailure);
  }

  @Get('remain')
  @ApiOkResponse({ type: GatewayRemainingDto })
  remain(@CurrentPrincipal() principal: Principal): Promise<GatewayRemainingDto> {
    return this.sends.remaining(principal.userId);
  }
}
