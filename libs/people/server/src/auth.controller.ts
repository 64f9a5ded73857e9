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

  @RouteHandler(peopleRoutes.authLogin)
  authLogin(input: RouteInput<typeof peopleRoutes.authLogin>, ctx: RequestContext) {
    return this.auth.login(input, ctx);
  }

  @RouteHandler(peopleRoutes.authLoginPage)
  authLoginPage(input: RouteInput<typeof peopleRoutes.authLoginPage>, ctx: RequestContext) {
    return this.auth.loginPage(input, ctx);
  }

  @RouteHandler(peopleRoutes.authLogout)
  authLogout(input: RouteInput<typeof peopleRoutes.authLogout>, ctx: RequestContext) {
    return this.auth.logout(input, ctx);
  }

  @RouteHandler(peopleRoutes.authForgot)
  authForgot(input: RouteInput<typeof peopleRoutes.authForgot>, ctx: RequestContext) {
    return this.auth.forgotPassword(input, ctx);
  }

  @RouteHandler(peopleRoutes.authReset)
  authReset(input: RouteInput<typeof peopleRoutes.authReset>, ctx: RequestContext) {
    return this.auth.resetPassword(input, ctx);
  }

  @RouteHandler(peopleRoutes.authResetCheck)
  authResetCheck(input: RouteInput<typeof peopleRoutes.authResetCheck>, ctx: RequestContext) {
    return this.auth.resetPasswordCheck(input, ctx);
  }

  @RouteHandler(peopleRoutes.authResetHard)
  authResetHard(input: RouteInput<typeof peopleRoutes.authResetHard>, ctx: RequestContext) {
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
