import { Module } from '@nestjs/common';
import { PostsModule } from '../posts/posts.module.js';
import { ModelsService } from './models.service.js';

/** Models as a service: for the worker's imports and the e-mail sends. */
@Module({
  imports: [PostsModule],
  providers: [ModelsService],
  exports: [ModelsService],
})
export class ModelsModule {}
