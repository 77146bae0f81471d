import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../../platform/http/auth-decorators.js';
import { ApiErrorResponses } from '../../platform/http/api-error-responses.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';
import {
  ModelDto,
  PostSelectedModelsDto,
  SaveModelDto,
  SelectedModelsQueryDto,
  SelectModelsDto,
  UpdateModelDto,
} from './dto/model.dto.js';
import { ModelsService } from './models.service.js';

/** The Model List dialog's models (spec §7 Models). */
@ApiTags('models')
@ApiBearerAuth()
@ApiErrorResponses(403)
@Controller('models')
export class ModelsController {
  constructor(private readonly models: ModelsService) {}

  @Get()
  @ApiOkResponse({ type: [ModelDto], description: 'Every model, by comcard number' })
  list(): Promise<ModelDto[]> {
    return this.models.list();
  }

  @Post()
  @ApiCreatedResponse({ type: ModelDto })
  @ApiErrorResponses(400, { 409: 'The comcard number is taken' })
  create(@Body() body: SaveModelDto): Promise<ModelDto> {
    return this.models.create(body);
  }

  @Put(':id')
  @ApiOkResponse({ type: ModelDto })
  @ApiErrorResponses(400, 404, {
    409: 'The comcard number is taken, or the save is stale: someone changed the fields since the version given (details.conflictingFields, details.current)',
  })
  update(@Param('id', IdParamPipe) id: number, @Body() body: UpdateModelDto): Promise<ModelDto> {
    return this.models.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiErrorResponses(404)
  async remove(@Param('id', IdParamPipe) id: number): Promise<void> {
    await this.models.remove(id);
  }
}

const POST_ID = ApiParam({ name: 'postId', description: "The post's postId" });

/** The models the signed-in staff member selected for a post (spec §4), kept on the server. */
@ApiTags('models')
@ApiBearerAuth()
@ApiErrorResponses(403, { 404: 'No such post (or model)' })
@Controller('posts/:postId/selected-models')
export class SelectedModelsController {
  constructor(private readonly models: ModelsService) {}

  @Get()
  @POST_ID
  @ApiOkResponse({ type: [ModelDto], description: 'In the order selected' })
  list(@CurrentPrincipal() principal: Principal, @Param('postId') postId: string): Promise<ModelDto[]> {
    return this.models.selectedFor(principal.userId, postId);
  }

  @Put()
  @POST_ID
  @ApiOkResponse({ type: [ModelDto], description: 'The selection as stored' })
  @ApiErrorResponses(400)
  select(
    @CurrentPrincipal() principal: Principal,
    @Param('postId') postId: string,
    @Body() body: SelectModelsDto,
  ): Promise<ModelDto[]> {
    return this.models.select(principal.userId, postId, body.modelIds);
  }

  @Delete(':modelId')
  @POST_ID
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The model is no longer selected for the post' })
  async deselect(
    @CurrentPrincipal() principal: Principal,
    @Param('postId') postId: string,
    @Param('modelId', IdParamPipe) modelId: number,
  ): Promise<void> {
    await this.models.deselect(principal.userId, postId, modelId);
  }
}

/** The selections of a page of posts in one read, so that the dashboard's cards name their models. */
@ApiTags('models')
@ApiBearerAuth()
@ApiErrorResponses(403)
@Controller('posts/selected-models')
export class PostsSelectedModelsController {
  constructor(private readonly models: ModelsService) {}

  @Get()
  @ApiOkResponse({
    type: [PostSelectedModelsDto],
    description:
      'One entry per postId given, in that order; no models for a post without a selection (or no such post)',
  })
  @ApiErrorResponses({ 400: 'postIds missing, more than 150, blank or longer than 100 characters' })
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: SelectedModelsQueryDto,
  ): Promise<PostSelectedModelsDto[]> {
    return this.models.selectedForPosts(principal.userId, query.postIds);
  }
}
