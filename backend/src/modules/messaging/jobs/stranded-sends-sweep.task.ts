import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MaintenanceTasks } from '../../../platform/queue/maintenance.js';
import { SWEEP_SENDS_EVERY_MS, SWEEP_SENDS_JOB } from '../message-send.job.js';
import { MessageSendsService } from '../message-sends.service.js';

/** Every minute: sends no job would finish get their job again, or fail as it did (MessageSendsService.sweep). */
@Injectable()
export class StrandedSendsSweepTask implements OnModuleInit {
  constructor(
    private readonly sends: MessageSendsService,
    private readonly tasks: MaintenanceTasks,
  ) {}

  onModuleInit(): void {
    this.tasks.register({
      name: SWEEP_SENDS_JOB,
      everyMs: SWEEP_SENDS_EVERY_MS,
      run: async () => ({ mended: await this.sends.sweep() }),
    });
  }
}
