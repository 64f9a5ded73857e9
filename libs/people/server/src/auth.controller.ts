import { Controller } from '@nestjs/common';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler, SubjectHandler } from '@intranet/platform-host';
import { peopleRoutes, peopleSubjects } from '@intranet/people-contract';
import type { z } from 'zod';
import { AuthService } from './auth.service.ts';
import { SessionsService } from './sessions.service.ts';

/** §7 Environment and session: sign-in, sign-out, password reset; the bus-only `peopleSubjects` (people.internal.*). */
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
  ) {}

  @RouteHandler(peopleRoutes.login)
  login(input: RouteInput<typeof peopleRoutes.login>, ctx: RequestContext) {
    return this.auth.login(input, ctx);
  }

  @RouteHandler(peopleRoutes.loginPage)
  loginPage(input: RouteInput<typeof peopleRoutes.loginPage>, ctx: RequestContext) {
    return this.auth.loginPage(input, ctx);
  }

  @RouteHandler(peopleRoutes.logout)
  logout(input: RouteInput<typeof peopleRoutes.logout>, ctx: RequestContext) {
    return this.auth.logout(input, ctx);
  }

  @RouteHandler(peopleRoutes.forgotPassword)
  forgotPassword(input: RouteInput<typeof peopleRoutes.forgotPassword>, ctx: RequestContext) {
    return this.auth.forgotPassword(input, ctx);
  }

  @RouteHandler(peopleRoutes.resetPassword)
  resetPassword(input: RouteInput<typeof peopleRoutes.resetPassword>, ctx: RequestContext) {
    return this.auth.resetPassword(input, ctx);
  }

  @RouteHandler(peopleRoutes.resetPasswordCheck)
  resetPasswordCheck(input: RouteInput<typeof peopleRoutes.resetPasswordCheck>, ctx: RequestContext) {
    return this.auth.resetPasswordCheck(input, ctx);
  }

  @RouteHandler(peopleRoutes.resetPasswordHard)
  resetPasswordHard(input: RouteInput<typeof peopleRoutes.resetPasswordHard>, ctx: RequestContext) {
    return this.auth.resetPasswordHard(input, ctx);
  }

  @SubjectHandler(peopleSubjects.session)
  session(input: z.output<(typeof peopleSubjects)['session']['request']>) {
    return this.sessions.session(input);
  }

  @SubjectHandler(peopleSubjects.ensureSuperadmin)
  ensureSuperadmin(input: z.output<(typeof peopleSubjects)['ensureSuperadmin']['request']>) {
    return this.sessions.ensureSuperadmin(input);
  }

  @SubjectHandler(peopleSubjects.counts)
  counts() {
    return this.sessions.counts();
  }
}
