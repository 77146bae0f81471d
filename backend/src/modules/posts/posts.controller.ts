import { applyDecorators, Body, Controller, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses } from '../../platform/http/api-error-responses.js';
import { PostDto, PostListDto } from './dto/post.dto.js';
import {
  pageSizeOf,
  PostDateFilterQueryDto,
  PostFilterQueryDto,
  PostPageQueryDto,
  PostSearchQueryDto,
  SentEmailsQueryDto,
} from './dto/post-query.dto.js';
import { AddMemoDto, UpdatePostDto } from './dto/update-post.dto.js';
import { type PageRequest, PostsService } from './posts.service.js';

const pageOf = (query: PostPageQueryDto): PageRequest => ({
  page: query.page,
  pageSize: pageSizeOf(query),
  sortOrder: query.sortOrder,
});

/** A post list: answered as the UTF-8 JSON the service made (or kept), so the route sets the type itself. */
const PostList = (description: string) =>
  applyDecorators(
    Header('Content-Type', 'application/json; charset=utf-8'),
    ApiOkResponse({ type: PostListDto, description }),
  );

const POST_ID = ApiParam({ name: 'postId', description: "The post's postId (the sheet's post id or url-…)" });

/** The dashboard's post lists, sent e-mails, favourites and memos (spec §7 "Posts and accounts"). */
@ApiTags('posts')
@ApiBearerAuth()
@ApiErrorResponses(400, 401, 403)
@Controller('posts')
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  @Get()
  @PostList('Newest post date first')
  list(@Query() query: PostPageQueryDto): Promise<Buffer> {
    return this.posts.list({}, pageOf(query));
  }

  @Get('search')
  @PostList('Posts containing the keyword in the chosen scope')
  search(@Query() query: PostSearchQueryDto): Promise<Buffer> {
    return this.posts.list({ keyword: query.query, scope: query.category, gender: query.filter }, pageOf(query));
  }

  @Get('filter')
  @PostList('Posts of one recruitment gender')
  filter(@Query() query: PostFilterQueryDto): Promise<Buffer> {
    return this.posts.list({ gender: query.recruitmentGender }, pageOf(query));
  }

  @Get('datefilter')
  @PostList('Posts dated from startDate to endDate, both included (Korean days)')
  dateFilter(@Query() query: PostDateFilterQueryDto): Promise<Buffer> {
    return this.posts.listByDate(query.startDate, query.endDate, query.activeFilter, pageOf(query));
  }

  @Get('sent-emails')
  @PostList('Posts with a sent e-mail, most recently e-mailed first')
  sentEmails(@Query() query: SentEmailsQueryDto): Promise<Buffer> {
    return this.posts.listSent(query.senderId, pageOf(query));
  }

  @Get('favorites')
  @PostList('Favourite posts, newest post date first')
  favorites(@Query() query: PostPageQueryDto): Promise<Buffer> {
    return this.posts.list({ favoritesOnly: true }, pageOf(query));
  }

  @Put(':postId')
  @POST_ID
  @ApiOkResponse({ type: PostDto })
  @ApiErrorResponses({ 404: 'Post not found' })
  update(@Param('postId') postId: string, @Body() body: UpdatePostDto): Promise<PostDto> {
    return this.posts.update(postId, { isFavorite: body.isFavorite, memo: body.memo });
  }

  @Post('addMemo/:postId')
  @HttpCode(200)
  @POST_ID
  @ApiOkResponse({ type: PostDto })
  @ApiErrorResponses({ 404: 'Post not found' })
  addMemo(@Param('postId') postId: string, @Body() body: AddMemoDto): Promise<PostDto> {
    return this.posts.update(postId, { memo: body.memo });
  }
}
