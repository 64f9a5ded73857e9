import { Controller } from '@nestjs/common';
import { clientLifecycleRoutes, lifeJobRoutes } from '@intranet/clients-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { ArchiveService } from './archive.service.ts';
import { LifecycleJobs } from './jobs.ts';
import { LifecycleService } from './lifecycle.service.ts';
import { SendsayService } from './sendsay.service.ts';

type In<K extends keyof typeof clientLifecycleRoutes> = RouteInput<(typeof clientLifecycleRoutes)[K]>;
type JobIn<K extends keyof typeof lifeJobRoutes> = RouteInput<(typeof lifeJobRoutes)[K]>;

/** A workspace's whole life (issue 36): one method per route of `clientLifecycleRoutes` and `lifeJobRoutes`, each only delegating. */
@Controller()
export class LifecycleController implements RouteHandlers<typeof clientLifecycleRoutes & typeof lifeJobRoutes> {
  constructor(
    private readonly life: LifecycleService,
    private readonly archives: ArchiveService,
    private readonly jobs: LifecycleJobs,
    private readonly sendsay: SendsayService,
  ) {}

  /** clients.job.start — POST api/clients/jobs. */
  @RouteHandler(lifeJobRoutes.jobStart)
  jobStart(input: JobIn<'jobStart'>, ctx: RequestContext) {
    return this.jobs.start(input, ctx);
  }

  /** clients.job.get — GET api/clients/jobs/{job}. */
  @RouteHandler(lifeJobRoutes.jobGet)
  jobGet(input: JobIn<'jobGet'>, ctx: RequestContext) {
    return this.jobs.get(input, ctx);
  }

  /** clients.client.exportAll — POST api/clients/export/all. */
  @RouteHandler(lifeJobRoutes.clientExportAll)
  clientExportAll(_input: JobIn<'clientExportAll'>, ctx: RequestContext) {
    return this.jobs.exportAll(ctx);
  }

  /** clients.maintenance.run — POST api/clients/{client}/maintenance/{task}. */
  @RouteHandler(lifeJobRoutes.maintenanceRun)
  maintenanceRun(input: JobIn<'maintenanceRun'>, ctx: RequestContext) {
    return this.life.maintenance(input, ctx);
  }

  /** clients.sendsay.exec — POST api/clients/exec_sendsay. */
  @RouteHandler(lifeJobRoutes.sendsayExec)
  sendsayExec(input: JobIn<'sendsayExec'>, ctx: RequestContext) {
    return this.sendsay.exec(input, ctx);
  }

  /** clients.job.list — GET api/clients/{id}/jobs. */
  @RouteHandler(lifeJobRoutes.jobList)
  jobList(input: JobIn<'jobList'>, ctx: RequestContext) {
    return this.jobs.list(input, ctx);
  }

  /** clients.client.export — POST api/clients/export/{client}. */
  @RouteHandler(clientLifecycleRoutes.clientExport)
  clientExport(input: In<'clientExport'>, ctx: RequestContext) {
    return this.archives.exportOne(input, ctx);
  }

  /** clients.client.import — POST api/clients/import/{workspace}. */
  @RouteHandler(clientLifecycleRoutes.clientImport)
  clientImport(input: In<'clientImport'>, ctx: RequestContext) {
    return this.archives.importOne(input, ctx);
  }

  /** clients.archive.adopt — POST api/clients/archives. */
  @RouteHandler(clientLifecycleRoutes.archiveAdopt)
  archiveAdopt(input: In<'archiveAdopt'>, ctx: RequestContext) {
    return this.archives.adopt(input, ctx);
  }

  /** clients.client.stat — GET api/clients/stat/{id}. */
  @RouteHandler(clientLifecycleRoutes.clientStat)
  clientStat(input: In<'clientStat'>, ctx: RequestContext) {
    return this.life.stat(input, ctx);
  }

  /** clients.client.filestat — GET api/clients/{id}/filestat. */
  @RouteHandler(clientLifecycleRoutes.clientFilestat)
  clientFilestat(input: In<'clientFilestat'>, ctx: RequestContext) {
    return this.life.filestat(input, ctx);
  }

  /** clients.collection.delete — DELETE api/clients/{client}/{collection}. */
  @RouteHandler(clientLifecycleRoutes.collectionDelete)
  collectionDelete(input: In<'collectionDelete'>, ctx: RequestContext) {
    return this.life.collectionDelete(input, ctx);
  }

  /** clients.client.fullDelete — DELETE api/clients/{id}/fullDelete. */
  @RouteHandler(clientLifecycleRoutes.clientFullDelete)
  clientFullDelete(input: In<'clientFullDelete'>, ctx: RequestContext) {
    return this.life.fullDelete(input, ctx);
  }

  /** clients.client.clone — POST api/clients/{old}/clone/{workspace}. */
  @RouteHandler(clientLifecycleRoutes.clientClone)
  clientClone(input: In<'clientClone'>, ctx: RequestContext) {
    return this.life.clone(input, ctx);
  }

  /** clients.client.hangedFiles — GET api/clients/hangedFilesByClient/{id}. */
  @RouteHandler(clientLifecycleRoutes.clientHangedFiles)
  clientHangedFiles(input: In<'clientHangedFiles'>, ctx: RequestContext) {
    return this.life.hangedFiles(input, ctx);
  }

  /** clients.file.delete — POST api/del_file. */
  @RouteHandler(clientLifecycleRoutes.fileDelete)
  fileDelete(input: In<'fileDelete'>, ctx: RequestContext) {
    return this.life.minioFilesDelete({ body: { files: [input.body.file] } } as In<'minioFilesDelete'>, ctx);
  }

  /** clients.minioFiles.delete — POST api/del_minio_files. */
  @RouteHandler(clientLifecycleRoutes.minioFilesDelete)
  minioFilesDelete(input: In<'minioFilesDelete'>, ctx: RequestContext) {
    return this.life.minioFilesDelete(input, ctx);
  }
}
