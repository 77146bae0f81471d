import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Global, Injectable, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { QueueName } from './queue-names.js';
import { QueueModule } from './queue.module.js';

/** A recurring clean-up: its job name on the maintenance queue, how often it runs, and the work (counts back). */
export interface MaintenanceTask {
  name: string;
  everyMs: number;
  run(): Promise<Record<string, number>>;
}

/**
 * The maintenance queue's tasks. A queue has one processor in a process (a second would take the first's jobs),
 * so each module registers its clean-ups here, in onModuleInit, and one processor runs them by job name.
 */
@Injectable()
export class MaintenanceTasks {
  private readonly tasks = new Map<string, MaintenanceTask>();

  register(task: MaintenanceTask): void {
    if (this.tasks.has(task.name)) throw new Error(`Maintenance task ${task.name} is registered twice`);
    this.tasks.set(task.name, task);
  }

  get(name: string): MaintenanceTask | undefined {
    return this.tasks.get(name);
  }

  all(): MaintenanceTask[] {
    return [...this.tasks.values()];
  }
}

@Processor(QueueName.Maintenance)
export class MaintenanceProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    private readonly tasks: MaintenanceTasks,
    @InjectQueue(QueueName.Maintenance) private readonly queue: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    for (const task of this.tasks.all())
      await this.queue.upsertJobScheduler(task.name, { every: task.everyMs }, { name: task.name });
  }

  async process(job: Job): Promise<Record<string, number>> {
    const task = this.tasks.get(job.name);
    if (!task) throw new Error(`Unknown maintenance job ${job.name}`);
    const result = await task.run();
    this.logger.log(`${task.name}: ${JSON.stringify(result)}`);
    return result;
  }
}

/** The maintenance queue's processor and its task list; only the worker process imports this. */
@Global()
@Module({
  imports: [QueueModule],
  providers: [MaintenanceTasks, MaintenanceProcessor],
  exports: [MaintenanceTasks],
})
export class MaintenanceModule {}
