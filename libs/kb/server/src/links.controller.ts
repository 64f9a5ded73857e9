import { Controller } from '@nestjs/common';
import { kbRoutes } from '@intranet/kb-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { LinksService } from './links.service.ts';

/** §7 Link blocks and their links. */
@Controller()
export class LinksController {
  constructor(private readonly links: LinksService) {}

  @RouteHandler(kbRoutes.linksGet)
  linksGet(input: RouteInput<typeof kbRoutes.linksGet>, ctx: RequestContext) {
    return this.links.linksBlockGet(input, ctx);
  }

  @RouteHandler(kbRoutes.linksList)
  linksList(input: RouteInput<typeof kbRoutes.linksList>, ctx: RequestContext) {
    return this.links.linksBlockList(input, ctx);
  }

  @RouteHandler(kbRoutes.linksToggle)
  linksToggle(input: RouteInput<typeof kbRoutes.linksToggle>, ctx: RequestContext) {
    return this.links.linksBlockToggle(input, ctx);
  }

  @RouteHandler(kbRoutes.linksAdd)
  linksAdd(input: RouteInput<typeof kbRoutes.linksAdd>, ctx: RequestContext) {
    return this.links.linkAdd(input, ctx);
  }

  @RouteHandler(kbRoutes.linksUpdate)
  linksUpdate(input: RouteInput<typeof kbRoutes.linksUpdate>, ctx: RequestContext) {
    return this.links.linkUpdate(input, ctx);
  }

  @RouteHandler(kbRoutes.linksDelete)
  linksDelete(input: RouteInput<typeof kbRoutes.linksDelete>, ctx: RequestContext) {
    return this.links.linkDelete(input, ctx);
  }
}
