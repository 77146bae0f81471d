import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../../platform/http/auth-decorators.js';
import { ApiErrorResponses } from '../../platform/http/api-error-responses.js';
import { ErrorResponseDto } from '../../platform/http/error-response.dto.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';
import { ApiIdempotencyKey, IdempotencyKey } from '../../platform/http/idempotency-key.js';
import {
  CreateMessageSendDto,
  DeliveryEventsDto,
  DeliveryListDto,
  DeliveryQueryDto,
  MessageSendDto,
  MessageSendListDto,
  MessageSendQueryDto,
  ResendQueryDto,
  SendPreviewDto,
} from './dto/message-send.dto.js';
import { MessageSendsService } from './message-sends.service.js';

/** Sends of personalised texts, now or scheduled, and their results (the message-results page). */
@ApiTags('messaging')
@ApiBearerAuth()
@ApiErrorResponses(401, 403)
@Controller('message-sends')
export class MessageSendsController {
  constructor(private readonly sends: MessageSendsService) {}

  @Post()
  @HttpCode(202)
  @ApiAcceptedResponse({
    type: MessageSendDto,
    description: 'Recorded and queued; follow it with GET message-sends/{id}',
  })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description:
      'A recipient, text, file, time or sender that cannot be sent; the night rule; every recipient left out; too little left at the gateway',
  })
  @ApiUnprocessableEntityResponse({
    type: ErrorResponseDto,
    description: 'The Idempotency-Key was used for a different send',
  })
  @ApiServiceUnavailableResponse({
    type: ErrorResponseDto,
    description: 'The queue could not be reached; nothing was sent',
  })
  @ApiIdempotencyKey('send')
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateMessageSendDto,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<MessageSendDto> {
    return this.sends.create(principal, body, idempotencyKey);
  }

  @Post('preview')
  @HttpCode(200)
  @ApiOkResponse({
    type: SendPreviewDto,
    description: 'The send as POST message-sends would make it, with the same body; nothing is recorded or sent',
  })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'A recipient, text, file, time or sender that cannot be sent',
  })
  preview(@CurrentPrincipal() principal: Principal, @Body() body: CreateMessageSendDto): Promise<SendPreviewDto> {
    return this.sends.preview(principal, body);
  }

  @Get()
  @ApiOkResponse({ type: MessageSendListDto })
  list(@CurrentPrincipal() principal: Principal, @Query() query: MessageSendQueryDto): Promise<MessageSendListDto> {
    return this.sends.list(query, principal);
  }

  @Get(':id')
  @ApiOkResponse({ type: MessageSendDto })
  @ApiErrorResponses(404)
  get(@CurrentPrincipal() principal: Principal, @Param('id', IdParamPipe) id: number): Promise<MessageSendDto> {
    return this.sends.get(id, principal);
  }

  @Get(':id/deliveries')
  @ApiOkResponse({ type: DeliveryListDto })
  @ApiErrorResponses(404)
  deliveries(@Param('id', IdParamPipe) id: number, @Query() query: DeliveryQueryDto): Promise<DeliveryListDto> {
    return this.sends.deliveries(id, query);
  }

  @Get(':id/resend')
  @ApiOkResponse({
    type: CreateMessageSendDto,
    description: 'The body of a send of its failed messages, to review (preview) and send with resendOf',
  })
  @ApiErrorResponses(404, { 409: 'No message of the send has failed' })
  resend(
    @CurrentPrincipal() principal: Principal,
    @Param('id', IdParamPipe) id: number,
    @Query() query: ResendQueryDto,
  ): Promise<CreateMessageSendDto> {
    return this.sends.resendBody(id, principal.userId, query.channel);
  }

  @Get(':id/deliveries/:deliveryId/events')
  @ApiOkResponse({
    type: DeliveryEventsDto,
    description: "One message's path: taken by the gateway, then delivered, failed (with the reason) or unknown",
  })
  @ApiErrorResponses(404)
  deliveryEvents(
    @Param('id', IdParamPipe) id: number,
    @Param('deliveryId', IdParamPipe) deliveryId: number,
  ): Promise<DeliveryEventsDto> {
    return this.sends.deliveryEvents(id, deliveryId);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageSendDto })
  @ApiErrorResponses(404, { 409: 'The send has started' })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: 'Only the staff member who made the send, or a superadmin, may cancel it',
  })
  cancel(@CurrentPrincipal() principal: Principal, @Param('id', IdParamPipe) id: number): Promise<MessageSendDto> {
    return this.sends.cancel(principal, id);
  }
}
