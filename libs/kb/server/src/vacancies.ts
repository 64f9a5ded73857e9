import { KB_TEXT, kbEvents, type kbRoutes } from '@intranet/kb-contract';
import type { RouteHandlers } from '@intranet/platform-bus';
import { uuidv7 } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import type { ArticleKit } from './article-kit.ts';
import { articleFilesRepository, articlesRepository as repo, vacancyResponsesRepository as responses } from './repository.ts';

type VacancyRoutes = Pick<typeof kbRoutes, 'vacRespond' | 'responses'>;

/** Responses to vacancies (§3 Vacancy response, §5 Vacancy): responding, and the list its receivers read. */
export function vacancyHandlers(kit: ArticleKit): RouteHandlers<VacancyRoutes> {
  const { ft, outbox, run, open } = kit;
  return {
    /**
     * §7 POST api/article/vac_respond {article, message?, contacts?, cv?}: stores a response to a vacancy the caller
     * may read and publishes evt.kb.vacancy.responded to its receivers and its owner (author). §5: the response
     * needs a message, contacts or a CV; one response per person. Errors: 400 'Write a message, leave contacts or
     * attach a CV', 404, 'This is not a vacancy', 403, 409 'You have already responded to this vacancy'.
     */
    vacRespond: async ({ body }, ctx) => {
      const message = body.message?.trim() || null;
      const contacts = body.contacts?.trim() || null;
      if (!message && !contacts && !body.cv) throw Errors.field('message', KB_TEXT.responseEmpty);
      const out = await run(ctx, async (tx, r) => {
        const row = await repo.byId(tx, body.article);
        if (!row) throw Errors.notFound();
        if (row.section !== 'vacancy' || row.type === 'folder') throw Errors.field('article', KB_TEXT.notVacancy);
        await open(tx, r, row.id);
        const id = uuidv7();
        // The unique index (article, user) refuses a second response, also from two requests at once.
        const resp = await responses.insert(tx, { id, clientId: r.clientId, articleId: row.id, userId: r.userId, message, contacts });
        if (!resp) throw Errors.conflict('article', KB_TEXT.alreadyResponded);
        const [cv] = body.cv ? await ft.attach(tx, r.clientId, row.id, 'cv', [body.cv], 'cv', id) : [];
        const owner = row.authorId ?? null;
        await outbox.add(tx, kbEvents.vacancyResponded, row.clientId, {
          vacancyId: row.id,
          title: row.title,
          responseId: resp.id,
          userId: resp.userId,
          userName: await responses.memberName(tx, r.userId),
          receivers: row.receivers,
          ownerId: owner,
          userIds: [...new Set([...row.receivers, ...(owner ? [owner] : [])])],
          cvKey: cv?.key ?? null,
        });
        return { row, resp, cv };
      });
      return {
        _id: out.resp.id,
        article: out.row.id,
        user: out.resp.userId,
        message: out.resp.message,
        contacts: out.resp.contacts,
        cv: out.cv ? ft.out(out.cv) : null,
        created: out.resp.createdAt.toISOString(),
      };
    },

    /**
     * GET api/article/{id}/responses (addition to §7): the responses to a vacancy, newest first, each with the
     * responder's name and a signed CV link — for administrators and the vacancy's response receivers only.
     * Errors: 404 (absent, another client), 400 'This is not a vacancy', 403 'No access'.
     */
    responses: async ({ params }, ctx) =>
      run(ctx, async (tx, r) => {
        const row = await repo.byId(tx, params.id);
        if (!row) throw Errors.notFound();
        if (row.section !== 'vacancy' || row.type === 'folder') throw Errors.field('id', KB_TEXT.notVacancy);
        if (!r.admin && !row.receivers.includes(r.userId)) throw Errors.noAccess();
        const list = await responses.ofVacancy(tx, row.id);
        const cvs = list.length ? await articleFilesRepository.ofKind(tx, row.id, 'cv') : [];
        const cvOf = new Map(cvs.map((f) => [f.responseId, f]));
        return list.map(({ resp, name }) => {
          const cv = cvOf.get(resp.id);
          return {
            _id: resp.id,
            article: row.id,
            user: resp.userId,
            userName: name ?? null,
            message: resp.message,
            contacts: resp.contacts,
            cv: cv ? ft.out(cv) : null,
            created: resp.createdAt.toISOString(),
          };
        });
      }),
  };
}
