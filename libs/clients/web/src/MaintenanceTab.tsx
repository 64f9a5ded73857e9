import type { Client } from '@intranet/clients-contract';
import { ClientStats } from './ClientStats.tsx';
import { FullDeleteForm } from './FullDeleteForm.tsx';
import { HangedFiles } from './HangedFiles.tsx';
import { useJobs } from './api/job-list.ts';
import { LifeActions } from './LifeActions.tsx';
import { LifeJobs } from './LifeJobs.tsx';
import { MaintenanceMode } from './MaintenanceMode.tsx';
import { MaintenanceTasks } from './MaintenanceTasks.tsx';

/**
 * The client screen's maintenance tab (§2, issue 36; superadmin): statistics, maintenance mode, the maintenance
 * tasks, the long jobs with their progress, export, clone, import, files cleaning and the full delete with a typed
 * confirmation.
 */
export function MaintenanceTab({ client }: { client: Client }) {
  const jobs = useJobs(client._id);
  // The newest archive of this workspace: the import form's default.
  const lastArchive = (jobs.data?.find((j) => j.kind === 'export' && j.status === 'done')?.result as { key?: string } | null)?.key ?? null;
  return (
    <div className="clients-life" data-testid="client-maintenance">
      <ClientStats id={client._id} />
      <MaintenanceMode client={client} />
      <MaintenanceTasks id={client._id} />
      <LifeJobs id={client._id} />
      <LifeActions key={lastArchive ?? ''} client={client} lastArchive={lastArchive} />
      <HangedFiles id={client._id} />
      <FullDeleteForm client={client} />
    </div>
  );
}
