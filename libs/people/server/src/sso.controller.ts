import { Controller } from '@nestjs/common';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { ssoRoutes } from '@intranet/people-contract/sso';
import { SsoService } from './sso.service.ts';

type In<K extends keyof typeof ssoRoutes> = RouteInput<(typeof ssoRoutes)[K]>;

/** Single sign-on routes (issue 37, §7 POST api/outlook/login; Google: POST api/google/login). */
@Controller()
export class SsoController {
  constructor(private readonly sso: SsoService) {}

  @RouteHandler(ssoRoutes.ssoProvidersList)
  ssoProvidersList(input: In<'ssoProvidersList'>) {
    return this.sso.providers(input);
  }

  @RouteHandler(ssoRoutes.ssoStart)
  ssoStart(input: In<'ssoStart'>) {
    return this.sso.start(input);
  }

  @RouteHandler(ssoRoutes.ssoOutlookLogin)
  ssoOutlookLogin(input: In<'ssoOutlookLogin'>, ctx: RequestContext) {
    return this.sso.login('microsoft', input, ctx);
  }

  @RouteHandler(ssoRoutes.ssoGoogleLogin)
  ssoGoogleLogin(input: In<'ssoGoogleLogin'>, ctx: RequestContext) {
    return this.sso.login('google', input, ctx);
  }

  @RouteHandler(ssoRoutes.ssoSettings)
  ssoSettings(input: In<'ssoSettings'>, ctx: RequestContext) {
    return this.sso.settings(input, ctx);
  }

  @RouteHandler(ssoRoutes.ssoSettingsSave)
  ssoSettingsSave(input: In<'ssoSettingsSave'>, ctx: RequestContext) {
    return this.sso.save(input, ctx);
  }

  @RouteHandler(ssoRoutes.ssoSettingsDelete)
  ssoSettingsDelete(input: In<'ssoSettingsDelete'>, ctx: RequestContext) {
    return this.sso.remove(input, ctx);
  }
}
