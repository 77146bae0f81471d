import { Module } from '@nestjs/common';
import { ModelsController, SelectedModelsController } from './models.controller.js';
import { ModelsModule } from './models.module.js';

/** The models' HTTP routes, for the API process. */
@Module({
  imports: [ModelsModule],
  controllers: [ModelsController, SelectedModelsController],
})
export class ModelsHttpModule {}
