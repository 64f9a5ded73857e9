import { Injectable } from '@nestjs/common';
import type { Tx } from '@intranet/platform-db';
import { desc, eq } from 'drizzle-orm';
import { members, vacancyResponses } from './schema.ts';

type VacancyResponseRow = typeof vacancyResponses.$inferSelect;

/** SQL of vacancy responses (§3 Vacancy response). */
@Injectable()
export class VacancyResponsesRepository {
  /** Stores the response; undefined when the user has responded to the vacancy already (unique index). */
  async insert(tx: Tx, row: typeof vacancyResponses.$inferInsert): Promise<VacancyResponseRow | undefined> {
    const [resp] = await tx
      .insert(vacancyResponses)
      .values(row)
      .onConflictDoNothing({ target: [vacancyResponses.articleId, vacancyResponses.userId] })
      .returning();
    return resp;
  }

  /** The responder of a response, if it exists. */
  async responder(tx: Tx, id: string): Promise<string | undefined> {
    const [resp] = await tx.select({ userId: vacancyResponses.userId }).from(vacancyResponses).where(eq(vacancyResponses.id, id));
    return resp?.userId;
  }

  /** The responses to a vacancy, newest first, with the responder's name from the members projection. */
  ofVacancy(tx: Tx, articleId: string) {
    return tx
      .select({ resp: vacancyResponses, name: members.fullName })
      .from(vacancyResponses)
      .leftJoin(members, eq(members.id, vacancyResponses.userId))
      .where(eq(vacancyResponses.articleId, articleId))
      .orderBy(desc(vacancyResponses.createdAt), desc(vacancyResponses.id));
  }
}
