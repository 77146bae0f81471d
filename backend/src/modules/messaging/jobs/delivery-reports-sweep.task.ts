import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MaintenanceTasks } from '../../../platform/queue/maintenance.js';
import { SWEEP_REPORTS_EVERY_MS, SWEEP_REPORTS_JOB } from '../delivery-report.job.js';
import { DeliveryReportsService } from '../delivery-reports.service.js';

/** Every five minutes: calls waiting for their delivery reports get their look-up again (DeliveryReportsService.sweep). */
@Injectable()
export class DeliveryReportsSweepTask implements OnModuleInit {
  constructor(
    private readonly reports: DeliveryReportsService,
    private readonly tasks: MaintenanceTasks,
  ) {}

  onModuleInit(): void {
    this.tasks.register({
      name: SWEEP_REPORTS_JOB,
      everyMs: SWEEP_REPORTS_EVERY_MS,
      run: async () => ({ mended: await this.reports.sweep() }),
    });
  }
}
