import { TasksModule } from '@intranet/tasks-server';
import { main, runService } from '@intranet/platform-host';

// Distributed mode: the tasks domain as its own NATS microservice (DESIGN §1, §3).
await main('tasks-service', (config) => runService(TasksModule, config));
