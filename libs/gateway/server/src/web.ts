import { Errors } from '@intranet/platform-errors';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** DI token of the built shell's folder (dist/web/shell). */
export const SHELL_DIR = Symbol('ShellDir');

/** SPA fallback: every screen of §2 is a client-side route, so any other GET answers the shell's index.html. */
@Controller()
export class WebController {
  constructor(@Inject(SHELL_DIR) private readonly shell: string) {}

  @Get('/*')
  page(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    // A missing asset is a 404, not the app page (a stale bundle must fail loudly, not parse HTML as JS).
    if (/^\/(static|remotes)\//.test(req.url) || /\.[a-z0-9]{1,5}(\?|$)/i.test(req.url)) throw Errors.notFound();
    return (reply as FastifyReply & { sendFile: (f: string, root: string) => FastifyReply }).type('text/html').sendFile('index.html', this.shell);
  }
}
