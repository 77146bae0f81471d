import { Module } from '@nestjs/common';
import { ModelsController, PostsSelectedModelsController, SelectedModelsController } from './models.controller.js';
import { ModelsModule } from './models.module.js';

/** The models' HTTP routes, for the API process. */
@Module({
  imports: [ModelsModule],
  controllers: [ModelsController, SelectedModelsController, PostsSelectedModelsController],
})
export class ModelsHttpModule {}
