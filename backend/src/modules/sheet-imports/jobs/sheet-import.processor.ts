import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QueueName } from '../../../platform/queue/queue-names.js';
import type { SheetImportJobData, SheetImportOutcome, SheetImportProgress } from '../sheet-import.job.js';
import { SheetImportRunsService } from '../sheet-import-runs.service.js';

/** Runs one sheet import (SheetImportRunsService), reporting the rows written as the job's progress. */
@Processor(QueueName.SheetImport)
export class SheetImportProcessor extends WorkerHost {
  constructor(private readonly runs: SheetImportRunsService) {
    super();
  }

  process(job: Job<SheetImportJobData>): Promise<SheetImportOutcome> {
    return this.runs.run(job.data, (done, total) => job.updateProgress({ done, total } satisfies SheetImportProgress));
  }
}
