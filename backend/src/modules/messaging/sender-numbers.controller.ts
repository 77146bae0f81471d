import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../../platform/http/auth-decorators.js';
import { ApiErrorResponses } from '../../platform/http/api-error-responses.js';
import { ErrorResponseDto } from '../../platform/http/error-response.dto.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';
import { CreateSenderNumberDto, SenderNumberDto, UpdateSenderNumberDto } from './dto/sender-number.dto.js';
import { SenderNumbersService } from './sender-numbers.service.js';

/** The signed-in staff member's sender numbers (spec §7, Phone Number Manager). */
@ApiTags('messaging')
@ApiBearerAuth()
@ApiErrorResponses(401, 403)
@Controller('user-phone-numbers')
export class SenderNumbersController {
  constructor(private readonly numbers: SenderNumbersService) {}

  @Get()
  @ApiOkResponse({ type: [SenderNumberDto] })
  list(@CurrentPrincipal() principal: Principal): Promise<SenderNumberDto[]> {
    return this.numbers.list(principal.userId);
  }

  @Get('get/isSelected')
  @ApiOkResponse({ type: SenderNumberDto, description: 'The default number; null when none is registered' })
  selected(@CurrentPrincipal() principal: Principal): Promise<SenderNumberDto | null> {
    return this.numbers.selected(principal.userId);
  }

  @Post()
  @ApiCreatedResponse({ type: SenderNumberDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'A required field is empty, or ten numbers are registered already',
  })
  @ApiErrorResponses({ 409: 'The number is registered already' })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateSenderNumberDto): Promise<SenderNumberDto> {
    return this.numbers.create(principal.userId, body);
  }

  @Put(':id')
  @ApiOkResponse({ type: SenderNumberDto, description: 'Now the default number' })
  @ApiErrorResponses(404)
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id', IdParamPipe) id: number,
    @Body() _body: UpdateSenderNumberDto,
  ): Promise<SenderNumberDto> {
    return this.numbers.makeDefault(principal.userId, id);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiErrorResponses(404)
  remove(@CurrentPrincipal() principal: Principal, @Param('id', IdParamPipe) id: number): Promise<void> {
    return this.numbers.remove(principal.userId, id);
  }
}
