import { Controller } from '@nestjs/common';
import { kbRoutes } from '@intranet/kb-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { AssistantService } from './assistant.service.ts';

/** The AI assistant (issue 37): AI settings of the employee administration, and questions. */
@Controller()
export class AssistantController {
  constructor(private readonly assistant: AssistantService) {}

  /** kb.assistant.settings — GET api/kb/assistant/settings. */
  @RouteHandler(kbRoutes.assistantSettings)
  assistantSettings(_input: RouteInput<typeof kbRoutes.assistantSettings>, ctx: RequestContext) {
    return this.assistant.settings(ctx);
  }

  /** kb.assistant.configure — PUT api/kb/assistant/settings. */
  @RouteHandler(kbRoutes.assistantConfigure)
  assistantConfigure(input: RouteInput<typeof kbRoutes.assistantConfigure>, ctx: RequestContext) {
    return this.assistant.configure(input, ctx);
  }

  /** kb.assistant.ask — POST api/kb/assistant/ask. */
  @RouteHandler(kbRoutes.assistantAsk)
  assistantAsk(input: RouteInput<typeof kbRoutes.assistantAsk>, ctx: RequestContext) {
    return this.assistant.ask(input, ctx);
  }
}
