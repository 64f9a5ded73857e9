import { Inject, Injectable } from '@nestjs/common';
import { KB_ERRORS, kbEvents, type kbRoutes } from '@intranet/kb-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7 } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { mayReadResponses } from './access.ts';
import { ArticleSupport } from './article-support.service.ts';
import { ArticlesRepository } from './articles.repository.ts';
import { FileToolsService } from './file-tools.service.ts';
import { FilesRepository } from './files.repository.ts';
import { toResponse } from './mapping.ts';
import { MembersRepository } from './members.repository.ts';
import type { ArticleRow } from './schema.ts';
import { VacancyResponsesRepository } from './vacancies.repository.ts';
import { ViewerService } from './viewer.service.ts';

type In<K extends keyof typeof kbRoutes> = RouteInput<(typeof kbRoutes)[K]>;

/** A vacancy: a non-folder node of the vacancy section (§5 Vacancy). */
const isVacancy = (row: Pick<ArticleRow, 'section' | 'type'>) => row.section === 'vacancy' && row.type !== 'folder';

/** Responses to vacancies (§3 Vacancy response, §5 Vacancy): responding, and the list its receivers read. */
@Injectable()
export class VacanciesService {
  constructor(
    private readonly viewer: ViewerService,
    private readonly kit: ArticleSupport,
    private readonly articles: ArticlesRepository,
    private readonly files: FilesRepository,
    private readonly responseRows: VacancyResponsesRepository,
    private readonly members: MembersRepository,
    private readonly ft: FileToolsService,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
  ) {}

  /**
   * §7 POST api/article/vac_respond {article, message?, contacts?, cv?}: stores a response to a vacancy the caller
   * may read and publishes evt.kb.vacancy.responded to its receivers and its owner (author). §5: the response
   * needs a message, contacts or a CV; one response per person. Errors: 400 'Write a message, leave contacts or
   * attach a CV', 404, 'This is not a vacancy', 403, 409 'You have already responded to this vacancy'.
   */
  async vacRespond({ body }: In<'vacancyRespond'>, ctx: RequestContext) {
    const message = body.message?.trim() || null;
    const contacts = body.contacts?.trim() || null;
    if (!message && !contacts && !body.cv) throw Errors.fieldCoded('message', KB_ERRORS.responseEmpty);
    const out = await this.viewer.run(ctx, async (tx, r) => {
      const row = await this.articles.byId(tx, body.article);
      if (!row) throw Errors.notFound();
      if (!isVacancy(row)) throw Errors.fieldCoded('article', KB_ERRORS.notVacancy);
      await this.kit.open(tx, r, row.id);
      const id = uuidv7();
      // The unique index (article, user) refuses a second response, also from two requests at once.
      const resp = await this.responseRows.insert(tx, { id, clientId: r.clientId, articleId: row.id, userId: r.userId, message, contacts });
      if (!resp) throw Errors.conflictCoded('article', KB_ERRORS.alreadyResponded);
      const [cv] = body.cv ? await this.ft.attach(tx, r.clientId, row.id, 'cv', [body.cv], 'cv', id) : [];
      const owner = row.authorId ?? null;
      await this.outbox.add(tx, kbEvents.vacancyResponded, row.clientId, {
        vacancyId: row.id,
        title: row.title,
        responseId: resp.id,
        userId: resp.userId,
        userName: await this.members.nameOf(tx, r.userId),
        receivers: row.receivers,
        ownerId: owner,
        userIds: [...new Set([...row.receivers, ...(owner ? [owner] : [])])],
        cvKey: cv?.key ?? null,
      });
      return { row, resp, cv };
    });
    return toResponse(this.ft.sign, out.row.id, out.resp, out.cv);
  }

  /**
   * GET api/article/{id}/responses (addition to §7): the responses to a vacancy, newest first, each with the
   * responder's name and a signed CV link — for administrators and the vacancy's response receivers only.
   * Errors: 404 (absent, another client), 400 'This is not a vacancy', 403 'No access'.
   */
  responses({ params }: In<'vacancyResponses'>, ctx: RequestContext) {
    return this.viewer.run(ctx, async (tx, r) => {
      const row = await this.articles.byId(tx, params.id);
      if (!row) throw Errors.notFound();
      if (!isVacancy(row)) throw Errors.fieldCoded('id', KB_ERRORS.notVacancy);
      if (!mayReadResponses(r, row)) throw Errors.noAccess();
      const list = await this.responseRows.ofVacancy(tx, row.id);
      const cvs = list.length ? await this.files.ofKind(tx, row.id, 'cv') : [];
      const cvOf = new Map(cvs.map((f) => [f.responseId, f]));
      return list.map(({ resp, name }) => toResponse(this.ft.sign, row.id, resp, cvOf.get(resp.id), name ?? null));
    });
  }
}
