import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../../platform/http/auth-decorators.js';
import { ApiErrorResponses } from '../../platform/http/api-error-responses.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';
import {
  CreateFriendRequestBatchDto,
  FriendRequestBatchDto,
  FriendRequestBatchListDto,
  FriendRequestBatchQueryDto,
  FriendRequestItemDto,
  KakaoResultDto,
  SaveKakaoListDto,
  UpdateFriendRequestItemDto,
} from './dto/kakao.dto.js';
import { KakaoBatchesService } from './kakao-batches.service.js';

/** KakaoTalk friend additions and chat-name corrections (spec §4, §5 Contacts). */
@ApiTags('contacts')
@ApiBearerAuth()
@ApiErrorResponses(400, 401, 403)
@Controller()
export class KakaoBatchesController {
  constructor(private readonly kakao: KakaoBatchesService) {}

  @Post('save-kakao-list')
  @HttpCode(200)
  @ApiOkResponse({
    type: KakaoResultDto,
    description:
      'filteredKakaoList or singleContact: a friend-request batch (end status 1); kakaoList: existing chat names kept (5); changedContacts: new chat names (3)',
  })
  save(@CurrentPrincipal() principal: Principal, @Body() body: SaveKakaoListDto): Promise<KakaoResultDto> {
    return this.kakao.saveKakaoList(body, principal.userId);
  }

  @Post('friend-request-batches')
  @ApiCreatedResponse({ type: KakaoResultDto })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateFriendRequestBatchDto): Promise<KakaoResultDto> {
    return this.kakao.requestFriends(body.contactIds, principal.userId);
  }

  @Get('friend-request-batches')
  @ApiOkResponse({ type: FriendRequestBatchListDto, description: 'The newest 200 batches with their counts' })
  async list(@Query() query: FriendRequestBatchQueryDto): Promise<FriendRequestBatchListDto> {
    return { data: await this.kakao.batches(query.addressBookId) };
  }

  @Get('friend-request-batches/:id')
  @ApiOkResponse({ type: FriendRequestBatchDto })
  @ApiErrorResponses(404)
  batch(@Param('id', IdParamPipe) id: number): Promise<FriendRequestBatchDto> {
    return this.kakao.batch(id);
  }

  @Put('friend-request-items/:id')
  @ApiOkResponse({ type: FriendRequestItemDto })
  @ApiErrorResponses(404)
  updateItem(
    @Param('id', IdParamPipe) id: number,
    @Body() body: UpdateFriendRequestItemDto,
  ): Promise<FriendRequestItemDto> {
    return this.kakao.updateItem(id, body.status, body.error);
  }
}
