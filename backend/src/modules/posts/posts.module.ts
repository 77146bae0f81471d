import { Module } from '@nestjs/common';
import { PostListCounts } from './post-list-counts.js';
import { PostsController } from './posts.controller.js';
import { PostsService } from './posts.service.js';

@Module({
  controllers: [PostsController],
  providers: [PostsService, PostListCounts],
  exports: [PostsService],
})
export class PostsModule {}
